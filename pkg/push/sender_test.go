package push_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/tests/pushtest"
)

func TestSender_DeliversAnEncryptedVAPIDSignedNoticeToEveryDevice(t *testing.T) {
	r := newRig(t, nil)
	r.lib["alice/r1"] = detail("r1", "Roadmap review", "\n## Roadmap\nShip the beta in **May**")
	phone, laptop := r.device(t, "alice", "phone"), r.device(t, "alice", "laptop")
	r.device(t, "bob", "bobs-phone")
	r.start(t)

	r.sender.SummaryReady("alice", "r1")
	msgs := r.svc.WaitMessages(t, 2)
	got := map[*pushtest.Device]push.Payload{}
	for _, m := range msgs {
		var p push.Payload
		if err := json.Unmarshal(m.Payload, &p); err != nil {
			t.Fatalf("payload %q: %v", m.Payload, err)
		}
		got[m.Device] = p
		if m.Header.Get("Urgency") != "normal" || m.Header.Get("TTL") != "86400" {
			t.Errorf("headers Urgency=%q TTL=%q", m.Header.Get("Urgency"), m.Header.Get("TTL"))
		}
	}
	want := push.Payload{Type: "summary.ready", RecordingID: "r1", Title: "Roadmap review", Body: "Ship the beta in May"}
	if got[phone] != want || got[laptop] != want {
		t.Fatalf("payloads = %+v, want %+v on both devices", got, want)
	}
	time.Sleep(50 * time.Millisecond) // bob's device must stay silent
	if n := len(r.svc.Messages()); n != 2 {
		t.Fatalf("%d messages, want 2 (nothing to bob)", n)
	}
	waitFor(t, "both deliveries to be counted", func() bool { return r.sender.Stats().Sent.Load() == 2 })
}

func TestSender_UntitledRecordingWithoutSummaryText(t *testing.T) {
	r := newRig(t, nil)
	r.lib["alice/r1"] = detail("r1", "   ", "")
	r.device(t, "alice", "phone")
	r.start(t)
	r.sender.SummaryReady("alice", "r1")
	var p push.Payload
	_ = json.Unmarshal(r.svc.WaitMessages(t, 1)[0].Payload, &p)
	if p.Title != "Untitled Recording" || p.Body != "" {
		t.Fatalf("payload = %+v", p)
	}
}

func TestSender_ForgetsSubscriptionsThePushServiceReportsGone(t *testing.T) {
	for _, status := range []int{http.StatusGone, http.StatusNotFound} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			r := newRig(t, nil)
			r.lib["alice/r1"] = detail("r1", "T", "S")
			gone, kept := r.device(t, "alice", "gone"), r.device(t, "alice", "kept")
			r.svc.Script(gone, pushtest.Reply{Status: status})
			r.start(t)

			r.sender.SummaryReady("alice", "r1")
			r.svc.WaitMessages(t, 1)
			waitFor(t, "the gone subscription to be forgotten", func() bool { return r.sender.Stats().Gone.Load() == 1 })
			if eps := r.endpoints(t, "alice"); !slices.Equal(eps, []string{kept.Endpoint}) {
				t.Fatalf("subscriptions = %v, want only %s", eps, kept.Endpoint)
			}
			if n := r.svc.Requests(gone); n != 1 {
				t.Fatalf("%d requests to a gone endpoint, want 1 (no retries)", n)
			}
		})
	}
}

func TestSender_RetriesTooManyRequestsAndServerErrorsThenDelivers(t *testing.T) {
	r := newRig(t, func(o *push.SenderOptions) { o.BaseBackoff = time.Second })
	r.lib["alice/r1"] = detail("r1", "T", "S")
	phone := r.device(t, "alice", "phone")
	r.svc.Script(phone, pushtest.Reply{Status: 429, RetryAfter: "7"}, pushtest.Reply{Status: 503})
	r.start(t)

	r.sender.SummaryReady("alice", "r1")
	r.svc.WaitMessages(t, 1)
	if n := r.svc.Requests(phone); n != 3 {
		t.Fatalf("%d requests, want 3 (429, 503, then delivered)", n)
	}
	// Retry-After is honoured; then the second backoff, 2 s, with the test's
	// jitter taking its whole random half.
	if w := r.sleeps.all(); !slices.Equal(w, []time.Duration{7 * time.Second, 2 * time.Second}) {
		t.Fatalf("waits = %v, want [7s 2s]", w)
	}
	waitFor(t, "the delivery to be counted", func() bool { return r.sender.Stats().Sent.Load() == 1 })
	if r.sender.Stats().Failed.Load() != 0 {
		t.Fatalf("stats sent=%d failed=%d", r.sender.Stats().Sent.Load(), r.sender.Stats().Failed.Load())
	}
}

