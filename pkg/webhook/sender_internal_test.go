package webhook

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// receiver verifies every delivery with the reference library and answers
// with status (200 unless told otherwise).
type receiver struct {
	t      *testing.T
	srv    *httptest.Server
	secret string
	status atomic.Int32
	mu     sync.Mutex
	seen   map[string]int // webhook-id -> verified deliveries
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{t: t, seen: map[string]int{}}
	r.status.Store(200)
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		wh, _ := standardwebhooks.NewWebhook(r.secret)
		if err := wh.VerifyIgnoringTimestamp(body, req.Header); err != nil {
			t.Errorf("delivery does not verify: %v", err)
		}
		code := int(r.status.Load())
		if code == 200 {
			r.mu.Lock()
			r.seen[req.Header.Get("webhook-id")]++
			r.mu.Unlock()
		}
		w.WriteHeader(code)
		_, _ = io.WriteString(w, "answer of the receiver")
	}))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.seen)
}

type rig struct {
	db       *store.DB
	clock    *fakeclock.Clock
	w        *Webhooks
	s        *Sender
	rcv      *receiver
	ep       Created
	uid      string
	disabled []Endpoint
}

func newRig(t *testing.T, schedule Schedule) *rig {
	g := &rig{db: storetest.Open(t), clock: fakeclock.New(time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)), uid: "u1"}
	g.w = New(g.db, Limits{Endpoints: 5, Pending: 3}, g.clock.Now)
	g.s = NewSender(g.w, SenderOptions{Schedule: schedule, AllowPrivate: true, OnDisabled: func(_ string, e Endpoint) { g.disabled = append(g.disabled, e) }})
	g.rcv = newReceiver(t)
	ep, err := g.w.Create(context.Background(), g.uid, g.rcv.srv.URL, []string{events.RecordingCreated}, "")
	if err != nil {
		t.Fatal(err)
	}
	g.ep, g.rcv.secret = ep, ep.Secret
	return g
}

