package live_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/live"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// TestEvents_AFloodOfSocketsLeavesTheServerAnswering runs the whole server
// with low caps: one user opening socket after socket keeps only the newest
// few, sockets past the overall cap are refused before they are upgraded,
// and the probes, sign-in, the REST API and other people's sockets go on.
func TestEvents_AFloodOfSocketsLeavesTheServerAnswering(t *testing.T) {
	t.Parallel()
	const perUser, overall = 3, 8
	s := servertest.Start(t, func(c *config.Config) {
		c.Live.MaxPerUser, c.Live.MaxSockets = "3", "8"
	})
	alice := s.SignIn(t, "alice@example.com")
	bob := s.SignIn(t, "bob@example.com")

	var flood []*websocket.Conn
	for i := range 4 * perUser {
		flood = append(flood, s.OpenEvents(t, alice.IDToken))
		if i < perUser {
			continue
		}
		code, reason := closeOf(t, flood[i-perUser])
		if code != live.CloseTooMany || reason != "too many open connections" {
			t.Fatalf("socket %d of the flood closed with %d %q, want %d", i-perUser, code, reason, live.CloseTooMany)
		}
	}
	bobs := s.OpenEvents(t, bob.IDToken)

	// Sockets that never sign in still hold a descriptor each: past the
	// overall cap the upgrade is refused.
	refused := false
	for held := perUser + 1; held <= overall && !refused; held++ {
		_, resp, err := s.DialEvents(t)
		if err == nil {
			continue
		}
		if resp == nil || resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" {
			t.Fatalf("upgrade past the cap: %v %v; want 503 with Retry-After", err, resp)
		}
		refused = true
	}
	if !refused {
		t.Fatalf("the server accepted more than %d sockets", overall)
	}

	if r := s.NewClient(t).Do("GET", "/healthz", nil); r.Status != http.StatusOK {
		t.Fatalf("/healthz = %d", r.Status)
	}
	s.SignIn(t, "carol@example.com")
	bob.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "flood-1", "title": "Still here"}})
	bob.MustOK("GET", "/api/v1/recordings/flood-1", nil)
	var ev map[string]any
	_ = bobs.SetReadDeadline(time.Now().Add(3 * time.Second))
	if err := bobs.ReadJSON(&ev); err != nil || ev["recordingId"] != "flood-1" {
		t.Fatalf("bob's socket after the flood: %v %v", ev, err)
	}
	metrics := s.NewClient(t).Do("GET", "/metrics", nil)
	for _, line := range []string{"pocket_live_sockets_evicted_total 9", "pocket_live_sockets_refused_total 1", "pocket_live_sockets_max 8"} {
		if !strings.Contains(string(metrics.Body), line) {
			t.Errorf("/metrics lacks %q", line)
		}
	}
}

// closeOf reads until the server closes c and returns its close code and reason.
func closeOf(t *testing.T, c *websocket.Conn) (int, string) {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
	for {
		_, _, err := c.ReadMessage()
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return ce.Code, ce.Text
		}
		if err != nil {
			t.Fatalf("socket ended without a close frame: %v", err)
		}
	}
}