func TestSender_GivesUpAfterItsTriesAndOnOtherRefusals(t *testing.T) {
	r := newRig(t, func(o *push.SenderOptions) { o.MaxTries = 3 })
	r.lib["alice/r1"] = detail("r1", "T", "S")
	busy, bad := r.device(t, "alice", "busy"), r.device(t, "alice", "bad")
	r.svc.Script(busy, pushtest.Reply{Status: 500}, pushtest.Reply{Status: 502}, pushtest.Reply{Status: 503}, pushtest.Reply{Status: 504})
	r.svc.Script(bad, pushtest.Reply{Status: 413})
	r.start(t)

	r.sender.SummaryReady("alice", "r1")
	waitFor(t, "both to fail", func() bool { return r.sender.Stats().Failed.Load() == 2 })
	if r.svc.Requests(busy) != 3 || r.svc.Requests(bad) != 1 {
		t.Fatalf("requests busy=%d bad=%d, want 3 and 1", r.svc.Requests(busy), r.svc.Requests(bad))
	}
	if len(r.endpoints(t, "alice")) != 2 {
		t.Fatal("a refusal other than 404/410 must not forget the subscription")
	}
}

func TestSender_RetryAfterBeyondTheLongestWaitGivesUp(t *testing.T) {
	r := newRig(t, func(o *push.SenderOptions) { o.MaxWait = time.Minute })
	r.lib["alice/r1"] = detail("r1", "T", "S")
	phone := r.device(t, "alice", "phone")
	r.svc.Script(phone, pushtest.Reply{Status: 429, RetryAfter: "3600"})
	r.start(t)
	r.sender.SummaryReady("alice", "r1")
	waitFor(t, "the notice to be given up", func() bool { return r.sender.Stats().Failed.Load() == 1 })
	if r.svc.Requests(phone) != 1 || len(r.sleeps.all()) != 0 {
		t.Fatalf("requests=%d waits=%v", r.svc.Requests(phone), r.sleeps.all())
	}
}

func TestSender_FullQueueDropsWithoutBlocking(t *testing.T) {
	r := newRig(t, func(o *push.SenderOptions) { o.QueueSize = 2 })
	// Workers not started: nothing drains the queue.
	done := make(chan []bool)
	go func() {
		var queued []bool
		for range 5 {
			queued = append(queued, r.sender.SummaryReady("alice", "r1"))
		}
		done <- queued
	}()
	select {
	case queued := <-done:
		if !slices.Equal(queued, []bool{true, true, false, false, false}) {
			t.Fatalf("queued = %v", queued)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("SummaryReady blocked on a full queue")
	}
	if d := r.sender.Stats().Dropped.Load(); d != 3 {
		t.Fatalf("dropped = %d, want 3", d)
	}
}

func TestSender_LongTitleAndSummaryFitOneSmallRecord(t *testing.T) {
	r := newRig(t, nil)
	long := strings.Repeat("\"<Quarterly planning>\" \x01 ", 2000)
	r.lib["alice/r1"] = detail("r1", long, long+"\nsecond line")
	r.device(t, "alice", "phone")
	r.start(t)
	r.sender.SummaryReady("alice", "r1")
	m := r.svc.WaitMessages(t, 1)[0]
	if len(m.Payload) > push.MaxPayloadBytes || len(m.Payload) >= 4096 {
		t.Fatalf("payload is %d bytes", len(m.Payload))
	}
	var p push.Payload
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.Title, "\"<Quarterly planning>\"") || !strings.HasSuffix(p.Body, "…") || strings.Contains(p.Body, "second") {
		t.Fatalf("payload = %+v", p)
	}
}

func TestSender_DeletedRecordingIsNotAnnounced(t *testing.T) {
	r := newRig(t, nil)
	r.device(t, "alice", "phone")
	r.lib["alice/r2"] = detail("r2", "Later", "S")
	r.start(t)
	r.sender.SummaryReady("alice", "gone")
	r.sender.SummaryReady("alice", "r2")
	msgs := r.svc.WaitMessages(t, 1)
	time.Sleep(50 * time.Millisecond)
	if len(r.svc.Messages()) != 1 || !strings.Contains(string(msgs[0].Payload), `"r2"`) {
		t.Fatalf("messages = %d, first %s", len(r.svc.Messages()), msgs[0].Payload)
	}
}

func TestSender_DoesNotFollowRedirects(t *testing.T) {
	r := newRig(t, nil)
	r.lib["alice/r1"] = detail("r1", "T", "S")
	phone := r.device(t, "alice", "phone")
	elsewhere := r.svc.NewDevice("elsewhere") // not subscribed: only a redirect could reach it
	r.svc.Script(phone, pushtest.Reply{Status: http.StatusTemporaryRedirect, Location: elsewhere.Endpoint})
	r.start(t)
	r.sender.SummaryReady("alice", "r1")
	waitFor(t, "the notice to be given up", func() bool { return r.sender.Stats().Failed.Load() == 1 })
	if r.svc.Requests(elsewhere) != 0 || r.svc.Requests(phone) != 1 {
		t.Fatalf("requests phone=%d elsewhere=%d", r.svc.Requests(phone), r.svc.Requests(elsewhere))
	}
}

func TestSender_DigestReady_NoticeOpensTheDigestWithoutARecording(t *testing.T) {
	r := newRig(t, nil)
	r.device(t, "alice", "phone")
	r.start(t)
	if !r.sender.DigestReady("alice", 3) {
		t.Fatal("the digest notice was not queued")
	}
	var p push.Payload
	_ = json.Unmarshal(r.svc.WaitMessages(t, 1)[0].Payload, &p)
	want := push.Payload{Type: "digest.ready", Title: "Your digest is ready", Body: "3 new recordings since your last digest."}
	if p != want {
		t.Fatalf("payload = %+v, want %+v", p, want)
	}
}
