package chat_test

import (
	"net/http"
	"strings"
	"testing"
)

func askScoped(text string, scope any) map[string]any {
	m := askLibrary(text, "")
	m["scope"] = scope
	return m
}

type folderRow struct{ ID, Name string }

func folderID(t *testing.T, w world, name string) string {
	t.Helper()
	for _, f := range data[[]folderRow](t, w.alice.MustOK("GET", "/api/v1/folders", nil)) {
		if f.Name == name {
			return f.ID
		}
	}
	t.Fatalf("no folder %s", name)
	return ""
}

// A question scoped to one folder is answered from it alone: what only a
// recording outside it says is not found; the conversation remembers the
// scope until a question is asked without one.
func TestLibraryChat_ScopedToAFolderCitesOnlyIt(t *testing.T) {
	w := newWorld(t, nil) // the weekly sync, in Work
	w.alice.MustOK("POST", "/api/v1/recordings", fixture(t, "09-doctor-consult-knee.json"))
	w.alice.MustOK("POST", "/api/v1/recordings", fixture(t, "12-q4-budget-review.json"))
	work := map[string]any{"folderId": folderID(t, w, "Work")}

	outside := "How much ibuprofen can I take?"
	if whole := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askLibrary(outside, ""))); !citesRecording(whole.AssistantMessage.Sources, "rec_09_consult_knee") {
		t.Fatalf("the whole library answers from the consult: %+v", whole.AssistantMessage)
	}
	res := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askScoped(outside, work)))
	if a := res.AssistantMessage; len(a.Sources) != 0 || !strings.HasPrefix(a.Content, "I couldn't find that") {
		t.Fatalf("the consult is outside Work: %+v", a)
	}
	scope, _ := res.Session.Metadata["scope"].(map[string]any)
	if scope["folderId"] != work["folderId"] {
		t.Fatalf("the conversation keeps its scope: %+v", res.Session.Metadata)
	}
	inside := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askScoped("When is the new 3.4 release date?", work)))
	if len(inside.AssistantMessage.Sources) == 0 {
		t.Fatalf("the folder answers it: %+v", inside.AssistantMessage)
	}
	for _, s := range inside.AssistantMessage.Sources {
		if s.RecordingID != weeklyID && s.RecordingID != "rec_12_q4_budget_review" {
			t.Fatalf("a Work question cites %s", s.RecordingID)
		}
		if s.Kind == "transcript" && s.Start <= 0 {
			t.Fatalf("a transcript citation carries the moment it opens at: %+v", s)
		}
	}
	// Asked again without a scope, the conversation is about everything again.
	again := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askLibrary(outside, res.Session.ID)))
	if _, ok := again.Session.Metadata["scope"]; ok || !citesRecording(again.AssistantMessage.Sources, "rec_09_consult_knee") {
		t.Fatalf("an unscoped follow-up: %+v", again)
	}
}

func TestLibraryChat_ScopeByDatesSpeakersAndPicks(t *testing.T) {
	w := newWorld(t, nil)
	w.alice.MustOK("POST", "/api/v1/recordings", fixture(t, "09-doctor-consult-knee.json"))
	w.alice.MustOK("POST", "/api/v1/recordings", fixture(t, "06-phone-call-landlord.json"))
	ibuprofen, lease := "How much ibuprofen can I take?", "How long is the new lease and what is the rent?"
	for _, c := range []struct {
		name, question string
		scope          map[string]any
		only           string // "": nothing inside the scope answers it
	}{
		{"dates", ibuprofen, map[string]any{"from": "2026-11-01", "to": "2026-11-10"}, "rec_09_consult_knee"},
		{"dates, outside", lease, map[string]any{"from": "2026-11-01", "to": "2026-11-10"}, ""},
		{"speakers", ibuprofen, map[string]any{"speakers": []string{"dr. anita shah"}}, "rec_09_consult_knee"},
		{"speakers, outside", lease, map[string]any{"speakers": []string{"Dr. Anita Shah", "Priya Raman"}}, ""},
		{"picked", lease, map[string]any{"recordingIds": []string{"rec_06_phone_landlord"}}, "rec_06_phone_landlord"},
		{"picked, outside", ibuprofen, map[string]any{"recordingIds": []string{"rec_06_phone_landlord", weeklyID}}, ""},
		{"combined", ibuprofen, map[string]any{"from": "2026-11-01T00:00:00Z", "speakers": []string{"Sam Rivera"}, "recordingIds": []string{"rec_06_phone_landlord", "rec_09_consult_knee"}}, "rec_09_consult_knee"},
		{"combined, outside", lease, map[string]any{"to": "2026-11-10", "recordingIds": []string{"rec_06_phone_landlord", "rec_09_consult_knee"}}, ""},
	} {
		a := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askScoped(c.question, c.scope))).AssistantMessage
		if c.only == "" && len(a.Sources) != 0 {
			t.Fatalf("%s: found %+v outside the scope", c.name, a.Sources)
		}
		if c.only != "" && len(a.Sources) == 0 {
			t.Fatalf("%s: nothing found", c.name)
		}
		for _, s := range a.Sources {
			if s.RecordingID != c.only {
				t.Fatalf("%s: cites %s, want only %s", c.name, s.RecordingID, c.only)
			}
		}
	}
}

