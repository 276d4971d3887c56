package app_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/tests/servertest"
)

// TestIDOR_AnotherUserReachesNoneOfMyResources signs in two people and has the
// second try every owner route against the first one's recording, folder,
// summarization and share link: each must answer 404 and change nothing.
func TestIDOR_AnotherUserReachesNoneOfMyResources(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	bob := s.SignIn(t, "bob@example.com")

	alice.MustOK("POST", "/api/v1/recordings", map[string]any{
		"recording":      map[string]any{"id": "alice-rec", "title": "Alice's secret plan", "folder": map[string]any{"name": "Private"}},
		"summarizations": map[string]any{"alice-sum": map[string]any{"v2Summary": "## Secret\nunicorn"}},
		"transcription": map[string]any{"segments": []any{
			map[string]any{"speaker": "SPEAKER_00", "text": "the unicorn budget", "start_time": 0, "end_time": 3},
			map[string]any{"speaker": "SPEAKER_01", "text": "alice's unnamed guest", "start_time": 3, "end_time": 5},
		}},
		// A person of alice's: bob's people, candidates and person filters must not see her.
		"speakers": map[string]any{"SPEAKER_00": map[string]any{"speakerProfile": map[string]any{"name": "Alice Liddell"}}},
	})
	var folder struct{ Data struct{ ID string } }
	alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Alice only"}, &folder)
	var link struct{ Token string }
	alice.MustOK("POST", "/api/v1/recordings/alice-rec/share", nil, &link)

	attempts := []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/v1/recordings/alice-rec?include=all", nil},
		{"PUT", "/api/v1/recordings/alice-rec", map[string]any{"title": "pwned"}},
		{"DELETE", "/api/v1/recordings/alice-rec", nil},
		{"DELETE", "/api/v1/recordings/alice-rec?permanent=true", nil},
		{"POST", "/api/v1/recordings/alice-rec/view", nil},
		{"GET", "/api/v1/recordings/alice-rec/export?format=json", nil},
		{"GET", "/api/v1/recordings/alice-rec/export?format=md", nil},
		{"GET", "/api/v1/summarizations/alice-sum", nil},
		{"GET", "/api/v1/summarizations/by-recording/alice-rec", nil},
		{"POST", "/api/v1/recordings/alice-rec/share", nil},
		{"GET", "/api/v1/recordings/alice-rec/shares", nil},
		{"DELETE", "/api/v1/share/" + link.Token, nil},
		{"POST", "/api/v1/folders", map[string]any{"name": "child", "parent_id": folder.Data.ID}},
		{"GET", "/api/v1/chat/recording/alice-rec/sessions", nil},
		{"POST", "/api/v1/chat/recording/alice-rec/sessions", nil},
	}
	for _, a := range attempts {
		t.Run(a.method+" "+a.path, func(t *testing.T) {
			r := bob.Do(a.method, a.path, a.body)
			if r.Status != 404 {
				t.Fatalf("got %d %s", r.Status, r.Body)
			}
		})
	}

	t.Run("lists and search show nothing of alice's", func(t *testing.T) {
		for _, path := range []string{
			"/api/v1/recordings/dashboard?include_empty=true",
			"/api/v1/recordings/dashboard?include_empty=true&folder_id=" + folder.Data.ID,
			"/api/v1/recordings/search?q=unicorn",
			"/api/v1/recordings/dashboard?person=Alice%20Liddell",
			"/api/v1/recordings/search?q=unicorn&person=Alice%20Liddell",
			"/api/v1/people",
			"/api/v1/people/candidates?name=Alice%20Liddell",
			"/api/v1/folders",
		} {
			r := bob.Do("GET", path, nil)
			// A failure would pass the leak check below without showing anything: the call must work.
			if r.Status != 200 || !strings.Contains(string(r.Body), `"success":true`) {
				t.Fatalf("%s = %d %s, want 200 with bob's (empty) answer", path, r.Status, r.Body)
			}
			if strings.Contains(string(r.Body), "alice") || strings.Contains(string(r.Body), "Alice") {
				t.Fatalf("%s leaked: %d %s", path, r.Status, r.Body)
			}
		}
	})

	t.Run("bob's backup holds nothing of alice's", func(t *testing.T) {
		r := bob.MustOK("GET", "/api/v1/export/backup", nil)
		zr, err := zip.NewReader(bytes.NewReader(r.Body), int64(len(r.Body)))
		if err != nil || len(zr.File) != 1 || zr.File[0].Name != "library.json" {
			t.Fatalf("bob's backup: %v, %d entries, want only his library", err, len(zr.File))
		}
		rc, _ := zr.File[0].Open()
		var lib struct{ Folders, Templates []json.RawMessage }
		err = json.NewDecoder(rc).Decode(&lib)
		rc.Close()
		if err != nil || len(lib.Folders) != 0 || len(lib.Templates) != 0 {
			t.Fatalf("bob's library holds %d folders and %d templates (%v), want none", len(lib.Folders), len(lib.Templates), err)
		}
	})

	t.Run("alice's resources are untouched", func(t *testing.T) {
		var d struct {
			Data struct{ Recording map[string]json.RawMessage }
		}
		alice.MustOK("GET", "/api/v1/recordings/alice-rec?include=all", nil, &d)
		if string(d.Data.Recording["title"]) != `"Alice's secret plan"` {
			t.Fatalf("title changed: %s", d.Data.Recording["title"])
		}
		s.NewClient(t).MustOK("GET", "/api/v1/share/shared/recording?token="+link.Token, nil)
	})
}
