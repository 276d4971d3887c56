package live

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/faketokens"
)

type rig struct {
	hub    *Hub
	bus    *events.Bus
	url    string
	server *Server
}

func newRig(t *testing.T) *rig { return newRigWith(t, Limits{}, nil) }

// newRigWith caps the sockets at limits; edit may adjust the Server before
// it serves (a shorter sign-in deadline).
func newRigWith(t *testing.T, limits Limits, edit func(*Server)) *rig {
	t.Helper()
	hub, bus := NewHub(), events.NewBus()
	t.Cleanup(bus.Listen(hub.Deliver))
	var srv *httptest.Server
	mux := http.NewServeMux()
	srv = httptest.NewServer(mux)
	s := NewServer(hub, faketokens.Verifier{}, srv.URL, limits, slog.New(slog.DiscardHandler))
	if edit != nil {
		edit(s)
	}
	mux.Handle("GET /api/v1/events", httpx.Handler(s.serve))
	t.Cleanup(srv.Close)
	t.Cleanup(hub.closeAll)
	return &rig{hub: hub, bus: bus, url: srv.URL, server: s}
}

func (r *rig) dial(t *testing.T, origin string) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	h := http.Header{}
	if origin != "" {
		h.Set("Origin", origin)
	}
	return websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(r.url, "http")+"/api/v1/events", h)
}

// open dials from the app's origin and signs in with token, returning the
// socket after the hello.
func (r *rig) open(t *testing.T, token string) *websocket.Conn {
	t.Helper()
	c, _, err := r.dial(t, r.url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	send(t, c, map[string]string{"type": "auth", "token": token})
	var h hello
	readJSON(t, c, &h)
	if h.Type != "hello" || h.Protocol != ProtocolVersion {
		t.Fatalf("first message = %+v, want hello v%d", h, ProtocolVersion)
	}
	return c
}

func send(t *testing.T, c *websocket.Conn, v any) {
	t.Helper()
	if err := c.WriteJSON(v); err != nil {
		t.Fatal(err)
	}
}

func readJSON(t *testing.T, c *websocket.Conn, v any) {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	if err := c.ReadJSON(v); err != nil {
		t.Fatalf("read: %v", err)
	}
}

// closeCode reads until the server closes the socket and returns its code.
func closeCode(t *testing.T, c *websocket.Conn, within time.Duration) int {
	t.Helper()
	return closeFrame(t, c, within).Code
}

// closeFrame reads until the server closes the socket and returns its close frame.
func closeFrame(t *testing.T, c *websocket.Conn, within time.Duration) *websocket.CloseError {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(within))
	for {
		_, _, err := c.ReadMessage()
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return ce
		}
		if err != nil {
			t.Fatalf("socket ended without a close frame: %v", err)
		}
	}
}

func TestEvents_ACrossSitePageIsRefused(t *testing.T) {
	r := newRig(t)
	_, resp, err := r.dial(t, "https://evil.example")
	if err == nil || resp == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-site dial: err %v, status %v; want 403", err, resp)
	}
	c, _, err := r.dial(t, r.url)
	if err != nil {
		t.Fatalf("the app's own origin is refused: %v", err)
	}
	c.Close()
}

func TestEvents_TheFirstMessageMustCarryAValidToken(t *testing.T) {
	r := newRig(t)
	for name, msg := range map[string]any{
		"bad token": map[string]string{"type": "auth", "token": "garbage"},
		"no token":  map[string]string{"type": "auth"},
		"not auth":  map[string]string{"type": "hello"},
	} {
		t.Run(name, func(t *testing.T) {
			c, _, err := r.dial(t, r.url)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			send(t, c, msg)
			if code := closeCode(t, c, 3*time.Second); code != CloseUnauthenticated {
				t.Fatalf("close code %d, want %d", code, CloseUnauthenticated)
			}
		})
	}
}

