package chat_test

import (
	"strings"
	"testing"
)

func TestChat_OwnerAsksAndTheConversationIsKept(t *testing.T) {
	w := newWorld(t, nil)
	s := data[session](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+weeklyID, nil))
	if s.ID == "" || s.RecordingID != weeklyID || s.UserID == nil || s.Title != "Weekly Product Sync" || s.LastMessageAt != nil || s.Metadata["shared"] != false {
		t.Fatalf("session %+v", s)
	}
	if again := data[session](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+weeklyID, nil)); again.ID != s.ID {
		t.Fatal("a second GET must return the same session")
	}
	if msgs := data[[]message](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+s.ID+"/messages", nil)); len(msgs) != 0 {
		t.Fatalf("new session has messages %+v", msgs)
	}

	res := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "  What is the new 3.4 release date?  ", s.ID)))
	if res.Session.ID != s.ID || res.Session.LastMessageAt == nil || res.Session.Metadata["engine"] != "local" {
		t.Fatalf("session %+v", res.Session)
	}
	u, a := res.UserMessage, res.AssistantMessage
	if u.Role != "user" || u.Content != "What is the new 3.4 release date?" || u.SessionID != s.ID || u.Error != nil {
		t.Fatalf("user message %+v", u)
	}
	if a.Role != "assistant" || a.Error != nil || !strings.Contains(a.Content, "Daniel Okafor") || !strings.Contains(a.Content, "1:16") || !strings.Contains(a.Content, "December first") {
		t.Fatalf("assistant message %+v", a)
	}
	if !cites(a.Sources, 8, "Daniel Okafor") {
		t.Fatalf("sources %+v", a.Sources)
	}

	// Without a sessionId the send goes to the same session; a chip works too.
	chip := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "List to-do", "")))
	if chip.Session.ID != s.ID || !strings.Contains(chip.AssistantMessage.Content, "Fix payment retry race") {
		t.Fatalf("chip %+v", chip)
	}
	msgs := data[[]message](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+s.ID+"/messages", nil))
	if len(msgs) != 4 || msgs[0].ID != u.ID || msgs[1].ID != a.ID || msgs[2].Content != "List to-do" || msgs[3].Role != "assistant" {
		t.Fatalf("history must be oldest first: %+v", msgs)
	}
	if len(msgs[1].Sources) == 0 {
		t.Fatal("stored answers keep their sources")
	}
	raw := string(w.alice.MustOK("GET", "/api/v1/chat/session/"+s.ID+"/messages", nil).Body)
	if strings.Count(raw, `"sources"`) != 2 {
		t.Fatalf("sources belong to assistant messages only: %s", raw)
	}
}

func TestChat_SendValidation(t *testing.T) {
	w := newWorld(t, nil)
	anonymous := w.srv.NewClient(t)
	tests := []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"empty message", ask(weeklyID, "", ""), 400, "EMPTY_MESSAGE"},
		{"whitespace message", ask(weeklyID, " \n\t ", ""), 400, "EMPTY_MESSAGE"},
		{"too long", ask(weeklyID, strings.Repeat("a", 4001), ""), 413, "MESSAGE_TOO_LONG"},
		{"no recording", ask("", "hello", ""), 400, "INVALID_ARGUMENT"},
		{"unknown recording", ask("nope", "hello", ""), 404, "NOT_FOUND"},
		{"unknown session", ask(weeklyID, "hello", "no-such-session"), 404, "NOT_FOUND"},
		{"not JSON", []byte("message=hi"), 400, "INVALID_ARGUMENT"},
		{"wrong type", map[string]any{"recordingId": weeklyID, "message": 42}, 400, "INVALID_ARGUMENT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := w.alice.Do("POST", "/api/v1/chat/message", tt.body)
			if r.Status != tt.status || errorCode(t, r) != tt.code {
				t.Fatalf("got %d %s", r.Status, r.Body)
			}
		})
	}
	t.Run("4,000 characters are fine", func(t *testing.T) {
		w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, strings.Repeat("é", 4000), ""))
	})
	t.Run("owner routes need a sign-in", func(t *testing.T) {
		for _, r := range []struct{ method, path string }{
			{"GET", "/api/v1/chat/session/" + weeklyID}, {"GET", "/api/v1/chat/session/x/messages"}, {"POST", "/api/v1/chat/message"},
		} {
			if got := anonymous.Do(r.method, r.path, ask(weeklyID, "hi", "")); got.Status != 401 {
				t.Fatalf("%s %s = %d", r.method, r.path, got.Status)
			}
		}
	})
}

func TestChat_RateLimitPerUser(t *testing.T) {
	w := newWorld(t, nil)
	for i := 0; i < 10; i++ {
		w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "Who is hiring?", ""))
	}
	r := w.alice.Do("POST", "/api/v1/chat/message", ask(weeklyID, "One more?", ""))
	if r.Status != 429 || r.Header.Get("Retry-After") == "" || errorCode(t, r) != "RATE_LIMITED" {
		t.Fatalf("11th send: %d %v %s", r.Status, r.Header, r.Body)
	}
	bob := w.srv.SignIn(t, "bob@example.com")
	bob.MustOK("POST", "/api/v1/recordings", weeklySync(t))
	bob.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "Who is hiring?", "")) // limits are per user
}

func cites(sources []source, seg int, speaker string) bool {
	for _, s := range sources {
		if s.SegmentIndex == seg && s.Speaker == speaker && s.Quote != "" && s.End > s.Start {
			return true
		}
	}
	return false
}
