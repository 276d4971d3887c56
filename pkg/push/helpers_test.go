package push_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/pushtest"
	"github.com/pocket-companion/pocket/tests/storetest"
)

var ctx = context.Background()

const subject = "mailto:ops@pocket.example"

// library stands in for the recordings domain: details by owner and id.
type library map[string]recordings.Detail

func (l library) Detail(_ context.Context, uid, id string) (recordings.Detail, error) {
	d, ok := l[uid+"/"+id]
	if !ok {
		return recordings.Detail{}, apperr.Missing("recording")
	}
	return d, nil
}

func detail(id, title, summary string) recordings.Detail {
	rec, _ := json.Marshal(map[string]any{"id": id, "title": title})
	sums, _ := json.Marshal(map[string]any{"s1": map[string]any{"v2Summary": summary}})
	return recordings.Detail{ID: id, Recording: rec, Summarizations: sums}
}

// sleeps records the waits the sender asked for, without waiting them.
type sleeps struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (s *sleeps) record(_ context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.waits = append(s.waits, d)
	return nil
}

func (s *sleeps) all() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.waits...)
}

// rig is a sender over an in-memory store, a push service and a library.
type rig struct {
	subs   *push.Subscriptions
	sender *push.Sender
	svc    *pushtest.Service
	lib    library
	sleeps *sleeps
	keys   push.Keys
	clock  *fakeclock.Clock
}

func newRig(t *testing.T, edit func(*push.SenderOptions)) *rig {
	t.Helper()
	keys, err := push.LoadOrCreateKeys(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	clock := fakeclock.New(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	r := &rig{keys: keys, lib: library{}, sleeps: &sleeps{}, clock: clock}
	r.subs = push.NewSubscriptions(storetest.Open(t), clock.Now, loopbackPolicy)
	r.svc = pushtest.Start(t, keys.Public, subject)
	opts := push.SenderOptions{Keys: keys, Subject: subject, Sleep: r.sleeps.record, Now: clock.Now,
		Jitter: func(max time.Duration) time.Duration { return max }}
	if edit != nil {
		edit(&opts)
	}
	r.sender = push.NewSender(r.subs, r.lib, opts)
	return r
}

func (r *rig) start(t *testing.T) {
	r.sender.Start()
	t.Cleanup(r.sender.Stop)
}

// device subscribes a new device of uid.
func (r *rig) device(t *testing.T, uid, name string) *pushtest.Device {
	t.Helper()
	d := r.svc.NewDevice(name)
	if err := r.subs.Subscribe(ctx, uid, subscription(d)); err != nil {
		t.Fatal(err)
	}
	return d
}

func subscription(d *pushtest.Device) push.Subscription {
	return push.Subscription{Endpoint: d.Endpoint, P256dh: d.P256dh(), Auth: d.Auth()}
}

func (r *rig) endpoints(t *testing.T, uid string) []string {
	t.Helper()
	subs, err := r.subs.List(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range subs {
		out = append(out, s.Endpoint)
	}
	return out
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
	}
}

// loopbackPolicy admits the tests' local push service (http on loopback).
var loopbackPolicy = push.EndpointPolicy{AllowLoopback: true}
