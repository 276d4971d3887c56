package chat_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

func askLibrary(text, sessionID string) map[string]any {
	return map[string]any{"message": text, "sessionId": sessionID, "language": "en"}
}

func TestLibraryChat_AnswersCiteTheRecordingsAndConversationsAreKept(t *testing.T) {
	w := newWorld(t, nil)
	w.alice.MustOK("POST", "/api/v1/recordings", fixture(t, "09-doctor-consult-knee.json"))
	bob := w.srv.SignIn(t, "bob@example.com")
	bob.MustOK("POST", "/api/v1/recordings", fixture(t, "06-phone-call-landlord.json"))

	if list := data[[]session](t, w.alice.MustOK("GET", "/api/v1/chat/library/sessions", nil)); len(list) != 0 {
		t.Fatalf("no conversations yet: %+v", list)
	}
	res := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askLibrary("How much ibuprofen can I take?", "")))
	a := res.AssistantMessage
	if res.Session.ID == "" || res.Session.Title != "How much ibuprofen can I take?" || res.Session.Metadata["library"] != true || res.Session.RecordingID != "" {
		t.Fatalf("a first question starts a conversation named by it: %+v", res.Session)
	}
	if a.Error != nil || !strings.Contains(a.Content, "Sports medicine consult") || len(a.Sources) == 0 {
		t.Fatalf("answer %+v", a)
	}
	top := a.Sources[0]
	if top.RecordingID != "rec_09_consult_knee" || top.RecordingTitle != "Sports medicine consult – right knee" || top.Kind != "transcript" || top.Quote == "" || top.Start <= 0 {
		t.Fatalf("the first citation names the recording and the passage: %+v", top)
	}

	// A follow-up in the same conversation; a second conversation of its own.
	data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askLibrary("When is the new 3.4 release date?", res.Session.ID)))
	second := data[session](t, w.alice.MustOK("POST", "/api/v1/chat/library/sessions", nil))
	if second.ID == res.Session.ID || second.Title != "All recordings" {
		t.Fatalf("a new conversation %+v", second)
	}
	list := data[[]session](t, w.alice.MustOK("GET", "/api/v1/chat/library/sessions", nil))
	if len(list) != 2 || list[0].ID != second.ID {
		t.Fatalf("two conversations, newest first: %+v", list)
	}
	msgs := data[[]message](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+res.Session.ID+"/messages", nil))
	if len(msgs) != 4 || msgs[3].Role != "assistant" || len(msgs[3].Sources) == 0 || msgs[3].Sources[0].RecordingID != weeklyID {
		t.Fatalf("the conversation keeps its history with citations: %+v", msgs)
	}

	// Bob sees none of it and his answers never cite Alice's recordings.
	if r := bob.Do("GET", "/api/v1/chat/session/"+res.Session.ID+"/messages", nil); r.Status != http.StatusNotFound {
		t.Fatalf("another user's library conversation: %d", r.Status)
	}
	if r := bob.Do("POST", "/api/v1/chat/library/message", askLibrary("And the ibuprofen?", res.Session.ID)); r.Status != http.StatusNotFound {
		t.Fatalf("continuing another user's conversation: %d", r.Status)
	}
	if list := data[[]session](t, bob.MustOK("GET", "/api/v1/chat/library/sessions", nil)); len(list) != 0 {
		t.Fatalf("bob lists alice's conversations: %+v", list)
	}
	mine := data[sent](t, bob.MustOK("POST", "/api/v1/chat/library/message", askLibrary("How much ibuprofen can I take, and what about the rent on a 24-month lease?", "")))
	for _, s := range mine.AssistantMessage.Sources {
		if s.RecordingID != "rec_06_phone_landlord" {
			t.Fatalf("bob's answer cites %s", s.RecordingID)
		}
	}
	// A recording session is not a library one.
	rs := data[session](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+weeklyID, nil))
	if r := w.alice.Do("POST", "/api/v1/chat/library/message", askLibrary("hi there", rs.ID)); r.Status != http.StatusNotFound {
		t.Fatalf("a recording's session used as a library one: %d", r.Status)
	}
}

func TestLibraryChat_ValidationAndNothingFound(t *testing.T) {
	w := newWorld(t, nil)
	for _, c := range []struct {
		body   any
		status int
		code   string
	}{
		{askLibrary(" ", ""), 400, "EMPTY_MESSAGE"},
		{askLibrary(strings.Repeat("a", 4001), ""), 413, "MESSAGE_TOO_LONG"},
		{askLibrary("hello", "no-such-session"), 404, "NOT_FOUND"},
		{[]byte("message=hi"), 400, "INVALID_ARGUMENT"},
	} {
		if r := w.alice.Do("POST", "/api/v1/chat/library/message", c.body); r.Status != c.status || errorCode(t, r) != c.code {
			t.Fatalf("%v: got %d %s", c.body, r.Status, r.Body)
		}
	}
	if r := w.srv.NewClient(t).Do("POST", "/api/v1/chat/library/message", askLibrary("hello", "")); r.Status != http.StatusUnauthorized {
		t.Fatalf("anonymous: %d", r.Status)
	}
	res := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askLibrary("Where did the zeppelins land?", "")))
	if !strings.HasPrefix(res.AssistantMessage.Content, "I couldn't find that in your recordings.") || len(res.AssistantMessage.Sources) != 0 {
		t.Fatalf("nothing found: %+v", res.AssistantMessage)
	}
}

func TestLibraryChat_WithAModelGroundedInThePassages(t *testing.T) {
	var prompt string
	model := modelServer(t, func(w http.ResponseWriter, r *http.Request) {
		body := new(strings.Builder)
		buf := make([]byte, 1<<16)
		for {
			n, err := r.Body.Read(buf)
			body.Write(buf[:n])
			if err != nil {
				break
			}
		}
		prompt = body.String()
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = fmt.Fprintf(w, "data: {\"choices\":[{\"delta\":{\"content\":%q}}]}\n\n", "Daniel said the release moves to Tuesday, December first [1].")
		_, _ = fmt.Fprint(w, "data: [DONE]\n\n")
	})
	w := newWorld(t, useModel(model.URL))
	res := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/library/message", askLibrary("What is the new 3.4 release date?", "")))
	a := res.AssistantMessage
	if a.Content != "Daniel said the release moves to Tuesday, December first." || len(a.Sources) != 1 || a.Sources[0].RecordingID != weeklyID || res.Session.Metadata["engine"] != "llm" {
		t.Fatalf("answer %+v", res)
	}
	if !strings.Contains(prompt, "[1] (Weekly Product Sync") || !strings.Contains(prompt, "numbered passages") {
		t.Fatalf("the prompt must carry the numbered passages: %s", prompt)
	}
}
