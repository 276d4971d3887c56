package relay_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/servertest"
)

// TestRelay_UpstreamDownServesCachedReadsAsStaleAndRecovers stops the
// upstream mid-run: cached reads are still served, marked stale; uncached
// ones and writes fail with 503 and change nothing; once an upstream is back
// on the same address, answers are fresh again.
func TestRelay_UpstreamDownServesCachedReadsAsStaleAndRecovers(t *testing.T) {
	p := startPair(t)
	alice := p.signIn(t, "alice@example.com")
	importRecording(t, alice, "r1", "unicorn")
	dashboard := alice.MustOK("GET", "/api/v1/recordings/dashboard", nil)
	alice.MustOK("GET", "/api/v1/recordings/r1", nil)

	cfg := p.up.Cfg
	cfg.Addr = strings.TrimPrefix(p.up.URL, "http://")
	p.up.Stop()
	time.Sleep(60 * time.Millisecond) // past the test's FreshFor

	t.Run("cached reads are served, then marked stale", func(t *testing.T) {
		first := alice.Do("GET", "/api/v1/recordings/dashboard", nil)
		if first.Status != 200 || string(first.Body) != string(dashboard.Body) {
			t.Fatalf("cached dashboard: %d %s", first.Status, first.Body)
		}
		r := eventually(t, func() servertest.Response { return alice.Do("GET", "/api/v1/recordings/r1", nil) },
			func(r servertest.Response) bool { return r.Header.Get("X-Pocket-Stale") == "1" })
		if r.Status != 200 || !strings.Contains(string(r.Body), "unicorn") || r.Header.Get("Age") == "" {
			t.Fatalf("stale detail: %d %v %s", r.Status, r.Header, r.Body)
		}
	})
	t.Run("uncached reads fail with the service's message", func(t *testing.T) {
		r := alice.Do("GET", "/api/v1/folders", nil)
		if r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), `"code":"UPSTREAM_UNAVAILABLE"`) ||
			!strings.Contains(string(r.Body), "The recordings service is unavailable. Please try again.") {
			t.Fatalf("uncached read: %d %s", r.Status, r.Body)
		}
	})
	t.Run("writes fail cleanly and change nothing cached", func(t *testing.T) {
		r := alice.Do("PUT", "/api/v1/recordings/r1", map[string]any{"title": "renamed"})
		if r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), `"success":false`) {
			t.Fatalf("write: %d %s", r.Status, r.Body)
		}
		if after := alice.Do("GET", "/api/v1/recordings/dashboard", nil); after.Status != 200 || string(after.Body) != string(dashboard.Body) {
			t.Fatalf("dashboard after the failed write: %d %s", after.Status, after.Body)
		}
	})

	servertest.StartConfig(t, cfg) // the upstream again, same address and data
	t.Run("recovers", func(t *testing.T) {
		eventually(t, func() servertest.Response { return alice.Do("GET", "/api/v1/folders", nil) },
			func(r servertest.Response) bool { return r.Status == 200 })
		eventually(t, func() servertest.Response { return alice.Do("GET", "/api/v1/recordings/r1", nil) },
			func(r servertest.Response) bool { return r.Status == 200 && r.Header.Get("X-Pocket-Stale") == "" })
		alice.MustOK("PUT", "/api/v1/recordings/r1", map[string]any{"title": "renamed"})
		if r := alice.MustOK("GET", "/api/v1/recordings/dashboard", nil); !strings.Contains(string(r.Body), "renamed") {
			t.Fatalf("the write did not drop the cached dashboard: %s", r.Body)
		}
	})
}

// eventually repeats do until ok holds (5 s at most) and returns the last answer.
func eventually(t *testing.T, do func() servertest.Response, ok func(servertest.Response) bool) servertest.Response {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		r := do()
		if ok(r) {
			return r
		}
		if time.Now().After(deadline) {
			t.Fatalf("still %d %v %s", r.Status, r.Header, r.Body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestRelay_ETagsAnswer304UntilAWriteChangesTheAnswer(t *testing.T) {
	p := startPair(t)
	alice := p.signIn(t, "alice@example.com")
	importRecording(t, alice, "r1", "unicorn")
	first := alice.MustOK("GET", "/api/v1/recordings/dashboard", nil)
	tag := first.Header.Get("ETag")
	if !strings.HasPrefix(tag, `"`) || first.Header.Get("Cache-Control") != "private, no-cache" {
		t.Fatalf("first answer: ETag %q, Cache-Control %q", tag, first.Header.Get("Cache-Control"))
	}
	ifNoneMatch := http.Header{"If-None-Match": {tag}}
	if r := alice.DoWith("GET", "/api/v1/recordings/dashboard", nil, ifNoneMatch); r.Status != http.StatusNotModified || len(r.Body) != 0 || r.Header.Get("ETag") != tag {
		t.Fatalf("same answer: %d %q %s", r.Status, r.Header.Get("ETag"), r.Body)
	}
	importRecording(t, alice, "r2", "walrus")
	r := alice.DoWith("GET", "/api/v1/recordings/dashboard", nil, ifNoneMatch)
	if r.Status != 200 || !strings.Contains(string(r.Body), "walrus") || r.Header.Get("ETag") == tag {
		t.Fatalf("after a write: %d %q %s", r.Status, r.Header.Get("ETag"), r.Body)
	}
}
