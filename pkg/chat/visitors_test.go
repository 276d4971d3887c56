package chat

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/engine/local"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/storetest"
)

const weeklyID = "rec_01_weekly_sync"

// visitorWorld is alice's weekly sync shared by one link, and the chat
// service on a clock the test moves.
type visitorWorld struct {
	svc   *Service
	db    *store.DB
	clock *fakeClock
	token string
}

func newVisitorWorld(t *testing.T, limits Limits) visitorWorld {
	t.Helper()
	ctx := context.Background()
	db := storetest.Open(t)
	clock := &fakeClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	recs := recordings.NewService(db, events.NewBus(), clock.now)
	raw, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "recordings", "01-weekly-product-sync.json"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := recs.Import(ctx, "alice", raw); err != nil {
		t.Fatal(err)
	}
	links := share.NewService(db, recs, "https://pocket.test", clock.now)
	link, err := links.Create(ctx, "alice", weeklyID, 0)
	if err != nil {
		t.Fatal(err)
	}
	svc := NewService(Options{DB: db, Recordings: recs, Links: links, Engine: local.New(), Limits: limits, Now: clock.now})
	return visitorWorld{svc: svc, db: db, clock: clock, token: link.Token}
}

// unlimited lets a test send as often as it likes.
var unlimited = Rate{Burst: 1000, Every: time.Millisecond}

func (w visitorWorld) visitor(key string) Access {
	return Access{Token: w.token, Visitor: key, Client: "192.0.2.1"}
}

func (w visitorWorld) ask(t *testing.T, a Access) (SendResult, error) {
	t.Helper()
	return w.svc.Send(context.Background(), a, SendInput{RecordingID: weeklyID, Message: "Who is hiring?", Language: "en"})
}

// keys counts the store's keys under prefix.
func (w visitorWorld) keys(t *testing.T, parts ...string) int {
	t.Helper()
	return storetest.Count(t, w.db, store.Prefix(parts...))
}

// TestVisitors_ALinkHoldsAtMostItsConversations: past the cap a new
// visitor's first message is a 429 that stores nothing, while visitors who
// already have a conversation go on.
func TestVisitors_ALinkHoldsAtMostItsConversations(t *testing.T) {
	t.Parallel()
	w := newVisitorWorld(t, Limits{Visitor: unlimited, VisitorAddress: unlimited, ConversationsPerLink: 3})
	for i := 0; i < 3; i++ {
		if _, err := w.ask(t, w.visitor(fmt.Sprintf("visitor-%d-0123456789", i))); err != nil {
			t.Fatal(err)
		}
	}
	_, err := w.ask(t, w.visitor("visitor-3-0123456789"))
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.TooMany || e.Code != "SHARE_CHAT_FULL" || e.RetryAfter != SweepEvery {
		t.Fatalf("a fourth visitor's first message: %v", err)
	}
	if n := w.keys(t, "chat", "s"); n != 3 {
		t.Fatalf("%d conversations stored, want 3", n)
	}
	if _, err := w.ask(t, w.visitor("visitor-0-0123456789")); err != nil {
		t.Fatalf("a visitor with a conversation: %v", err)
	}
}

// TestVisitors_SweepRemovesIdleAndEmptyConversations: on an injected clock,
// a visitor conversation idle for VisitorIdle is removed with its messages
// and index keys; one answered since, and the owner's, stay; an empty one
// (as older versions stored at a visit) goes after VisitorEmpty.
func TestVisitors_SweepRemovesIdleAndEmptyConversations(t *testing.T) {
	t.Parallel()
	w := newVisitorWorld(t, Limits{Visitor: unlimited, VisitorAddress: unlimited})
	ctx := context.Background()
	idle, err := w.ask(t, w.visitor("idle-visitor-0123456789"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.ask(t, w.visitor("busy-visitor-0123456789")); err != nil {
		t.Fatal(err)
	}
	if _, err := w.svc.Send(ctx, Access{UID: "alice"}, SendInput{RecordingID: weeklyID, Message: "Who is hiring?"}); err != nil {
		t.Fatal(err)
	}
	empty := w.storeEmptyVisitorConversation(t, "empty-visitor-0123456789")

	w.clock.add(2 * time.Hour)
	if n, err := w.svc.SweepVisitors(); err != nil || n != 1 {
		t.Fatalf("after 2 hours: removed %d, %v; want the empty one", n, err)
	}
	if _, err := w.svc.Messages(ctx, w.visitor("empty-visitor-0123456789"), empty); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("the empty conversation is still readable: %v", err)
	}
	if n := w.keys(t, "chat", "s"); n != 3 {
		t.Fatalf("%d conversations left, want the two visitors' with messages and the owner's", n)
	}

	w.clock.add(29 * 24 * time.Hour)
	if _, err := w.ask(t, w.visitor("busy-visitor-0123456789")); err != nil {
		t.Fatal(err)
	}
	w.clock.add(24*time.Hour - time.Hour)
	if n, err := w.svc.SweepVisitors(); err != nil || n != 1 {
		t.Fatalf("after 30 days: removed %d, %v; want the idle one", n, err)
	}
	if n := w.keys(t, "chat", "m", idle.Session.ID); n != 0 {
		t.Fatalf("%d messages of the idle conversation are left", n)
	}
	if n := w.keys(t, "chat", "s"); n != 2 {
		t.Fatalf("%d conversations left, want the busy visitor's and the owner's", n)
	}
	if rec, by := w.keys(t, "chat", "rec"), w.keys(t, "chat", "by"); rec != 2 || by != 2 {
		t.Fatalf("index keys left: chat/rec %d, chat/by %d; want 2 each", rec, by)
	}
	// The idle visitor comes back: an empty conversation again, nothing stored.
	s, err := w.svc.Session(ctx, w.visitor("idle-visitor-0123456789"), weeklyID)
	if err != nil || s.ID != idle.Session.ID {
		t.Fatalf("the idle visitor's conversation after the sweep: %+v, %v", s, err)
	}
	if msgs, err := w.svc.Messages(ctx, w.visitor("idle-visitor-0123456789"), s.ID); err != nil || len(msgs) != 0 {
		t.Fatalf("its history: %d messages, %v", len(msgs), err)
	}
	if n := w.keys(t, "chat", "s"); n != 2 {
		t.Fatalf("coming back stored a conversation: %d", n)
	}
}

// storeEmptyVisitorConversation writes what an older version stored when a
// visitor opened the chat: a conversation without messages.
func (w visitorWorld) storeEmptyVisitorConversation(t *testing.T, key string) string {
	t.Helper()
	who, err := w.svc.resolve(context.Background(), w.visitor(key))
	if err != nil {
		t.Fatal(err)
	}
	d, err := w.svc.recording(context.Background(), who, weeklyID)
	if err != nil {
		t.Fatal(err)
	}
	st := w.svc.newSession(who, d)
	st.ID = "an-older-versions-random-id"
	if err := w.db.Update(func(x *store.Txn) error { return putConversation(x, who.scope, d.ID, st) }); err != nil {
		t.Fatal(err)
	}
	return st.ID
}
