package highlights_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/servertest"
)

type highlight struct {
	ID          string   `json:"id"`
	RecordingID string   `json:"recordingId"`
	Start       float64  `json:"start"`
	End         float64  `json:"end"`
	Text        string   `json:"text"`
	Note        string   `json:"note"`
	Speakers    []string `json:"speakers"`
	CreatedAt   string   `json:"createdAt"`
}

type envelope struct {
	Success bool   `json:"success"`
	Message string `json:"message"`
	Code    string `json:"code"`
}

// standup is a recording of three timed lines by two speakers.
func standup(id, folder string) map[string]any {
	rec := map[string]any{"id": id, "title": "Standup " + id, "recordingAt": "2026-05-01T10:00:00Z"}
	if folder != "" {
		rec["folder"] = folder
	}
	return map[string]any{
		"recording": rec,
		"speakers":  map[string]any{"SPEAKER_00": map[string]any{"speakerProfile": map[string]any{"name": "Ana"}}},
		"transcription": map[string]any{"segments": []any{
			map[string]any{"speaker": "SPEAKER_00", "text": "We ship on Friday.", "start_time": 0, "end_time": 4},
			map[string]any{"speaker": "SPEAKER_01", "text": "Then QA starts Monday.", "start_time": 4, "end_time": 8},
			map[string]any{"speaker": "SPEAKER_00", "text": "Budget is approved.", "start_time": 8, "end_time": 12},
		}},
	}
}

func create(t *testing.T, c *servertest.Client, rec string, body map[string]any) highlight {
	t.Helper()
	r := c.Do("POST", "/api/v1/recordings/"+rec+"/highlights", body)
	if r.Status != 201 {
		t.Fatalf("create = %d %s", r.Status, r.Body)
	}
	var out struct{ Data highlight }
	r.JSON(t, &out)
	return out.Data
}

func TestCreate_TakesTheTranscriptBetweenStartAndEnd(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", standup("r1", ""))
	h := create(t, alice, "r1", map[string]any{"start": 3.5, "end": 7, "note": "dates"})
	if h.ID == "" || h.RecordingID != "r1" || h.Start != 3.5 || h.End != 7 || h.Note != "dates" || h.CreatedAt == "" {
		t.Fatalf("created %+v", h)
	}
	if h.Text != "We ship on Friday. Then QA starts Monday." || fmt.Sprint(h.Speakers) != "[Ana Speaker 2]" {
		t.Fatalf("text %q speakers %v, want the two lines the range overlaps and their speakers", h.Text, h.Speakers)
	}
	var list struct{ Data []highlight }
	alice.MustOK("GET", "/api/v1/recordings/r1/highlights", nil, &list)
	if len(list.Data) != 1 || list.Data[0].ID != h.ID {
		t.Fatalf("the recording lists %+v", list.Data)
	}
}

func TestCreate_RefusesRangesThatAreNoPassage(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", standup("r1", ""))
	for name, body := range map[string]any{
		"empty":         map[string]any{"start": 4, "end": 4},
		"reversed":      map[string]any{"start": 8, "end": 2},
		"outside":       map[string]any{"start": 10, "end": 60},
		"negative":      map[string]any{"start": -1, "end": 2},
		"no end":        map[string]any{"start": 1},
		"a string":      map[string]any{"start": "1", "end": 2},
		"not an object": []byte(`[1,2]`),
		"note too long": map[string]any{"start": 0, "end": 1, "note": strings.Repeat("a", 2001)},
	} {
		t.Run(name, func(t *testing.T) {
			r := alice.Do("POST", "/api/v1/recordings/r1/highlights", body)
			var e envelope
			r.JSON(t, &e)
			if r.Status != 400 || e.Success || e.Message == "" || e.Code == "" {
				t.Fatalf("= %d %s, want 400 with the error envelope", r.Status, r.Body)
			}
		})
	}
	var list struct{ Data []highlight }
	alice.MustOK("GET", "/api/v1/recordings/r1/highlights", nil, &list)
	if len(list.Data) != 0 {
		t.Fatalf("refused ranges made highlights: %+v", list.Data)
	}
}

func TestHighlights_AnotherUsersAreNotFound(t *testing.T) {
	s := servertest.Start(t, nil)
	alice, bob := s.SignIn(t, "alice@example.com"), s.SignIn(t, "bob@example.com")
	alice.MustOK("POST", "/api/v1/recordings", standup("r1", ""))
	h := create(t, alice, "r1", map[string]any{"start": 0, "end": 2})
	for _, call := range []struct{ method, path string }{
		{"POST", "/api/v1/recordings/r1/highlights"},
		{"GET", "/api/v1/recordings/r1/highlights"},
		{"PUT", "/api/v1/highlights/" + h.ID},
		{"DELETE", "/api/v1/highlights/" + h.ID},
	} {
		r := bob.Do(call.method, call.path, map[string]any{"start": 0, "end": 2, "note": "mine"})
		var e envelope
		r.JSON(t, &e)
		if r.Status != 404 || e.Code != "NOT_FOUND" {
			t.Fatalf("bob's %s %s = %d %s, want 404", call.method, call.path, r.Status, r.Body)
		}
	}
	var list struct{ Data []highlight }
	bob.MustOK("GET", "/api/v1/highlights", nil, &list)
	if len(list.Data) != 0 {
		t.Fatalf("bob's library lists alice's highlights: %+v", list.Data)
	}
	if r := s.NewClient(t).Do("GET", "/api/v1/highlights", nil); r.Status != 401 {
		t.Fatalf("signed out = %d, want 401", r.Status)
	}
	alice.MustOK("GET", "/api/v1/recordings/r1/highlights", nil, &list)
	if len(list.Data) != 1 || list.Data[0].Note != "" {
		t.Fatalf("bob's calls changed alice's highlight: %+v", list.Data)
	}
}

