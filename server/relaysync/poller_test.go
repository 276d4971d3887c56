package relaysync_test

import (
	"github.com/pocket-companion/pocket/server/relaysync"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
)

func hasEvent(h *heard, typ, id string) func() bool {
	return func() bool {
		return slices.ContainsFunc(h.all(), func(ev events.Event) bool { return ev.Type == typ && ev.RecordingID == id })
	}
}

func TestChanged_UploadWithoutSummaryIsWatchedUntilSummaryReady(t *testing.T) {
	gate, release := gateSummaries()
	e := newEnv(t, relaysync.Options{WatchFirst: 100 * time.Millisecond}, gate)
	t.Cleanup(release)
	alice := e.signIn("alice@example.com")
	e.pullAll(alice, "")
	heard := e.listen(alice.uid)

	// Uploaded through the REST relay, which tells the relay; no tab is
	// open and nobody pulls.
	alice.rest.MustOK("POST", "/api/v1/recordings", map[string]any{
		"recording":     map[string]any{"id": "upload", "title": "Standup", "duration": 60},
		"transcription": map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "We ship the release on Friday.", "start": 0, "end": 3}}},
	})
	e.svc.Changed(ctx, alice.uid, alice.token)
	waitFor(t, 10*time.Second, "recording.created", hasEvent(heard, events.RecordingCreated, "upload"))
	if n := e.inval.of(alice.uid); n != 0 {
		t.Fatalf("the refresh after a relayed write dropped the relay's cache %d times; the relay did already", n)
	}
	release()
	waitFor(t, 30*time.Second, "summary.ready", hasEvent(heard, events.SummaryReady, "upload"))
	if e.inval.of(alice.uid) == 0 {
		t.Fatal("the summary made upstream did not drop the relay's cache")
	}

	// Once summarised, the watch ends and the token is let go.
	waitFor(t, 10*time.Second, "the watch to end", func() bool { return e.svc.TokenOf(alice.uid) == "" })
	n := e.up.count(alice.token, "", "")
	time.Sleep(500 * time.Millisecond)
	if e.up.count(alice.token, "", "") != n {
		t.Fatal("the relay kept calling the upstream after the watch ended")
	}
}

func TestPoller_RunsOnlyWhileASocketIsOpenAndWithinTheRate(t *testing.T) {
	const rate = 60 // a minute: a bucket of 12, then one every 1.25 s
	e := newEnv(t, relaysync.Options{Rate: rate, Poll: 20 * time.Millisecond, MinRefresh: time.Hour})
	alice, bob := e.signIn("alice@example.com"), e.signIn("bob@example.com")
	ids := e.uploadFixtures(alice, 1)
	start := time.Now()
	e.pullAll(alice, "")
	aliceHeard, bobHeard := e.listen(alice.uid), e.listen(bob.uid)

	// No socket: no polling.
	time.Sleep(200 * time.Millisecond)
	if n := e.up.count(alice.token, "", ""); n != 3 {
		t.Fatalf("%d upstream calls without a socket, want the pull's 3 (folders, templates, a page)", n)
	}

	e.svc.SocketOpened(alice.uid, alice.token, time.Now().Add(time.Hour))
	alice.rest.MustOK("PUT", "/api/v1/recordings/"+ids[0], map[string]any{"title": "Renamed elsewhere"})
	waitFor(t, 5*time.Second, "the poller's event", hasEvent(aliceHeard, events.RecordingUpdated, ids[0]))
	time.Sleep(3 * time.Second)

	calls := e.up.since(alice.token, start)
	elapsed := time.Since(start)
	limit := rate/5 + int(elapsed/(time.Minute/(rate-rate/5))) + 1
	if len(calls) > limit || len(calls) < 6 {
		t.Fatalf("%d upstream calls in %v with a poll every 20 ms; the budget allows %d", len(calls), elapsed, limit)
	}
	if len(bobHeard.all()) != 0 {
		t.Fatalf("bob heard alice's changes: %+v", bobHeard.all())
	}

	e.svc.SocketClosed(alice.uid)
	time.Sleep(100 * time.Millisecond) // a poll under way ends
	n := e.up.count(alice.token, "", "")
	time.Sleep(2 * time.Second)
	if m := e.up.count(alice.token, "", ""); m != n {
		t.Fatalf("%d upstream calls after the last socket closed", m-n)
	}
	if e.svc.TokenOf(alice.uid) != "" {
		t.Fatal("the token is still held after the last socket closed")
	}
}

