package app_test

import (
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// The test client connects from 127.0.0.1, a loopback peer.
func TestMetrics_LoopbackByDefaultTokenWhenConfigured(t *testing.T) {
	t.Run("no token: a loopback peer reads them", func(t *testing.T) {
		s := servertest.Start(t, nil)
		c := s.NewClient(t)
		c.Do("GET", "/healthz", nil)
		r := c.Do("GET", "/metrics", nil)
		if r.Status != 200 || !strings.Contains(string(r.Body), `pocket_http_requests_total{method="GET",route="GET /healthz",status="200"}`) {
			t.Fatalf("got %d %.300s", r.Status, r.Body)
		}
		if r := c.Do("GET", "/metrics", nil); r.Status != 200 {
			t.Fatalf("second scrape got %d", r.Status)
		}
	})
	t.Run("token: required even from loopback", func(t *testing.T) {
		s := servertest.Start(t, func(c *config.Config) { c.MetricsToken = "scrape-secret" })
		if r := s.NewClient(t).Do("GET", "/metrics", nil); r.Status != 401 || strings.Contains(string(r.Body), "pocket_http") {
			t.Fatalf("without the token got %d %.200s", r.Status, r.Body)
		}
		user := s.SignIn(t, "ada@example.com")
		if r := user.Do("GET", "/metrics", nil); r.Status != 401 {
			t.Fatalf("a user's ID token got %d", r.Status)
		}
		r := s.WithToken(t, "scrape-secret").Do("GET", "/metrics", nil)
		if r.Status != 200 || !strings.Contains(string(r.Body), "pocket_http_request_duration_seconds") {
			t.Fatalf("with the token got %d %.200s", r.Status, r.Body)
		}
	})
}
