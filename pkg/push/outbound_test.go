package push_test

import (
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/tests/pushtest"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// probeEndpoints point inside the network: each must be refused at once.
var probeEndpoints = []struct{ endpoint, want string }{
	{"https://127.0.0.1:8443/push/x", "not an IP address"},
	{"https://10.0.0.1/push/x", "not an IP address"},
	{"https://169.254.169.254/latest/meta-data/", "not an IP address"},
	{"https://[::1]/push/x", "not an IP address"},
	{"https://[::ffff:10.0.0.1]/push/x", "not an IP address"},
	{"https://metadata.google.internal/computeMetadata/v1/", "not a known push service"},
	{"https://redis/push/x", "not a known push service"},
	{"https://localhost/push/x", "not a known push service"},
	{"https://fcm.googleapis.com:8443/fcm/send/x", "port 443"},
	{"https://fcm.googleapis.com.attacker.example/fcm/send/x", "not a known push service"},
}

func TestSubscribe_RefusesEndpointsInsideTheNetwork(t *testing.T) {
	good := subscription(newRig(t, nil).svc.NewDevice("phone"))
	subs := push.NewSubscriptions(storetest.Open(t), nil, push.EndpointPolicy{})
	for _, p := range probeEndpoints {
		sub := good
		sub.Endpoint = p.endpoint
		err := subs.Subscribe(ctx, "alice", sub)
		if !apperr.Is(err, apperr.Invalid) || !strings.Contains(err.Error(), p.want) {
			t.Errorf("%s: error %v, want Invalid containing %q", p.endpoint, err, p.want)
		}
	}
	if got, err := subs.List(ctx, "alice"); err != nil || len(got) != 0 {
		t.Fatalf("stored %d subscriptions (%v), want none", len(got), err)
	}
}

// countingListener accepts connections and closes them, counting them.
func countingListener(t *testing.T) (port string, accepted *atomic.Int64) {
	t.Helper()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	accepted = &atomic.Int64{}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			_ = c.Close()
		}
	}()
	_, port, _ = net.SplitHostPort(ln.Addr().String())
	return port, accepted
}

// A subscription stored before the checks existed, to a host on the
// allow-list that resolves to loopback: the dial-time check refuses it
// before any connection is opened.
func TestSender_RefusesAtDialTimeAHostThatResolvesToLoopback(t *testing.T) {
	port, accepted := countingListener(t)
	r := newRig(t, nil)
	r.lib["alice/r1"] = detail("r1", "T", "S")
	subs := push.NewSubscriptions(storetest.Open(t), nil, push.EndpointPolicy{Hosts: []string{"localhost"}})
	sub := subscription(r.svc.NewDevice("phone"))
	sub.Endpoint = "https://localhost:" + port + "/push/phone"
	if err := subs.SaveUnchecked(ctx, "alice", sub); err != nil {
		t.Fatal(err)
	}
	sender := push.NewSender(subs, r.lib, push.SenderOptions{Keys: r.keys, Subject: subject, Sleep: r.sleeps.record})
	sender.Start()
	t.Cleanup(sender.Stop)

	sender.SummaryReady("alice", "r1")
	waitFor(t, "the send to be given up", func() bool { return sender.Stats().Failed.Load() == 1 })
	if n := accepted.Load(); n != 0 {
		t.Fatalf("the listener accepted %d connections, want 0", n)
	}
	if b := sender.Stats().Blocked.Load(); b != 1 {
		t.Fatalf("blocked = %d, want the refused send counted", b)
	}
	if left, _ := subs.List(ctx, "alice"); len(left) != 1 {
		t.Fatal("one refused send must not forget the subscription")
	}
}

// tarpit accepts connections and never answers, until the test ends.
func tarpit(t *testing.T) string {
	t.Helper()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var held []net.Conn
	t.Cleanup(func() {
		_ = ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range held {
			_ = c.Close()
		}
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c)
			mu.Unlock()
		}
	}()
	return "http://" + ln.Addr().String()
}