func TestPoller_HonoursRetryAfter(t *testing.T) {
	e := newEnv(t, relaysync.Options{Rate: 600, Poll: 20 * time.Millisecond})
	alice := e.signIn("alice@example.com")
	target, _ := url.Parse(e.upstream.URL)
	proxy := httputil.NewSingleHostReverseProxy(target)
	var limited atomic.Bool
	limited.Store(true)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if limited.Load() && strings.HasPrefix(r.URL.Path, "/api/v1/folders") {
			w.Header().Set("Retry-After", "2")
			http.Error(w, `{"success":false,"message":"Slow down","code":"RATE_LIMITED"}`, http.StatusTooManyRequests)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)
	e.up.mu.Lock()
	e.up.base = front.URL
	e.up.mu.Unlock()

	e.svc.SocketOpened(alice.uid, alice.token, time.Now().Add(time.Hour))
	waitFor(t, 2*time.Second, "a first poll", func() bool { return e.up.count(alice.token, "", "") > 0 })
	time.Sleep(1500 * time.Millisecond)
	if n := e.up.count(alice.token, "", ""); n != 1 {
		t.Fatalf("%d calls within Retry-After of a 429, want 1", n)
	}
	limited.Store(false)
	waitFor(t, 3*time.Second, "polling to resume", func() bool { return e.up.count(alice.token, "", "/api/v1/recordings/dashboard") > 0 })
	e.svc.SocketClosed(alice.uid)
}

func TestChanged_UploadAsTheFirstCallThroughTheRelayIsWatched(t *testing.T) {
	gate, release := gateSummaries()
	e := newEnv(t, relaysync.Options{WatchFirst: 100 * time.Millisecond}, gate)
	t.Cleanup(release)
	alice := e.signIn("alice@example.com")
	heard := e.listen(alice.uid)
	alice.rest.MustOK("POST", "/api/v1/recordings", map[string]any{
		"recording":     map[string]any{"id": "first", "title": "Kickoff", "duration": 60, "createdAt": time.Now().UTC().Format(time.RFC3339)},
		"transcription": map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "Welcome to the kickoff.", "start": 0, "end": 3}}},
	})
	e.svc.Changed(ctx, alice.uid, alice.token)
	waitFor(t, 10*time.Second, "the first listing", func() bool {
		_, ok, _ := e.svc.MirroredRecording(alice.uid, "first")
		return ok
	})
	release()
	waitFor(t, 30*time.Second, "summary.ready", hasEvent(heard, events.SummaryReady, "first"))
}

func TestPoller_DropsTheTokenAtItsExpiry(t *testing.T) {
	e := newEnv(t, relaysync.Options{Rate: 600, Poll: 20 * time.Millisecond, MinRefresh: time.Hour})
	alice := e.signIn("alice@example.com")
	e.svc.SocketOpened(alice.uid, alice.token, time.Now().Add(300*time.Millisecond))
	t.Cleanup(func() { e.svc.SocketClosed(alice.uid) })
	waitFor(t, 2*time.Second, "a poll", func() bool { return e.up.count(alice.token, "", "") > 0 })
	time.Sleep(400 * time.Millisecond)
	if e.svc.TokenOf(alice.uid) != "" {
		t.Fatal("an expired token is still held")
	}
	n := e.up.count(alice.token, "", "")
	time.Sleep(300 * time.Millisecond)
	if m := e.up.count(alice.token, "", ""); m != n {
		t.Fatalf("%d calls with an expired token", m-n)
	}
	// A fresh token from the socket resumes polling.
	e.svc.TokenRefreshed(alice.uid, alice.token, time.Now().Add(time.Hour))
	waitFor(t, 2*time.Second, "polling to resume", func() bool { return e.up.count(alice.token, "", "") > n })
}

func TestAwaitSummary_AnUploadSummarisedBeforeTheRelayListsItIsStillSummaryReady(t *testing.T) {
	e := newEnv(t, relaysync.Options{WatchFirst: 100 * time.Millisecond})
	alice := e.signIn("alice@example.com")
	e.pullAll(alice, "")
	heard := e.listen(alice.uid)
	upload := func(id string) {
		alice.rest.MustOK("POST", "/api/v1/recordings", map[string]any{
			"recording":     map[string]any{"id": id, "title": "Quick", "duration": 60},
			"transcription": map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "We ship on Friday.", "start": 0, "end": 3}}},
		})
		// The upstream's engine is quick: the summary is there before any listing.
		waitFor(t, 10*time.Second, "the upstream's summary", func() bool {
			return alice.rest.Do("GET", "/api/v1/summarizations/by-recording/"+id, nil).Status == http.StatusOK
		})
	}
	upload("awaited")
	e.svc.AwaitSummary(alice.uid, "awaited")
	e.svc.Changed(ctx, alice.uid, alice.token)
	waitFor(t, 10*time.Second, "summary.ready", hasEvent(heard, events.SummaryReady, "awaited"))

	// One the relay was not told of (it came with a summary, or through
	// another door) is only created: a listing cannot tell the difference.
	upload("unheard")
	e.svc.Changed(ctx, alice.uid, alice.token)
	waitFor(t, 10*time.Second, "recording.created", hasEvent(heard, events.RecordingCreated, "unheard"))
	if hasEvent(heard, events.SummaryReady, "unheard")() {
		t.Fatal("summary.ready for an upload the relay was not told was waiting for one")
	}
	if n := len(slices.DeleteFunc(heard.all(), func(ev events.Event) bool { return ev.Type != events.SummaryReady })); n != 1 {
		t.Fatalf("%d summary.ready events, want 1", n)
	}
}
