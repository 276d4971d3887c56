package chat_test

import (
	"fmt"
	"strings"
	"testing"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// storedSessions counts the chat sessions in the server's store.
func storedSessions(t *testing.T, db *store.DB) int {
	t.Helper()
	return storetest.Count(t, db, store.Prefix("chat", "s"))
}

// TestChat_VisitorsOpeningALinkStoreNothing: 200 openings of a link's chat
// with new visitor keys each stored a conversation. Now an opening answers
// an empty conversation and stores nothing; the first message stores it,
// under the id the opening gave.
func TestChat_VisitorsOpeningALinkStoreNothing(t *testing.T) {
	t.Parallel()
	var db *store.DB
	w := newWorld(t, nil, fx.Populate(&db))
	token := w.shareLink(t, 0)
	visitor := w.srv.NewClient(t)
	before := storedSessions(t, db)
	var first session
	for i := 0; i < 200; i++ {
		key := fmt.Sprintf("visitor-key-%06d-abcdef", i)
		s := data[session](t, visitor.MustOK("GET", "/api/v1/chat/session/"+weeklyID+"/shared?token="+token+"&visitor="+key, nil))
		msgs := data[[]message](t, visitor.MustOK("GET", "/api/v1/chat/session/"+s.ID+"/messages/shared?token="+token+"&visitor="+key, nil))
		if s.ID == "" || s.RecordingID != weeklyID || s.UserID != nil || len(msgs) != 0 {
			t.Fatalf("opening %d: %+v, %d messages", i, s, len(msgs))
		}
		if i == 0 {
			first = s
		}
	}
	if n := storedSessions(t, db) - before; n != 0 {
		t.Fatalf("200 openings stored %d conversations, want none", n)
	}

	q := askShared(weeklyID, "Who is hiring?", first.ID, token)
	q["visitorId"] = "visitor-key-000000-abcdef"
	res := data[sent](t, visitor.MustOK("POST", "/api/v1/chat/message/shared", q))
	if res.Session.ID != first.ID || storedSessions(t, db)-before != 1 {
		t.Fatalf("the first message stored session %s (want %s), %d stored", res.Session.ID, first.ID, storedSessions(t, db)-before)
	}
	msgs := data[[]message](t, visitor.MustOK("GET", "/api/v1/chat/session/"+first.ID+"/messages/shared?token="+token+"&visitor=visitor-key-000000-abcdef", nil))
	if len(msgs) != 2 {
		t.Fatalf("history after the first message: %d messages", len(msgs))
	}
	// Another visitor cannot read it, even by its id.
	if r := visitor.Do("GET", "/api/v1/chat/session/"+first.ID+"/messages/shared?token="+token+"&visitor=visitor-key-000001-abcdef", nil); r.Status != 404 {
		t.Fatalf("another visitor reading it: %d %s", r.Status, r.Body)
	}
}

// TestChat_VisitorMessagesAreLimitedPerClientAddress: one client spreading
// messages over several links stayed under each link's limit; now its
// address is counted across links (10 at once), the next one is a 429 with
// Retry-After and a message saying how long to wait, and the refused
// message stores no conversation.
func TestChat_VisitorMessagesAreLimitedPerClientAddress(t *testing.T) {
	t.Parallel()
	var db *store.DB
	w := newWorld(t, nil, fx.Populate(&db))
	links := []string{w.shareLink(t, 0), w.shareLink(t, 0), w.shareLink(t, 0)}
	visitor := w.srv.NewClient(t)
	for i := 0; i < 10; i++ {
		q := askShared(weeklyID, "Who is hiring?", "", links[i%2])
		q["visitorId"] = fmt.Sprintf("flood-key-%06d-abcdef", i)
		visitor.MustOK("POST", "/api/v1/chat/message/shared", q)
	}
	before := storedSessions(t, db)
	q := askShared(weeklyID, "Who is hiring?", "", links[2])
	q["visitorId"] = "flood-key-new-abcdef"
	r := visitor.Do("POST", "/api/v1/chat/message/shared", q)
	if r.Status != 429 || r.Header.Get("Retry-After") == "" || errorCode(t, r) != "RATE_LIMITED" || !strings.Contains(string(r.Body), "Please wait") {
		t.Fatalf("11th message from one address: %d %v %s", r.Status, r.Header, r.Body)
	}
	if n := storedSessions(t, db) - before; n != 0 {
		t.Fatalf("a refused message stored %d conversations", n)
	}
	w.alice.MustOK("POST", "/api/v1/chat/message", ask(weeklyID, "Who is hiring?", "")) // the owner is limited apart
}
