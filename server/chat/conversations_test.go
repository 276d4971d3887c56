package chat_test

import (
	"net/http"
	"testing"
)

// TestChat_SeveralConversationsAboutOneRecording: the owner starts a second
// conversation, each keeps its own history, a question goes to the one named,
// and the old GET answers the one with the latest activity.
func TestChat_SeveralConversationsAboutOneRecording(t *testing.T) {
	w := newWorld(t, nil)
	sessions := "/api/v1/chat/recording/" + weeklyID + "/sessions"
	if list := data[[]session](t, w.alice.MustOK("GET", sessions, nil)); len(list) != 0 {
		t.Fatalf("no conversation yet, got %+v", list)
	}
	first := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "What is the new 3.4 release date?", ""))).Session
	if first.Title != "What is the new 3.4 release date?" {
		t.Fatalf("a conversation is named by its first question: %+v", first)
	}

	second := data[session](t, w.alice.MustOK("POST", sessions, nil))
	if second.ID == first.ID || second.RecordingID != weeklyID || second.Title != "Weekly Product Sync" {
		t.Fatalf("new conversation %+v", second)
	}
	if latest := data[session](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+weeklyID, nil)); latest.ID != second.ID {
		t.Fatalf("the new, empty conversation is the latest: got %s", latest.ID)
	}
	if msgs := data[[]message](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+second.ID+"/messages", nil)); len(msgs) != 0 {
		t.Fatalf("a new conversation starts empty: %+v", msgs)
	}
	res := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "List to-do", second.ID)))
	if res.Session.ID != second.ID || res.Session.Title != "List to-do" {
		t.Fatalf("asked in the second: %+v", res.Session)
	}

	// Back in the first: it gets the question and becomes the latest.
	again := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "Who owns the release?", first.ID)))
	if again.Session.ID != first.ID || again.Session.Title != first.Title {
		t.Fatalf("asked in the first: %+v", again.Session)
	}
	assertContents(t, w, first.ID, "What is the new 3.4 release date?", "Who owns the release?")
	assertContents(t, w, second.ID, "List to-do")

	list := data[[]session](t, w.alice.MustOK("GET", sessions, nil))
	if len(list) != 2 || list[0].ID != first.ID || list[1].ID != second.ID {
		t.Fatalf("latest activity first: %+v", list)
	}
	if latest := data[session](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+weeklyID, nil)); latest.ID != first.ID {
		t.Fatalf("old GET answers the latest: got %s", latest.ID)
	}
	// Without a session id a question goes to the latest too.
	if r := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "Any risks?", ""))); r.Session.ID != first.ID {
		t.Fatalf("no sessionId: went to %s", r.Session.ID)
	}
}

// assertContents checks a conversation's questions, in order.
func assertContents(t *testing.T, w world, sessionID string, questions ...string) {
	t.Helper()
	var got []string
	for _, m := range data[[]message](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+sessionID+"/messages", nil)) {
		if m.Role == "user" {
			got = append(got, m.Content)
		}
	}
	if len(got) != len(questions) {
		t.Fatalf("session %s asked %q, want %q", sessionID, got, questions)
	}
	for i := range got {
		if got[i] != questions[i] { //nolint:gosec // G602: the lengths are equal, checked above
			t.Fatalf("session %s asked %q, want %q", sessionID, got, questions)
		}
	}
}

// TestChat_ConversationsAreTheOwnersOnly: another user, another recording's
// session and an unknown recording are all not found; visitors cannot list.
func TestChat_ConversationsAreTheOwnersOnly(t *testing.T) {
	w := newWorld(t, nil)
	sessions := "/api/v1/chat/recording/" + weeklyID + "/sessions"
	mine := data[session](t, w.alice.MustOK("POST", sessions, nil))

	bob := w.srv.SignIn(t, "bob@example.com")
	bob.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "bob-rec", "title": "Bob's"},
		"transcription": map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "Bob talks about bikes.", "start_time": 0, "end_time": 3}}}})
	for name, r := range map[string]func() int{
		"bob lists alice's":            func() int { return bob.Do("GET", sessions, nil).Status },
		"bob starts one on alice's":    func() int { return bob.Do("POST", sessions, nil).Status },
		"bob asks in alice's":          func() int { return bob.Do("POST", "/api/v1/chat/message", ask(weeklyID, "secret?", mine.ID)).Status },
		"bob's recording, alice's one": func() int { return bob.Do("POST", "/api/v1/chat/message", ask("bob-rec", "secret?", mine.ID)).Status },
		"unknown recording":            func() int { return w.alice.Do("GET", "/api/v1/chat/recording/nope/sessions", nil).Status },
	} {
		if got := r(); got != http.StatusNotFound {
			t.Errorf("%s: got %d, want 404", name, got)
		}
	}
	// Alice's own session of another recording is not this recording's either.
	w.alice.MustOK("POST", "/api/v1/recordings", fixture(t, "02-one-on-one-leo.json"))
	if r := w.alice.Do("POST", "/api/v1/chat/message", ask("rec_02_one_on_one_leo", "hi", mine.ID)); r.Status != http.StatusNotFound {
		t.Fatalf("another recording's session: got %d", r.Status)
	}
	if r := w.srv.NewClient(t).Do("GET", sessions, nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("signed out: got %d", r.Status)
	}
	if msgs := data[[]message](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+mine.ID+"/messages", nil)); len(msgs) != 0 {
		t.Fatalf("nothing was written: %+v", msgs)
	}
}