func TestEvents_ReachEveryTabOfTheUserAndNoOneElse(t *testing.T) {
	r := newRig(t)
	tab1, tab2 := r.open(t, "alice:1h"), r.open(t, "alice:1h")
	other := r.open(t, "bob:1h")
	r.bus.Publish(events.Event{Type: events.RecordingCreated, UserID: "alice", RecordingID: "r1", Seq: 7})
	for _, tab := range []*websocket.Conn{tab1, tab2} {
		var m map[string]any
		readJSON(t, tab, &m)
		if m["type"] != "recording.created" || m["recordingId"] != "r1" || m["seq"] != float64(7) {
			t.Fatalf("event = %v", m)
		}
	}
	_ = other.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if _, data, err := other.ReadMessage(); err == nil {
		t.Fatalf("bob received %s", data)
	}
}

func TestEvents_AnExpiredTokenClosesTheSocketUnlessRefreshed(t *testing.T) {
	r := newRig(t)
	stale := r.open(t, "alice:300ms")
	fresh := r.open(t, "alice:300ms")
	send(t, fresh, map[string]string{"type": "auth", "token": "alice:1h"})
	if code := closeCode(t, stale, 3*time.Second); code != CloseTokenExpired {
		t.Fatalf("close code %d, want %d", code, CloseTokenExpired)
	}
	// The refreshed socket outlives the first token and still delivers.
	time.Sleep(200 * time.Millisecond)
	r.bus.Publish(events.Event{Type: events.RecordingUpdated, UserID: "alice", RecordingID: "r1"})
	var m map[string]any
	readJSON(t, fresh, &m)
	if m["type"] != "recording.updated" {
		t.Fatalf("event after refresh = %v", m)
	}
	// A token of another user on an open socket closes it.
	send(t, fresh, map[string]string{"type": "auth", "token": "bob:1h"})
	if code := closeCode(t, fresh, 3*time.Second); code != CloseUnauthenticated {
		t.Fatalf("close code %d, want %d", code, CloseUnauthenticated)
	}
}

func TestEvents_ASlowConsumerIsDroppedAndTheRestKeepUp(t *testing.T) {
	r := newRig(t)
	slow := r.open(t, "alice:1h")
	fast := r.open(t, "alice:1h")
	received := make(chan struct{}, 64)
	go func() { // the fast tab reads everything
		for {
			_ = fast.SetReadDeadline(time.Now().Add(5 * time.Second))
			if _, _, err := fast.ReadMessage(); err != nil {
				return
			}
			received <- struct{}{}
		}
	}()
	// The slow tab reads nothing. Events come in bursts the fast tab keeps
	// up with, until the slow one's socket and buffer are full.
	pad := strings.Repeat("x", 16<<10)
	sent := 0
	for sent < 4000 && r.hub.Dropped() == 0 {
		for i := 0; i < 16; i++ {
			r.bus.Publish(events.Event{Type: events.RecordingUpdated, UserID: "alice", RecordingID: pad})
			sent++
		}
		for i := 0; i < 16; i++ {
			select {
			case <-received:
			case <-time.After(3 * time.Second):
				t.Fatalf("the fast tab stalled after %d events", sent)
			}
		}
	}
	if r.hub.Dropped() != 1 {
		t.Fatalf("%d sockets dropped after %d events; want the slow one", r.hub.Dropped(), sent)
	}
	if code := closeCode(t, slow, 5*time.Second); code != CloseTooSlow {
		t.Fatalf("the slow socket closed with %d, want %d", code, CloseTooSlow)
	}
	r.bus.Publish(events.Event{Type: events.RecordingUpdated, UserID: "alice", RecordingID: "after"})
	select {
	case <-received:
	case <-time.After(3 * time.Second):
		t.Fatal("the fast tab stopped receiving after the slow one was dropped")
	}
}

func TestEvents_CarryIDsNotContent(t *testing.T) {
	b := encodeEvent(events.Event{Type: events.SummaryReady, UserID: "secret-uid", RecordingID: "r1", Seq: 3})
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	for k := range m {
		if k != "type" && k != "recordingId" && k != "seq" && k != "at" {
			t.Fatalf("event carries %q: %s", k, b)
		}
	}
	if strings.Contains(string(b), "secret-uid") {
		t.Fatalf("event names the user: %s", b)
	}
}
