package chat_test

import (
	"strings"
	"testing"
)

// TestChat_IDOR: another signed-in user reaches none of alice's chat, whatever
// id they hold; each attempt is a 404 and changes nothing.
func TestChat_IDOR(t *testing.T) {
	w := newWorld(t, nil)
	aliceSession := data[sent](t, w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "What is the new 3.4 release date?", ""))).Session.ID
	token := w.shareLink(t, 0)
	visitorSession := data[session](t, w.srv.NewClient(t).MustOK("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+token, nil)).ID

	bob := w.srv.SignIn(t, "bob@example.com")
	bob.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "bob-rec", "title": "Bob's"},
		"transcription": map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "Bob talks about bikes.", "start_time": 0, "end_time": 3}}}})
	bobSession := data[session](t, bob.MustOK("GET", "/api/v1/chat/session/bob-rec", nil)).ID

	attempts := []struct {
		name, method, path string
		body               any
	}{
		{"alice's recording's session", "GET", "/api/v1/chat/session/" + weeklyID, nil},
		{"alice's session by id", "GET", "/api/v1/chat/session/" + aliceSession, nil},
		{"alice's messages", "GET", "/api/v1/chat/session/" + aliceSession + "/messages", nil},
		{"a visitor's messages", "GET", "/api/v1/chat/session/" + visitorSession + "/messages", nil},
		{"send about alice's recording", "POST", "/api/v1/chat/message", ask(weeklyID, "secret?", "")},
		{"send into alice's session", "POST", "/api/v1/chat/message", ask(weeklyID, "secret?", aliceSession)},
		{"alice's session with bob's recording", "POST", "/api/v1/chat/message", ask("bob-rec", "secret?", aliceSession)},
		{"bob's session with alice's recording", "POST", "/api/v1/chat/message", ask(weeklyID, "secret?", bobSession)},
	}
	for _, a := range attempts {
		t.Run(a.name, func(t *testing.T) {
			r := bob.Do(a.method, a.path, a.body)
			if r.Status != 404 || strings.Contains(string(r.Body), "December") {
				t.Fatalf("got %d %s", r.Status, r.Body)
			}
		})
	}
	t.Run("alice's history is untouched", func(t *testing.T) {
		msgs := data[[]message](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+aliceSession+"/messages", nil))
		if len(msgs) != 2 {
			t.Fatalf("messages %+v", msgs)
		}
	})
	t.Run("alice cannot use bob's session either", func(t *testing.T) {
		if r := w.alice.Do("GET", "/api/v1/chat/session/"+bobSession+"/messages", nil); r.Status != 404 {
			t.Fatalf("got %d", r.Status)
		}
	})
}
