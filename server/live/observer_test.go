package live

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/faketokens"
)

// seen records what an Observer was told, in order.
type seen struct {
	mu    sync.Mutex
	calls []string
}

func (s *seen) add(v string) { s.mu.Lock(); s.calls = append(s.calls, v); s.mu.Unlock() }
func (s *seen) SocketOpened(uid, token string, _ time.Time) {
	s.add("open " + uid + " " + token)
}
func (s *seen) TokenRefreshed(uid, token string, _ time.Time) {
	s.add("fresh " + uid + " " + token)
}
func (s *seen) SocketClosed(uid string) { s.add("close " + uid) }
func (s *seen) all() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.calls...)
}

func TestObserver_ToldOfOpenRefreshAndClose(t *testing.T) {
	hub, bus := NewHub(), events.NewBus()
	t.Cleanup(bus.Listen(hub.Deliver))
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	obs := &seen{}
	// The route as the module mounts it, with an observer provided.
	routes := newModuleServer(routesParams{Config: config.Config{PublicURL: srv.URL}, Hub: hub, Verifier: faketokens.Verifier{}, Log: slog.New(slog.DiscardHandler), Observer: obs}).Routes()
	mux.Handle("GET /api/v1/events", routes[0].Handler)
	r := &rig{hub: hub, bus: bus, url: srv.URL}

	c := r.open(t, "alice:1h")
	send(t, c, map[string]string{"type": "auth", "token": "alice:2h"})
	waitUntil(t, func() bool { return len(obs.all()) == 2 })
	c.Close()
	waitUntil(t, func() bool { return len(obs.all()) == 3 })
	want := []string{"open alice alice:1h", "fresh alice alice:2h", "close alice"}
	for i, w := range want {
		if obs.all()[i] != w {
			t.Fatalf("observer told %v, want %v", obs.all(), want)
		}
	}
}

func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	end := time.Now().Add(3 * time.Second)
	for !cond() {
		if time.Now().After(end) {
			t.Fatal("timed out")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
