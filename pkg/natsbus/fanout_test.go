package natsbus_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/natsbus"
	"github.com/pocket-companion/pocket/tests/natstest"
)

// heard is what one replica's listener received, in order.
type heard struct {
	mu     sync.Mutex
	events []events.Event
}

func (h *heard) add(e events.Event) { h.mu.Lock(); h.events = append(h.events, e); h.mu.Unlock() }

func (h *heard) all() []events.Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]events.Event(nil), h.events...)
}

// waitFor polls until n events were heard, failing after within.
func (h *heard) waitFor(t *testing.T, n int, within time.Duration) []events.Event {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		got := h.all()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("heard %d events within %v, want %d", len(got), within, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// replica is one server's bus joined to the broker, with a listener.
type replica struct {
	bus    *events.Bus
	fanout *natsbus.Fanout
	heard  *heard
}

func join(t *testing.T, c *natsbus.Conn) *replica {
	t.Helper()
	r := &replica{bus: events.NewBus(), heard: &heard{}}
	t.Cleanup(r.bus.Listen(r.heard.add))
	f, err := natsbus.Attach(c, r.bus)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.Detach)
	r.fanout = f
	return r
}

func TestFanout_AnEventReachesTheOtherReplicaWithinASecondAndItsOwnListenersOnce(t *testing.T) {
	broker := natstest.Start(t)
	a, b := join(t, broker.Connect(t, "a")), join(t, broker.Connect(t, "b"))

	start := time.Now()
	a.bus.Publish(events.Event{Type: events.RecordingCreated, UserID: "alice", RecordingID: "r1", Seq: 42})
	got := b.heard.waitFor(t, 1, time.Second)
	t.Logf("published on A, heard on B after %v", time.Since(start))
	e := got[0]
	if e.Type != events.RecordingCreated || e.UserID != "alice" || e.RecordingID != "r1" || e.At.IsZero() {
		t.Fatalf("B heard %+v", e)
	}
	if !e.Remote || e.Seq != 0 {
		t.Fatalf("B heard Remote=%v Seq=%d: another replica's event must be marked and carry no Seq of that replica's log", e.Remote, e.Seq)
	}

	time.Sleep(200 * time.Millisecond) // time for an echo to come back, if one would
	if own := a.heard.all(); len(own) != 1 || own[0].Remote || own[0].Seq != 42 {
		t.Fatalf("A's own listener heard %+v, want its event once, local, with its Seq", own)
	}
	if n := len(b.heard.all()); n != 1 {
		t.Fatalf("B heard %d events, want 1", n)
	}
	if c := a.fanout.Stats().Confirmed.Load(); c != 1 {
		t.Fatalf("A confirmed %d events, want 1", c)
	}
}

// A sign-out's announcement names the session it ended on the other replica too.
func TestFanout_ASessionEndedCarriesItsSession(t *testing.T) {
	broker := natstest.Start(t)
	a, b := join(t, broker.Connect(t, "a")), join(t, broker.Connect(t, "b"))
	a.bus.Publish(events.Event{Type: events.SessionEnded, UserID: "alice", SessionID: "fam-1"})
	if e := b.heard.waitFor(t, 1, time.Second)[0]; e.Type != events.SessionEnded || e.UserID != "alice" || e.SessionID != "fam-1" || !e.Remote {
		t.Fatalf("B heard %+v", e)
	}
}

func TestFanout_ABurstOf1000ReachesTheOtherReplicaInOrderPerUser(t *testing.T) {
	broker := natstest.Start(t)
	a, b := join(t, broker.Connect(t, "a")), join(t, broker.Connect(t, "b"))

	const n = 1000
	start := time.Now()
	for i := range n {
		uid := []string{"alice", "bob"}[i%2]
		a.bus.Publish(events.Event{Type: events.RecordingUpdated, UserID: uid, RecordingID: fmt.Sprint(i)})
	}
	published := time.Since(start)
	got := b.heard.waitFor(t, n, 10*time.Second)
	t.Logf("%d events: published (each confirmed by the broker) in %v, %v a publish; all heard on B after %v",
		n, published, published/n, time.Since(start))
	checkInOrderPerUser(t, got, n)
}

// checkInOrderPerUser checks that got holds events 0..n-1 once each, in
// order for each user (event i is alice's when i is even, else bob's).
func checkInOrderPerUser(t *testing.T, got []events.Event, n int) {
	t.Helper()
	next := map[string]int{"alice": 0, "bob": 1}
	for _, e := range got {
		want := next[e.UserID]
		if e.RecordingID != fmt.Sprint(want) {
			t.Fatalf("%s: heard event %s, want %d (lost, duplicated or out of order)", e.UserID, e.RecordingID, want)
		}
		next[e.UserID] = want + 2
	}
	if next["alice"] < n || next["bob"] < n+1 {
		t.Fatalf("heard up to alice %d, bob %d of %d", next["alice"], next["bob"], n)
	}
}

// A replica killed mid-burst (its connection cut, no goodbye) loses nothing
// it had confirmed: a writer that published and then answered has its event
// at the other replicas. The survivors keep exchanging events.
func TestFanout_AReplicaKilledMidBurstLosesNoConfirmedEvent(t *testing.T) {
	broker := natstest.Start(t)
	cutter := &natstest.Cutter{}
	a := join(t, broker.Connect(t, "a", func(o *natsbus.Options) { o.Dialer = cutter }))
	b, c := join(t, broker.Connect(t, "b")), join(t, broker.Connect(t, "c"))

	// A dies right after the answer to its write n/4 left: everything it
	// published up to then was answered for, and must not be lost.
	const n, dies = 2000, 500
	for i := range n {
		a.bus.Publish(events.Event{Type: events.RecordingUpdated, UserID: "alice", RecordingID: fmt.Sprint(i)})
		if i == dies {
			cutter.Cut()
		}
	}
	confirmed := int(a.fanout.Stats().Confirmed.Load())
	if confirmed != dies+1 {
		t.Fatalf("A confirmed %d events, want the %d published before it died", confirmed, dies+1)
	}
	if buffered := a.fanout.Stats().Buffered.Load() + a.fanout.Stats().Failed.Load(); int(buffered) != n-confirmed {
		t.Fatalf("%d events after the death were neither buffered nor failed", n-confirmed-int(buffered))
	}

	got := b.heard.waitFor(t, confirmed, 5*time.Second)
	for i, e := range got {
		if e.RecordingID != fmt.Sprint(i) {
			t.Fatalf("B's event %d is %s: lost, duplicated or out of order", i, e.RecordingID)
		}
	}
	b.bus.Publish(events.Event{Type: events.RecordingDeleted, UserID: "alice", RecordingID: "after"})
	waitForID(t, c.heard, "after")
}

func waitForID(t *testing.T, h *heard, id string) {
	t.Helper()
	deadline := time.Now().Add(time.Second)
	for time.Now().Before(deadline) {
		for _, e := range h.all() {
			if e.RecordingID == id {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("event %s never arrived", id)
}

func TestFanout_ReplicasReconnectAfterTheBrokerRestarts(t *testing.T) {
	broker := natstest.Start(t)
	ac, bc := broker.Connect(t, "a"), broker.Connect(t, "b")
	a, b := join(t, ac), join(t, bc)

	broker.Restart()
	// Publishing while the replicas reconnect neither blocks nor fails the writer.
	start := time.Now()
	a.bus.Publish(events.Event{Type: events.RecordingCreated, UserID: "alice", RecordingID: "during"})
	if d := time.Since(start); d > 1500*time.Millisecond {
		t.Fatalf("Publish took %v while the broker was away", d)
	}
	waitConnected(t, ac, bc)
	a.bus.Publish(events.Event{Type: events.RecordingCreated, UserID: "alice", RecordingID: "after"})
	b.bus.Publish(events.Event{Type: events.RecordingCreated, UserID: "alice", RecordingID: "from-b"})
	waitForID(t, b.heard, "after")
	waitForID(t, a.heard, "from-b")
}

// waitConnected waits until every connection is back and the broker has
// its subscriptions again (a round trip after the client resent them): core
// NATS delivers only to subscriptions the broker knows when a message
// arrives, so what is published while a replica reconnects, it misses.
func waitConnected(t *testing.T, conns ...*natsbus.Conn) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for _, c := range conns {
		for !c.Connected() || c.NC.FlushTimeout(time.Second) != nil {
			if time.Now().After(deadline) {
				t.Fatal("not reconnected within 10 s")
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// A message on the events subjects that names another user than its subject
// does (or is no event at all) reaches nobody.
func TestFanout_MessagesThatAreNotAReplicasEventAreIgnored(t *testing.T) {
	broker := natstest.Start(t)
	b := join(t, broker.Connect(t, "b"))
	raw := broker.Connect(t, "intruder").NC
	for _, m := range []struct{ subject, data string }{
		{"pocket.events.alice", `{"replica":"x","userId":"bob","type":"recording.created","recordingId":"r1"}`},
		{"pocket.events.alice", `not json`},
		{"pocket.events.alice", `{"replica":"x","userId":"alice"}`},
	} {
		if err := raw.Publish(m.subject, []byte(m.data)); err != nil {
			t.Fatal(err)
		}
	}
	_ = raw.Flush()
	deadline := time.Now().Add(2 * time.Second)
	for b.fanout.Stats().Malformed.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if got := b.heard.all(); len(got) != 0 || b.fanout.Stats().Malformed.Load() != 3 {
		t.Fatalf("heard %+v, malformed %d", got, b.fanout.Stats().Malformed.Load())
	}
}

// A replica stopping while the broker is away does not wait out a drain
// that has nowhere to go (the server has 40 s to stop in all).
func TestConn_ClosesAtOnceWhenTheBrokerIsAway(t *testing.T) {
	broker := natstest.Start(t)
	c := broker.Connect(t, "a")
	broker.Stop()
	for c.Connected() {
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	if err := c.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > time.Second || !c.NC.IsClosed() {
		t.Fatalf("closed=%v after %v", c.NC.IsClosed(), d)
	}
}
