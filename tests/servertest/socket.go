package servertest

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// OpenSocket signs a live-events socket in with token, as the app does from
// the server's own origin, and reads its hello. It is closed when the test ends.
func (s *Server) OpenSocket(t testing.TB, token string) *websocket.Conn {
	t.Helper()
	c, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.URL, "http")+"/api/v1/events",
		http.Header{"Origin": {s.Cfg.PublicURL}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.WriteJSON(map[string]string{"type": "auth", "token": token}); err != nil {
		t.Fatal(err)
	}
	var hello map[string]any
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	if err := c.ReadJSON(&hello); err != nil || hello["type"] != "hello" {
		t.Fatalf("hello = %v, %v", hello, err)
	}
	return c
}