func TestLibrary_NewestFirstAndFiltered(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", standup("r1", "Work"))
	alice.MustOK("POST", "/api/v1/recordings", standup("r2", ""))
	first := create(t, alice, "r1", map[string]any{"start": 0, "end": 3})
	time.Sleep(5 * time.Millisecond) // creation times differ by at least a millisecond
	second := create(t, alice, "r2", map[string]any{"start": 9, "end": 11, "note": "money"})
	time.Sleep(5 * time.Millisecond)
	third := create(t, alice, "r1", map[string]any{"start": 5, "end": 6})
	var folders struct{ Data []struct{ ID, Name string } }
	alice.MustOK("GET", "/api/v1/folders", nil, &folders)
	work := ""
	for _, f := range folders.Data {
		if f.Name == "Work" {
			work = f.ID
		}
	}
	for query, want := range map[string][]string{
		"":                      {third.ID, second.ID, first.ID},
		"?q=FRIDAY":             {first.ID},
		"?q=money":              {second.ID},
		"?folder_id=" + work:    {third.ID, first.ID},
		"?speaker=speaker%202":  {third.ID},
		"?speaker=Ana&q=budget": {second.ID},
		"?q=nothing+like+it":    {},
	} {
		var list struct{ Data []highlight }
		alice.MustOK("GET", "/api/v1/highlights"+query, nil, &list)
		var got []string
		for _, h := range list.Data {
			got = append(got, h.ID)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q lists %v, want %v", query, got, want)
		}
	}
}

func TestEditDelete_AndDeletingTheRecordingTakesThemAlong(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", standup("r1", ""))
	h := create(t, alice, "r1", map[string]any{"start": 0, "end": 2})
	var edited struct{ Data highlight }
	alice.MustOK("PUT", "/api/v1/highlights/"+h.ID, map[string]any{"note": "  follow up  "}, &edited)
	if edited.Data.Note != "follow up" || edited.Data.Text != h.Text {
		t.Fatalf("edited %+v", edited.Data)
	}
	if r := alice.Do("PUT", "/api/v1/highlights/"+h.ID, map[string]any{}); r.Status != 400 {
		t.Fatalf("a PUT without note = %d, want 400", r.Status)
	}
	alice.MustOK("DELETE", "/api/v1/highlights/"+h.ID, nil)
	if r := alice.Do("DELETE", "/api/v1/highlights/"+h.ID, nil); r.Status != 404 {
		t.Fatalf("deleting it again = %d, want 404", r.Status)
	}
	create(t, alice, "r1", map[string]any{"start": 0, "end": 2})
	alice.MustOK("DELETE", "/api/v1/recordings/r1", nil)
	var list struct{ Data []highlight }
	alice.MustOK("GET", "/api/v1/highlights", nil, &list)
	if len(list.Data) != 0 {
		t.Fatalf("the deleted recording's highlights remain: %+v", list.Data)
	}
}

func TestCreate_QuotaRefusesPastTheLimit(t *testing.T) {
	s := servertest.StartEnv(t, map[string]string{"POCKET_QUOTA_HIGHLIGHTS": "2"}, nil)
	alice := s.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", standup("r1", ""))
	create(t, alice, "r1", map[string]any{"start": 0, "end": 2})
	create(t, alice, "r1", map[string]any{"start": 2, "end": 5})
	r := alice.Do("POST", "/api/v1/recordings/r1/highlights", map[string]any{"start": 5, "end": 9})
	var e envelope
	r.JSON(t, &e)
	if r.Status != 413 || e.Code != "QUOTA_HIGHLIGHTS" {
		t.Fatalf("a third = %d %s, want 413 QUOTA_HIGHLIGHTS", r.Status, r.Body)
	}
}

func TestExportJSON_CarriesTheHighlights(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", standup("r1", ""))
	h := create(t, alice, "r1", map[string]any{"start": 0, "end": 2, "note": "kept"})
	r := alice.MustOK("GET", "/api/v1/recordings/r1/export?format=json", nil)
	var obj struct{ Highlights []highlight }
	if err := json.Unmarshal(r.Body, &obj); err != nil || len(obj.Highlights) != 1 || obj.Highlights[0].ID != h.ID || obj.Highlights[0].Note != "kept" {
		t.Fatalf("the export's highlights %+v (%v)", obj.Highlights, err)
	}
	// Uploaded again by another user, the object brings its highlights along.
	bob := s.SignIn(t, "bob@example.com")
	bob.MustOK("POST", "/api/v1/recordings", r.Body)
	var list struct{ Data []highlight }
	bob.MustOK("GET", "/api/v1/recordings/r1/highlights", nil, &list)
	if len(list.Data) != 1 || list.Data[0].Text != h.Text {
		t.Fatalf("the re-imported recording's highlights: %+v", list.Data)
	}
}
