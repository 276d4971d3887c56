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
		t.Cleanup(func() { c.Close() })
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
	c, _, err := s.DialEvents(t)
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
