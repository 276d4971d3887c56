package live

import (
	"math"
	"net/http"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/server/config"
)

func TestEvents_OneSocketTooManyClosesTheUsersOldest(t *testing.T) {
	t.Parallel()
	r := newRigWith(t, Limits{PerUser: 2}, nil)
	oldest, middle := r.open(t, "alice:1h"), r.open(t, "alice:1h")
	bob := r.open(t, "bob:1h")
	newest := r.open(t, "alice:1h")
	ce := closeFrame(t, oldest, 3*time.Second)
	if ce.Code != CloseTooMany || ce.Text != "too many open connections" {
		t.Fatalf("the oldest socket closed with %d %q, want %d", ce.Code, ce.Text, CloseTooMany)
	}
	if r.hub.Evicted() != 1 {
		t.Fatalf("%d sockets evicted, want 1", r.hub.Evicted())
	}
	// The user's two newest sockets and the other user's still hear their events.
	r.bus.Publish(events.Event{Type: events.RecordingCreated, UserID: "alice", RecordingID: "r1"})
	r.bus.Publish(events.Event{Type: events.RecordingCreated, UserID: "bob", RecordingID: "r2"})
	for _, c := range []*websocket.Conn{middle, newest, bob} {
		var m map[string]any
		readJSON(t, c, &m)
		if m["type"] != "recording.created" {
			t.Fatalf("event = %v", m)
		}
	}
}

func TestEvents_SocketsWaitingToSignInAreCappedPerClient(t *testing.T) {
	t.Parallel()
	r := newRigWith(t, Limits{PendingPerClient: 1}, func(s *Server) { s.authTimeout = 500 * time.Millisecond })
	silent := r.dialOK(t)
	_, resp, err := r.dial(t, r.url)
	if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") != "10" {
		t.Fatalf("a second socket waiting to sign in: err %v, answer %v; want 429 with Retry-After 10", err, resp)
	}
	// A socket silent past the sign-in deadline is closed and frees its place...
	if code := closeCode(t, silent, 3*time.Second); code != CloseUnauthenticated {
		t.Fatalf("a silent socket closed with %d, want %d", code, CloseUnauthenticated)
	}
	waitUntil(t, func() bool { return r.server.gate.open() == 0 })
	next := r.dialOK(t)
	// ...and so does one that signs in.
	send(t, next, map[string]string{"type": "auth", "token": "alice:1h"})
	var h hello
	readJSON(t, next, &h)
	r.dialOK(t)
}

func TestEvents_PastTheOverallCapTheUpgradeIsRefused503(t *testing.T) {
	t.Parallel()
	r := newRigWith(t, Limits{Total: 2}, nil)
	signedIn := r.open(t, "alice:1h")
	r.dialOK(t) // not signed in yet: it holds a descriptor all the same
	_, resp, err := r.dial(t, r.url)
	if err == nil || resp == nil || resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "30" {
		t.Fatalf("a third socket: err %v, answer %v; want 503 with Retry-After 30", err, resp)
	}
	if got := r.server.gate.refused.Load(); got != 1 {
		t.Fatalf("%d refusals counted, want 1", got)
	}
	signedIn.Close()
	waitUntil(t, func() bool { return r.server.gate.open() == 1 })
	r.open(t, "bob:1h")
}

func TestSocketsForFileLimit_HalfTheDescriptorsAndAtLeast64(t *testing.T) {
	t.Parallel()
	for limit, want := range map[uint64]int{
		0: 64, 100: 64, 256: 128, 1024: 512, 1 << 20: 1 << 19, math.MaxUint64: math.MaxInt32 / 2,
	} {
		if got := socketsForFileLimit(limit); got != want {
			t.Errorf("socketsForFileLimit(%d) = %d, want %d", limit, got, want)
		}
	}
}

func TestLimitsFrom_TheOverallCapFollowsTheFileLimitUnlessSet(t *testing.T) {
	t.Parallel()
	cfg := config.Config{Live: config.Live{MaxPerUser: "16", MaxPendingPerIP: "32"}}
	if got, want := LimitsFrom(cfg), (Limits{PerUser: 16, PendingPerClient: 32, Total: socketsForFileLimit(openFileLimit())}); got != want {
		t.Fatalf("LimitsFrom = %+v, want %+v", got, want)
	}
	cfg.Live.MaxSockets = "7"
	if got := LimitsFrom(cfg).Total; got != 7 {
		t.Fatalf("POCKET_MAX_SOCKETS 7 gave a cap of %d", got)
	}
}

// dialOK opens a socket from the app's origin without signing in.
func (r *rig) dialOK(t *testing.T) *websocket.Conn {
	t.Helper()
	c, _, err := r.dial(t, r.url)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}
