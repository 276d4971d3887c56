package chat_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/servertest"
)

func TestChat_VisitorChatsWithTheSharedRecordingOnly(t *testing.T) {
	w := newWorld(t, nil)
	token := w.shareLink(t, 0)
	visitor := w.srv.NewClient(t)

	owned := data[session](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+weeklyID, nil))
	s := data[session](t, visitor.MustOK("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+token, nil))
	if s.ID == owned.ID || s.UserID != nil || s.Metadata["shared"] != true || s.RecordingID != weeklyID {
		t.Fatalf("a visitor's session is their link's, not the owner's: %+v", s)
	}
	res := data[sent](t, visitor.MustOK("POST", "/api/v1/chat/message/shared", askShared(weeklyID, "How much did checklist completion improve?", s.ID, token)))
	if res.Session.ID != s.ID || !strings.Contains(res.AssistantMessage.Content, "Tom Becker") || !cites(res.AssistantMessage.Sources, 13, "Tom Becker") {
		t.Fatalf("shared send %+v", res)
	}
	msgs := data[[]message](t, visitor.MustOK("GET", "/api/v1/chat/session/"+s.ID+"/messages/shared?token="+token, nil))
	if len(msgs) != 2 {
		t.Fatalf("visitor history %+v", msgs)
	}
	if own := data[[]message](t, w.alice.MustOK("GET", "/api/v1/chat/session/"+owned.ID+"/messages", nil)); len(own) != 0 {
		t.Fatalf("the visitor's messages leaked into the owner's session: %+v", own)
	}

	other := w.shareLink(t, 0)
	s2 := data[session](t, visitor.MustOK("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+other, nil))
	if s2.ID == s.ID {
		t.Fatal("different links must not share a session")
	}
	for name, r := range map[string]struct{ method, path string }{
		"another link's session":          {"GET", "/api/v1/chat/session/" + s.ID + "/messages/shared?token=" + other},
		"the owner's session":             {"GET", "/api/v1/chat/session/" + owned.ID + "/messages/shared?token=" + token},
		"a recording the link is not for": {"GET", "/api/v1/chat/session/rec_other/shared?token=" + token},
	} {
		if got := visitor.Do(r.method, r.path, nil); got.Status != 404 {
			t.Errorf("%s: %d %s", name, got.Status, got.Body)
		}
	}
	if got := visitor.Do("POST", "/api/v1/chat/message/shared", askShared(weeklyID, "hi", s.ID, other)); got.Status != 404 {
		t.Errorf("sending into another link's session: %d %s", got.Status, got.Body)
	}
	if got := visitor.Do("POST", "/api/v1/chat/message/shared", askShared("rec_other", "hi", "", token)); got.Status != 404 {
		t.Errorf("sending about another recording: %d %s", got.Status, got.Body)
	}
}

func TestChat_SharedTokenRules(t *testing.T) {
	clock := fakeclock.New(time.Now())
	w := newWorld(t, nil, servertest.ShareClock(clock.Now))
	visitor := w.srv.NewClient(t)
	revoked := w.shareLink(t, 0)
	sid := data[session](t, visitor.MustOK("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+revoked, nil)).ID
	w.alice.MustOK("DELETE", "/api/v1/share/"+revoked, nil)
	expiring := w.shareLink(t, 60)
	clock.Advance(time.Minute)

	calls := func(token string) map[string]func() (int, string) {
		return map[string]func() (int, string){
			"session": func() (int, string) {
				r := visitor.Do("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+token, nil)
				return r.Status, string(r.Body)
			},
			"messages": func() (int, string) {
				r := visitor.Do("GET", "/api/v1/chat/session/"+sid+"/messages/shared?token="+token, nil)
				return r.Status, string(r.Body)
			},
			"send": func() (int, string) {
				r := visitor.Do("POST", "/api/v1/chat/message/shared", askShared(weeklyID, "hi", "", token))
				return r.Status, string(r.Body)
			},
		}
	}
	for _, c := range []struct {
		name, token string
		status      int
		text        string
	}{
		{"revoked", revoked, 401, "invalid or has been revoked"},
		{"expired", expiring, 410, "has expired"},
		{"unknown", "not-a-token", 401, "invalid or has been revoked"},
		{"missing", "", 400, "No share token provided"},
	} {
		for name, call := range calls(c.token) {
			t.Run(c.name+" "+name, func(t *testing.T) {
				if status, body := call(); status != c.status || !strings.Contains(body, c.text) {
					t.Fatalf("got %d %s", status, body)
				}
			})
		}
	}
	t.Run("a deleted recording's link finds nothing", func(t *testing.T) {
		live := w.shareLink(t, 0)
		w.alice.MustOK("DELETE", "/api/v1/recordings/"+weeklyID, nil)
		if r := visitor.Do("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+live, nil); r.Status != 404 {
			t.Fatalf("got %d %s", r.Status, r.Body)
		}
	})
}

func TestChat_RateLimitPerShareToken(t *testing.T) {
	w := newWorld(t, nil)
	token, other := w.shareLink(t, 0), w.shareLink(t, 0)
	visitor := w.srv.NewClient(t)
	for i := 0; i < 6; i++ {
		visitor.MustOK("POST", "/api/v1/chat/message/shared", askShared(weeklyID, "Who is hiring?", "", token))
	}
	r := visitor.Do("POST", "/api/v1/chat/message/shared", askShared(weeklyID, "Again?", "", token))
	if r.Status != 429 || r.Header.Get("Retry-After") == "" {
		t.Fatalf("7th send on one link: %d %s", r.Status, r.Body)
	}
	visitor.MustOK("POST", "/api/v1/chat/message/shared", askShared(weeklyID, "Who is hiring?", "", other))
	w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "Who is hiring?", "")) // the owner is limited apart
}