// tarpitted subscribes uid's MaxPerUser devices, all at a tarpit, and
// returns the ids of n recordings of theirs ready to announce.
func tarpitted(t *testing.T, subs *push.Subscriptions, lib library, uid string, n int) []string {
	t.Helper()
	pit := tarpit(t)
	d := subscription(pushtest.NewDevice(pit + "/push/pit"))
	for i := range push.MaxPerUser {
		d.Endpoint = fmt.Sprintf("%s/push/pit%d", pit, i)
		if err := subs.Subscribe(ctx, uid, d); err != nil {
			t.Fatal(err)
		}
	}
	var ids []string
	for i := range n {
		id := fmt.Sprintf("%s-%d", uid, i)
		lib[uid+"/"+id] = detail(id, "T", "S")
		ids = append(ids, id)
	}
	return ids
}

// slowSends are per-try and per-notice bounds short enough for a test.
func slowSends(o *push.SenderOptions) {
	o.TryTimeout, o.NoticeDeadline = 300*time.Millisecond, 2*time.Second
}

// waitDelivered fails unless the push service accepts a message within 3 s.
func waitDelivered(t *testing.T, svc *pushtest.Service, start time.Time) {
	t.Helper()
	for len(svc.Messages()) == 0 {
		if time.Since(start) > 3*time.Second {
			t.Fatal("bob's notice was not delivered within 3 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("bob's notice delivered after %v", time.Since(start))
}

func TestSender_OneUsersTarpitsDoNotDelayAnothersNotice(t *testing.T) {
	r := newRig(t, slowSends)
	ids := tarpitted(t, r.subs, r.lib, "mallory", 8)
	r.lib["bob/b1"] = detail("b1", "Bob's", "S")
	r.device(t, "bob", "bobs-phone")
	r.start(t)

	for _, id := range ids {
		r.sender.SummaryReady("mallory", id)
	}
	start := time.Now()
	r.sender.SummaryReady("bob", "b1")
	waitDelivered(t, r.svc, start)
}

// An endpoint is forgotten once it failed 5 notices in a row over a day;
// one success in between starts the count again.
func TestSender_ForgetsAnEndpointThatFailsNoticeAfterNoticeForADay(t *testing.T) {
	r := newRig(t, nil)
	broken, fine := r.device(t, "alice", "broken"), r.device(t, "alice", "fine")
	refusals := make([]pushtest.Reply, 20)
	for i := range refusals {
		refusals[i] = pushtest.Reply{Status: http.StatusForbidden}
	}
	r.svc.Script(broken, refusals[:4]...) // 4 failed notices, then one delivered
	r.start(t)
	notify := func(i int) {
		t.Helper()
		id := fmt.Sprintf("r%d", i)
		r.lib["alice/"+id] = detail(id, "T", "S")
		sent, failed := r.sender.Stats().Sent.Load(), r.sender.Stats().Failed.Load()
		r.sender.SummaryReady("alice", id)
		waitFor(t, "the notice to be handled", func() bool {
			return r.sender.Stats().Sent.Load()+r.sender.Stats().Failed.Load() == sent+failed+2
		})
		r.clock.Advance(8 * time.Hour)
	}
	for i := range 5 {
		notify(i)
	}
	r.svc.Script(broken, refusals...)
	for i := 5; i < 9; i++ { // 4 more failures over 24 h: kept
		notify(i)
	}
	if len(r.endpoints(t, "alice")) != 2 || r.sender.Stats().Abandoned.Load() != 0 {
		t.Fatalf("forgotten too early: %v", r.endpoints(t, "alice"))
	}
	notify(9) // the 5th in a row, 32 h after the first
	if eps := r.endpoints(t, "alice"); !slices.Equal(eps, []string{fine.Endpoint}) || r.sender.Stats().Abandoned.Load() != 1 {
		t.Fatalf("subscriptions %v, abandoned %d; want only the working one", eps, r.sender.Stats().Abandoned.Load())
	}
}

func TestSender_OneUserCannotFillTheQueue(t *testing.T) {
	r := newRig(t, func(o *push.SenderOptions) { o.PerUserQueue = 3 })
	// Not started: nothing is sent, the notices stay held.
	for i := range 5 {
		if queued := r.sender.SummaryReady("mallory", "m"); queued != (i < 3) {
			t.Fatalf("notice %d of mallory: queued = %v", i, queued)
		}
	}
	if !r.sender.SummaryReady("bob", "b1") {
		t.Fatal("bob's notice was dropped")
	}
	if d := r.sender.Stats().Dropped.Load(); d != 2 {
		t.Fatalf("dropped = %d, want 2", d)
	}
}
