package servertest

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// DialEvents opens the live-events socket (GET /api/v1/events) from the
// app's own origin, without signing in. The socket closes when the test ends.
func (s *Server) DialEvents(t testing.TB) (*websocket.Conn, *http.Response, error) {
	t.Helper()
	c, resp, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.URL, "http")+"/api/v1/events",
		http.Header{"Origin": {s.Cfg.PublicURL}})
	if err == nil {
		t.Cleanup(func() { _ = c.Close() }) // the test is over: the socket goes either way
	}
	if resp != nil && resp.Body != nil {
		_, _ = io.Copy(io.Discard, resp.Body) // a refusal's body, read so resp's headers can be checked at leisure
	}
	return c, resp, err
}

// OpenEvents opens the live-events socket, signs it in with idToken and
// returns it once the server's hello has arrived.
func (s *Server) OpenEvents(t testing.TB, idToken string) *websocket.Conn {
	t.Helper()
	c, _, err := s.DialEvents(t) //nolint:bodyclose // a websocket handshake answer needs no Close (gorilla/websocket)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.WriteJSON(map[string]string{"type": "auth", "token": idToken}); err != nil {
		t.Fatal(err)
	}
	var hello map[string]any
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	if err := c.ReadJSON(&hello); err != nil || hello["type"] != "hello" {
		t.Fatalf("hello = %v, %v", hello, err)
	}
	return c
}

// WantClosed waits for the server to close socket c with code (events sent
// before the close are skipped).
func WantClosed(t testing.TB, c *websocket.Conn, code int) {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	for {
		_, _, err := c.ReadMessage()
		if err == nil {
			continue
		}
		if !websocket.IsCloseError(err, code) {
			t.Errorf("socket: want close %d, got %v", code, err)
		}
		return
	}
}

// WantOpen checks socket c still answers: a ping gets its pong. It reads
// the socket from then on, so call it once per socket.
func WantOpen(t testing.TB, c *websocket.Conn) {
	t.Helper()
	pong := make(chan struct{}, 1)
	c.SetPongHandler(func(string) error {
		select {
		case pong <- struct{}{}:
		default:
		}
		return nil
	})
	if err := c.WriteControl(websocket.PingMessage, nil, time.Now().Add(time.Second)); err != nil {
		t.Fatalf("socket closed: %v", err)
	}
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	go func() {
		for {
			if _, _, err := c.ReadMessage(); err != nil {
				return
			}
		}
	}()
	select {
	case <-pong:
	case <-time.After(3 * time.Second):
		t.Fatal("the socket stopped answering")
	}
}
