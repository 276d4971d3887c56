package push_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/natsbus"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/tests/natstest"
	"github.com/pocket-companion/pocket/tests/pushtest"
)

// cluster is replicas joined by one broker, sending to one push service
// with one VAPID pair, reading recordings from one library (the upstream
// every relay replica fronts).
type cluster struct {
	broker *natstest.Server
	keys   push.Keys
	svc    *pushtest.Service
	lib    library
}

func newCluster(t *testing.T) *cluster {
	t.Helper()
	keys, err := push.LoadOrCreateKeys(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return &cluster{broker: natstest.Start(t), keys: keys, svc: pushtest.Start(t, keys.Public, subject), lib: library{}}
}

// replica is one server's push side on the broker.
type replica struct {
	conn   *natsbus.Conn
	subs   *push.Subscriptions
	sender *push.Sender
	queue  *push.Queue
}

type replicaOptions struct {
	recs    push.Recordings
	ackWait time.Duration
	dialer  *natstest.Cutter
	sending func(*push.SenderOptions)
}

// start runs a replica whose queue sends (and that stops at the test's end).
func (c *cluster) start(t *testing.T, name string, o replicaOptions) *replica {
	t.Helper()
	r := c.replica(t, name, o)
	r.sender.Start()
	if err := r.queue.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		r.queue.Stop(ctx)
		r.sender.Stop()
	})
	return r
}

// replica builds a replica without starting its queue.
func (c *cluster) replica(t *testing.T, name string, o replicaOptions) *replica {
	t.Helper()
	if o.recs == nil {
		o.recs = c.lib
	}
	conn := c.broker.Connect(t, name, func(opts *natsbus.Options) {
		if o.dialer != nil {
			opts.Dialer = o.dialer
		}
	})
	subs, err := push.NewSharedSubscriptions(ctx, conn.JS, nil, loopbackPolicy)
	if err != nil {
		t.Fatal(err)
	}
	so := push.SenderOptions{Keys: c.keys, Subject: subject}
	if o.sending != nil {
		o.sending(&so)
	}
	sender := push.NewSender(subs, o.recs, so)
	q, err := push.NewQueue(ctx, conn.JS, sender, push.QueueOptions{AckWait: o.ackWait})
	if err != nil {
		t.Fatal(err)
	}
	return &replica{conn: conn, subs: subs, sender: sender, queue: q}
}

func (c *cluster) device(t *testing.T, via *replica, uid, name string) *pushtest.Device {
	t.Helper()
	d := c.svc.NewDevice(name)
	if err := via.subs.Subscribe(ctx, uid, subscription(d)); err != nil {
		t.Fatal(err)
	}
	return d
}

// quiet waits d and fails if the push service received more than n messages.
func (c *cluster) quiet(t *testing.T, n int, d time.Duration) {
	t.Helper()
	time.Sleep(d)
	if got := len(c.svc.Messages()); got != n {
		t.Fatalf("the push service received %d messages, want %d", got, n)
	}
}

func TestQueue_TheSameSummaryEnqueuedByTwoReplicasIsSentOnce(t *testing.T) {
	c := newCluster(t)
	c.lib["alice/r1"] = detail("r1", "Roadmap", "Ship it")
	c.lib["alice/r2"] = detail("r2", "Retro", "Went well")
	a, b := c.start(t, "a", replicaOptions{}), c.start(t, "b", replicaOptions{})
	c.device(t, a, "alice", "phone")

	// Both replicas detected r1's summary (each through its own events).
	if !a.queue.SummaryReady("alice", "r1") || !b.queue.SummaryReady("alice", "r1") {
		t.Fatal("hand-off refused")
	}
	if err := b.queue.Enqueue(ctx, "alice", "r1"); err != nil {
		t.Fatal(err)
	}
	if err := b.queue.Enqueue(ctx, "alice", "r2"); err != nil {
		t.Fatal(err)
	}
	msgs := c.svc.WaitMessages(t, 2)
	c.quiet(t, 2, 500*time.Millisecond)
	got := map[string]bool{}
	for _, m := range msgs {
		var p push.Payload
		_ = json.Unmarshal(m.Payload, &p)
		got[p.RecordingID] = true
	}
	if !got["r1"] || !got["r2"] {
		t.Fatalf("notices for %v, want r1 and r2 once each", got)
	}
}

// gate is a library whose reads wait until it is opened (or the read's
// context ends): a replica that takes a notice is held mid-send.
type gate struct {
	library
	taken chan struct{}
	open  chan struct{}
	once  sync.Once
}

func (g *gate) Detail(c context.Context, uid, id string) (recordings.Detail, error) {
	g.once.Do(func() { close(g.taken) })
	select {
	case <-g.open:
	case <-c.Done(): // as a real read would, it ends when its sender stops
		return recordings.Detail{}, c.Err()
	}
	return g.library.Detail(c, uid, id)
}

