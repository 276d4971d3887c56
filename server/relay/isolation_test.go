package relay_test

import (
	"strings"
	"testing"
)

// TestRelay_TwoUsersNeverSeeEachOthersCachedAnswers has alice fill the
// relay's cache on every cached GET route, then has bob ask the same URLs
// through the relay: each answer must be the one the upstream gives bob
// directly (status and body), never alice's cached one.
func TestRelay_TwoUsersNeverSeeEachOthersCachedAnswers(t *testing.T) {
	p := startPair(t)
	alice := p.signIn(t, "alice@example.com")
	bob := p.signIn(t, "bob@example.com")
	importRecording(t, alice, "alice-rec", "unicorn")
	importRecording(t, bob, "bob-rec", "walrus")
	var chat struct {
		Data struct{ Session struct{ ID string } }
	}
	alice.MustOK("POST", "/api/v1/chat/message", map[string]any{"recordingId": "alice-rec", "message": "What about the unicorn?"}, &chat)
	if chat.Data.Session.ID == "" {
		t.Fatal("no chat session")
	}
	var folders struct {
		Data []struct{ ID string }
	}
	alice.MustOK("GET", "/api/v1/folders", nil, &folders)

	paths := []string{
		"/api/v1/recordings/dashboard",
		"/api/v1/recordings/dashboard?include_empty=true&limit=10",
		"/api/v1/recordings/alice-rec",
		"/api/v1/recordings/alice-rec?include=all",
		"/api/v1/folders",
		"/api/v1/summarizations/by-recording/alice-rec",
		"/api/v1/summarizations/s-alice-rec",
		"/api/v1/chat/session/alice-rec",
		"/api/v1/chat/session/" + chat.Data.Session.ID + "/messages",
	}
	if len(folders.Data) > 0 {
		paths = append(paths, "/api/v1/recordings/dashboard?folder_id="+folders.Data[0].ID)
	}
	bobDirect := p.direct(t, bob)
	for _, path := range paths {
		t.Run(path, func(t *testing.T) {
			for range 2 { // the second answer comes from the cache
				if r := alice.Do("GET", path, nil); r.Status != 200 {
					t.Fatalf("alice: %d %s", r.Status, r.Body)
				}
			}
			viaRelay := bob.Do("GET", path, nil)
			direct := bobDirect.Do("GET", path, nil)
			if viaRelay.Status != direct.Status || string(viaRelay.Body) != string(direct.Body) {
				t.Fatalf("bob through the relay: %d %s\nbob at the upstream: %d %s", viaRelay.Status, viaRelay.Body, direct.Status, direct.Body)
			}
			if strings.Contains(string(viaRelay.Body), "unicorn") {
				t.Fatalf("bob sees alice's data: %s", viaRelay.Body)
			}
		})
	}
	t.Run("alice's answers were hers", func(t *testing.T) {
		for _, path := range []string{"/api/v1/recordings/dashboard", "/api/v1/recordings/alice-rec", "/api/v1/summarizations/s-alice-rec", "/api/v1/folders"} {
			if r := alice.Do("GET", path, nil); !strings.Contains(string(r.Body), "unicorn") || strings.Contains(string(r.Body), "walrus") {
				t.Fatalf("%s for alice: %s", path, r.Body)
			}
		}
	})
}