func (g *rig) event(t *testing.T, typ string) {
	t.Helper()
	err := g.db.Update(func(x *store.Txn) error {
		return g.w.AddIn(x, events.Event{Type: typ, UserID: g.uid, RecordingID: "r1"})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// round sends what is due now and waits for those POSTs to be recorded.
func (g *rig) round() {
	g.s.sendDue(context.Background())
	g.s.wg.Wait()
}

func (g *rig) log(t *testing.T) []Delivery {
	t.Helper()
	list, err := g.w.Deliveries(context.Background(), g.uid, g.ep.ID)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestSender_DeliversSignedOnceAndLogsIt(t *testing.T) {
	g := newRig(t, Schedule{time.Minute})
	g.event(t, events.RecordingCreated)
	g.event(t, events.RecordingDeleted) // not asked for
	g.round()
	g.round()
	if g.rcv.count() != 1 {
		t.Fatalf("receiver saw %v, want one delivery", g.rcv.seen)
	}
	log := g.log(t)
	if len(log) != 1 || log[0].Status != Delivered || len(log[0].Attempts) != 1 || log[0].Attempts[0].StatusCode != 200 ||
		log[0].Attempts[0].Response != "answer of the receiver" {
		t.Fatalf("log %+v", log)
	}
	var b struct {
		Type string `json:"type"`
		Data struct {
			RecordingID string `json:"recordingId"`
		} `json:"data"`
	}
	if err := json.Unmarshal(log[0].Payload, &b); err != nil || b.Type != events.RecordingCreated || b.Data.RecordingID != "r1" {
		t.Errorf("payload %s", log[0].Payload)
	}
}

func TestSender_RetriesOnTheScheduleAndDeliversOnceTheReceiverIsBack(t *testing.T) {
	g := newRig(t, Schedule{time.Minute, 10 * time.Minute})
	g.rcv.status.Store(503)
	g.event(t, events.RecordingCreated)
	g.round()
	g.clock.Advance(59 * time.Second)
	g.round() // not due yet
	if log := g.log(t); len(log[0].Attempts) != 1 || log[0].Status != Pending {
		t.Fatalf("after 59 s: %+v", log)
	}
	g.clock.Advance(time.Second)
	g.round()
	g.rcv.status.Store(200)
	g.clock.Advance(10 * time.Minute)
	g.round()
	log := g.log(t)
	if g.rcv.count() != 1 || log[0].Status != Delivered || len(log[0].Attempts) != 3 || log[0].Attempts[0].StatusCode != 503 {
		t.Fatalf("seen %v, log %+v", g.rcv.seen, log)
	}
	if ep, _ := g.w.Get(context.Background(), g.uid, g.ep.ID); ep.Status != Active || ep.FailingSince != nil {
		t.Errorf("endpoint after a success: %+v", ep)
	}
}

func TestSender_DisablesAnEndpointThatFailedAWholeRoundAndTellsTheOwner(t *testing.T) {
	g := newRig(t, Schedule{time.Minute, time.Minute})
	g.rcv.status.Store(500)
	g.event(t, events.RecordingCreated)
	for range 3 {
		g.round()
		g.clock.Advance(time.Minute)
	}
	ep, _ := g.w.Get(context.Background(), g.uid, g.ep.ID)
	if ep.Status != Disabled || ep.DisabledReason == "" || len(g.disabled) != 1 {
		t.Fatalf("endpoint %+v, owner told %v", ep, g.disabled)
	}
	if log := g.log(t); log[0].Status != Failed || len(log[0].Attempts) != 3 {
		t.Fatalf("log %+v", log)
	}
	g.event(t, events.RecordingCreated) // a disabled endpoint gets nothing queued
	if log := g.log(t); len(log) != 1 {
		t.Errorf("queued for a disabled endpoint: %+v", log)
	}
	// Resend is refused until the owner enables it again, then delivers.
	if _, err := g.w.Resend(context.Background(), g.uid, g.ep.ID, g.log(t)[0].ID); err == nil {
		t.Error("resend to a disabled endpoint accepted")
	}
	active := Active
	if _, err := g.w.Update(context.Background(), g.uid, g.ep.ID, Patch{Status: &active}); err != nil {
		t.Fatal(err)
	}
	g.rcv.status.Store(200)
	if _, err := g.w.Resend(context.Background(), g.uid, g.ep.ID, g.log(t)[0].ID); err != nil {
		t.Fatal(err)
	}
	g.round()
	if g.rcv.count() != 1 || g.log(t)[0].Status != Delivered {
		t.Errorf("after resend: seen %v, log %+v", g.rcv.seen, g.log(t))
	}
}

// A success between a delivery's first failure and its last keeps the
// endpoint enabled: it is failing now and then, not all the time.
func TestSender_KeepsAnEndpointThatSucceededMeanwhile(t *testing.T) {
	g := newRig(t, Schedule{time.Minute})
	g.rcv.status.Store(500)
	g.event(t, events.RecordingCreated)
	g.round()
	g.rcv.status.Store(200)
	g.event(t, events.RecordingCreated)
	g.round() // the second event is delivered, the first is not due yet
	g.rcv.status.Store(500)
	g.clock.Advance(time.Minute)
	g.round() // the first gives up
	if ep, _ := g.w.Get(context.Background(), g.uid, g.ep.ID); ep.Status != Active {
		t.Errorf("endpoint disabled after a success in the round: %+v", ep)
	}
}

func TestAddIn_HoldsAtMostThePendingLimit(t *testing.T) {
	g := newRig(t, Schedule{time.Minute})
	for range 5 {
		g.event(t, events.RecordingCreated)
	}
	ep, _ := g.w.Get(context.Background(), g.uid, g.ep.ID)
	if n := len(g.log(t)); n != 3 || ep.Dropped != 2 {
		t.Errorf("pending %d, dropped %d; want 3 and 2", n, ep.Dropped)
	}
}

// Two senders on one database (two replicas) send each delivery once.
func TestSender_TwoReplicasSendEachDeliveryOnce(t *testing.T) {
	g := newRig(t, Schedule{time.Minute})
	g.w.limits.Pending = 0
	other := NewSender(New(g.db, Limits{}, g.clock.Now), SenderOptions{AllowPrivate: true})
	for range 20 {
		g.event(t, events.RecordingCreated)
	}
	var wg sync.WaitGroup
	for _, s := range []*Sender{g.s, other} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.sendDue(context.Background())
			s.sendDue(context.Background())
			s.sendDue(context.Background())
			s.wg.Wait()
		}()
	}
	wg.Wait()
	g.round()
	g.round()
	g.rcv.mu.Lock()
	defer g.rcv.mu.Unlock()
	if len(g.rcv.seen) != 20 {
		t.Fatalf("receiver saw %d deliveries, want 20", len(g.rcv.seen))
	}
	for id, n := range g.rcv.seen {
		if n != 1 {
			t.Errorf("%s delivered %d times", id, n)
		}
	}
}

func TestSender_RefusesPrivateAddressesUnlessAllowed(t *testing.T) {
	g := newRig(t, Schedule{time.Minute})
	g.s = NewSender(g.w, SenderOptions{Schedule: Schedule{time.Minute}})
	g.event(t, events.RecordingCreated)
	g.round()
	log := g.log(t)
	if g.rcv.count() != 0 || log[0].Attempts[0].StatusCode != 0 || !strings.Contains(log[0].Attempts[0].Error, "not on the public internet") {
		t.Fatalf("a loopback receiver was reached: %+v", log)
	}
}

// A due entry whose delivery is gone (a crash between two engines' writes
// cannot leave one, but a bug could) is cleared, not retried forever at the
// head of the queue.
func TestSender_ClearsADueEntryWithoutItsDelivery(t *testing.T) {
	g := newRig(t, Schedule{time.Minute})
	err := g.db.Update(func(x *store.Txn) error {
		return x.Set(dueKey(g.clock.Now(), "msg_gone"), []byte(g.uid+"/"+g.ep.ID))
	})
	if err != nil {
		t.Fatal(err)
	}
	g.round()
	if n := storetest.Count(t, g.db, duePrefix); n != 0 {
		t.Errorf("%d due entries left", n)
	}
}