func TestQueue_ANoticeTakenByAReplicaThatDiesBeforeAcknowledgingIsSentByAnother(t *testing.T) {
	c := newCluster(t)
	c.lib["alice/r1"] = detail("r1", "Roadmap", "Ship it")
	held := &gate{library: c.lib, taken: make(chan struct{}), open: make(chan struct{})}
	cutter := &natstest.Cutter{}
	const ackWait = time.Second
	doomed := c.replica(t, "doomed", replicaOptions{recs: held, ackWait: ackWait, dialer: cutter})
	doomed.sender.Start()
	if err := doomed.queue.Start(); err != nil {
		t.Fatal(err)
	}
	c.device(t, doomed, "alice", "phone")

	if err := doomed.queue.Enqueue(ctx, "alice", "r1"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-held.taken:
	case <-time.After(5 * time.Second):
		t.Fatal("the replica never took the notice")
	}
	// It dies mid-send: its connection is cut, its sends abandoned.
	cutter.Cut()
	doomed.sender.Stop()
	close(held.open)

	start := time.Now()
	c.start(t, "restarted", replicaOptions{ackWait: ackWait})
	c.svc.WaitMessages(t, 1)
	t.Logf("sent by the other replica %v after it started", time.Since(start))
	c.quiet(t, 1, 2*ackWait)
}

func TestQueue_EnqueuedNoticesSurviveABrokerRestart(t *testing.T) {
	c := newCluster(t)
	c.lib["alice/r1"] = detail("r1", "Roadmap", "Ship it")
	writer := c.replica(t, "writer", replicaOptions{}) // enqueues, never sends
	c.device(t, writer, "alice", "phone")
	if err := writer.queue.Enqueue(ctx, "alice", "r1"); err != nil {
		t.Fatal(err)
	}
	c.broker.Restart()
	c.start(t, "sender", replicaOptions{})
	c.svc.WaitMessages(t, 1)
	c.quiet(t, 1, 300*time.Millisecond)
}

// A device subscribed through one replica is notified by another, and a
// device the push service reports gone is forgotten for every replica.
func TestSharedSubscriptions_StoredThroughOneReplicaAreUsedByAnother(t *testing.T) {
	c := newCluster(t)
	c.lib["alice/r1"] = detail("r1", "Roadmap", "Ship it")
	a := c.replica(t, "a", replicaOptions{}) // serves the page, never sends
	b := c.start(t, "b", replicaOptions{})
	phone := c.device(t, a, "alice", "phone")
	gone := c.device(t, a, "alice", "gone")
	c.svc.Script(gone, pushtest.Reply{Status: 410})

	if err := a.queue.Enqueue(ctx, "alice", "r1"); err != nil {
		t.Fatal(err)
	}
	msgs := c.svc.WaitMessages(t, 1)
	if msgs[0].Device != phone {
		t.Fatalf("sent to %s", msgs[0].Device.Endpoint)
	}
	waitFor(t, "the gone device to be forgotten", func() bool { return b.sender.Stats().Gone.Load() == 1 })
	left, err := a.subs.List(ctx, "alice")
	if err != nil || len(left) != 1 || left[0].Endpoint != phone.Endpoint {
		t.Fatalf("replica A lists %+v, %v; want only the phone", left, err)
	}
}

// A replica's queue keeps taking notices after the broker restarts under it.
func TestQueue_KeepsSendingAfterTheBrokerRestarts(t *testing.T) {
	c := newCluster(t)
	c.lib["alice/r1"] = detail("r1", "Roadmap", "Ship it")
	c.lib["alice/r2"] = detail("r2", "Retro", "Went well")
	r := c.start(t, "a", replicaOptions{})
	c.device(t, r, "alice", "phone")
	if err := r.queue.Enqueue(ctx, "alice", "r1"); err != nil {
		t.Fatal(err)
	}
	c.svc.WaitMessages(t, 1)

	c.broker.Restart()
	// The hand-off retries while the replica reconnects.
	if !r.queue.SummaryReady("alice", "r2") {
		t.Fatal("hand-off refused")
	}
	c.svc.WaitMessages(t, 2)
	c.quiet(t, 2, 300*time.Millisecond)
}

// Through the shared queue too, one user's tarpits hold one lane: another
// user's notice enqueued after theirs is sent at once.
func TestQueue_OneUsersTarpitsDoNotDelayAnothersNotice(t *testing.T) {
	c := newCluster(t)
	r := c.start(t, "a", replicaOptions{sending: slowSends})
	ids := tarpitted(t, r.subs, c.lib, "mallory", 8)
	c.lib["bob/b1"] = detail("b1", "Bob's", "S")
	c.device(t, r, "bob", "bobs-phone")
	for _, id := range ids {
		if err := r.queue.Enqueue(ctx, "mallory", id); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	if err := r.queue.Enqueue(ctx, "bob", "b1"); err != nil {
		t.Fatal(err)
	}
	waitDelivered(t, c.svc, start)
}
