package live_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/pocket-companion/pocket/tests/servertest"
)

// TestEvents_AnUploadReachesTheOwnersSocketWithinASecond runs the whole
// server: a device uploads over REST and the open tab hears of it.
func TestEvents_AnUploadReachesTheOwnersSocketWithinASecond(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	c := s.OpenEvents(t, alice.IDToken)
	start := time.Now()
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "live-1", "title": "Secret title"}})
	var ev map[string]any
	_ = c.SetReadDeadline(time.Now().Add(time.Second))
	if err := c.ReadJSON(&ev); err != nil {
		t.Fatalf("no event within a second of the upload: %v", err)
	}
	if ev["type"] != "recording.created" || ev["recordingId"] != "live-1" || ev["seq"] == nil {
		t.Fatalf("event = %v", ev)
	}
	t.Logf("upload to event: %v", time.Since(start))

	_, resp, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.URL, "http")+"/api/v1/events", http.Header{"Origin": {"https://evil.example"}})
	if err == nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a cross-site page opened the socket: %v %v", err, resp)
	}
}