func TestLibraryChat_BadScopes(t *testing.T) {
	w := newWorld(t, nil)
	many := make([]string, 201)
	for i := range many {
		many[i] = "rec_" + strings.Repeat("x", i%5+1)
	}
	for _, c := range []struct {
		scope  any
		status int
		want   string
	}{
		{"Work", 400, "scope must be"},
		{map[string]any{"folder": "x"}, 400, `unknown field`},
		{map[string]any{"speakers": "Priya"}, 400, "speakers has the wrong type"},
		{map[string]any{"from": "last week"}, 400, "scope.from must be a date"},
		{map[string]any{"from": "2026-11-10", "to": "2026-11-01"}, 400, "scope.to must not be before scope.from"},
		{map[string]any{"recordingIds": many}, 400, "at most 200 recordings"},
		{map[string]any{"recordingIds": []string{" "}}, 400, "recording ids"},
		{map[string]any{"speakers": []string{""}}, 400, "names of 1 to 100"},
		{map[string]any{"folderId": "no-such-folder"}, 404, "Folder not found"},
	} {
		r := w.alice.Do("POST", "/api/v1/chat/library/message", askScoped("What ships in May?", c.scope))
		if r.Status != c.status || !strings.Contains(string(r.Body), c.want) {
			t.Fatalf("%v: got %d %s, want %d %q", c.scope, r.Status, r.Body, c.status, c.want)
		}
		errorCode(t, r) // the error envelope
	}
	if list := data[[]session](t, w.alice.MustOK("GET", "/api/v1/chat/library/sessions", nil)); len(list) != 0 {
		t.Fatalf("a refused question starts no conversation: %+v", list)
	}
}

// Another user's folder is not found, and their recordings named in a scope
// are never read.
func TestLibraryChat_ScopeIsTheCallersOwn(t *testing.T) {
	w := newWorld(t, nil)
	bob := w.srv.SignIn(t, "bob@example.com")
	bob.MustOK("POST", "/api/v1/recordings", fixture(t, "09-doctor-consult-knee.json"))
	bobs := data[[]folderRow](t, bob.MustOK("GET", "/api/v1/folders", nil))
	if len(bobs) == 0 {
		t.Fatal("bob has a folder")
	}
	if r := w.alice.Do("POST", "/api/v1/chat/library/message", askScoped("How much ibuprofen?", map[string]any{"folderId": bobs[0].ID})); r.Status != http.StatusNotFound {
		t.Fatalf("alice scoping to bob's folder: %d %s", r.Status, r.Body)
	}
	a := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askScoped("How much ibuprofen can I take?", map[string]any{"recordingIds": []string{"rec_09_consult_knee"}}))).AssistantMessage
	if len(a.Sources) != 0 || strings.Contains(a.Content, "ibuprofen") {
		t.Fatalf("alice's scope naming bob's recording found: %+v", a)
	}
}

func citesRecording(sources []source, id string) bool {
	for _, s := range sources {
		if s.RecordingID == id {
			return true
		}
	}
	return false
}

type suggestion struct{ Text, Kind, RecordingID string }

// Suggestions are the caller's own: an empty library has none, and one
// with recordings is asked about them; signed out is 401.
func TestLibraryChat_SuggestionsFromTheCallersLibrary(t *testing.T) {
	w := newWorld(t, nil)
	carol := w.srv.SignIn(t, "carol@example.com")
	empty := data[struct{ Suggestions []suggestion }](t, carol.MustOK("GET", "/api/v1/chat/library/suggestions", nil))
	if empty.Suggestions == nil || len(empty.Suggestions) != 0 {
		t.Fatalf("an empty library: %+v", empty)
	}
	got := data[struct{ Suggestions []suggestion }](t, w.alice.MustOK("GET", "/api/v1/chat/library/suggestions", nil)).Suggestions
	if len(got) == 0 || got[0].Text != "What was decided in “Weekly Product Sync”?" || got[0].RecordingID != weeklyID {
		t.Fatalf("alice is asked about her weekly sync: %+v", got)
	}
	if r := w.srv.NewClient(t).Do("GET", "/api/v1/chat/library/suggestions", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("signed out: %d", r.Status)
	}
	// A suggestion asked as is finds its recording.
	a := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askLibrary(got[0].Text, ""))).AssistantMessage
	if !citesRecording(a.Sources, weeklyID) {
		t.Fatalf("the suggested question is answered from its recording: %+v", a)
	}
}
