package relay_test

import (
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/server/relay"
)

func TestRelay_RevalidatesWithTheUpstreamsETag(t *testing.T) {
	f := newFakeUpstream(t)
	var mu sync.Mutex
	var asked []string // If-None-Match of each dashboard call
	f.mux.HandleFunc("GET /api/v1/recordings/dashboard", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.Header.Get("If-None-Match"))
		mu.Unlock()
		w.Header().Set("ETag", `"v1"`)
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"success":true,"data":{"recordings":[]}}`))
	})
	// Fresh for a second: the last call below must fall within it after the 304, which on a
	// loaded machine (make test's nice-19 checks) took longer than the other tests' 50 ms.
	const freshFor = time.Second
	c := startRelayToFake(t, f.URL, func(o relay.Options) relay.Options {
		o = testOptions(o)
		o.FreshFor = freshFor
		return o
	}).WithToken(t, f.token(t, "u1"))
	first := c.MustOK("GET", "/api/v1/recordings/dashboard", nil)
	time.Sleep(freshFor + 100*time.Millisecond) // past FreshFor
	second := c.MustOK("GET", "/api/v1/recordings/dashboard", nil)
	if string(second.Body) != string(first.Body) {
		t.Fatalf("cached answer %s, first %s", second.Body, first.Body)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		got := append([]string(nil), asked...)
		mu.Unlock()
		if len(got) == 2 && got[0] == "" && got[1] == `"v1"` {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("upstream was asked with If-None-Match %q", got)
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The 304 kept the entry, now fresh again: no third call.
	c.MustOK("GET", "/api/v1/recordings/dashboard", nil)
	mu.Lock()
	defer mu.Unlock()
	if len(asked) != 2 {
		t.Fatalf("upstream asked %d times", len(asked))
	}
}

func TestRelay_RetriesReadsButNeverAPost(t *testing.T) {
	f := newFakeUpstream(t)
	var gets, posts atomic.Int32
	f.mux.HandleFunc("GET /api/v1/folders", func(w http.ResponseWriter, _ *http.Request) {
		gets.Add(1)
		http.Error(w, "bad gateway", http.StatusBadGateway)
	})
	f.mux.HandleFunc("POST /api/v1/folders", func(w http.ResponseWriter, _ *http.Request) {
		posts.Add(1)
		http.Error(w, "bad gateway", http.StatusBadGateway)
	})
	c := startRelayToFake(t, f.URL, nil).WithToken(t, f.token(t, "u1"))
	if r := c.Do("GET", "/api/v1/folders", nil); r.Status != http.StatusServiceUnavailable || !strings.Contains(string(r.Body), "UPSTREAM_UNAVAILABLE") {
		t.Fatalf("read: %d %s", r.Status, r.Body)
	}
	if r := c.Do("POST", "/api/v1/folders", map[string]string{"name": "x"}); r.Status != http.StatusServiceUnavailable {
		t.Fatalf("write: %d %s", r.Status, r.Body)
	}
	if gets.Load() != 3 || posts.Load() != 1 {
		t.Fatalf("upstream got %d GETs (want 3 tries) and %d POSTs (want 1)", gets.Load(), posts.Load())
	}
}

func TestRelay_BreakerOpensThenLetsACallTryAgain(t *testing.T) {
	f := newFakeUpstream(t)
	var hits atomic.Int32
	var down atomic.Bool
	down.Store(true)
	f.mux.HandleFunc("GET /api/v1/folders", func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		if down.Load() {
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte(`{"success":true,"data":[]}`))
	})
	rel := startRelayToFake(t, f.URL, func(o relay.Options) relay.Options {
		o = testOptions(o)
		o.Upstream.FailuresToOpen = 3
		o.Upstream.OpenFor = 300 * time.Millisecond
		return o
	})
	c := rel.WithToken(t, f.token(t, "u1"))
	c.Do("GET", "/api/v1/folders", nil) // three tries: the breaker opens
	if hits.Load() != 3 {
		t.Fatalf("%d hits", hits.Load())
	}
	if r := c.Do("GET", "/api/v1/folders", nil); r.Status != http.StatusServiceUnavailable || hits.Load() != 3 {
		t.Fatalf("open breaker: %d, %d hits (want none more)", r.Status, hits.Load())
	}
	down.Store(false)
	time.Sleep(350 * time.Millisecond)
	if r := c.Do("GET", "/api/v1/folders", nil); r.Status != 200 || hits.Load() != 4 {
		t.Fatalf("half-open: %d %s after %d hits", r.Status, r.Body, hits.Load())
	}
}

func TestRelay_ATimeoutIs504(t *testing.T) {
	f := newFakeUpstream(t)
	release := make(chan struct{})
	defer close(release)
	f.mux.HandleFunc("GET /api/v1/folders", func(http.ResponseWriter, *http.Request) { <-release })
	rel := startRelayToFake(t, f.URL, func(o relay.Options) relay.Options {
		o = testOptions(o)
		o.Upstream.Timeout = 100 * time.Millisecond
		o.Upstream.Attempts = 1
		return o
	})
	r := rel.WithToken(t, f.token(t, "u1")).Do("GET", "/api/v1/folders", nil)
	if r.Status != http.StatusGatewayTimeout || !strings.Contains(string(r.Body), "The recordings service") {
		t.Fatalf("got %d %s", r.Status, r.Body)
	}
}

func TestRelay_ChatAnswersGetTheSlowTimeout(t *testing.T) {
	f := newFakeUpstream(t)
	slow := func(w http.ResponseWriter, _ *http.Request) {
		time.Sleep(300 * time.Millisecond)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"success":true,"data":[]}`))
	}
	f.mux.HandleFunc("GET /api/v1/folders", slow)
	f.mux.HandleFunc("POST /api/v1/chat/message", slow)
	rel := startRelayToFake(t, f.URL, func(o relay.Options) relay.Options {
		o = testOptions(o)
		o.Upstream.Timeout = 100 * time.Millisecond
		o.Upstream.Attempts = 1
		o.SlowTimeout = 2 * time.Second
		return o
	})
	c := rel.WithToken(t, f.token(t, "u1"))
	if r := c.Do("GET", "/api/v1/folders", nil); r.Status != http.StatusGatewayTimeout {
		t.Fatalf("an ordinary call past the timeout: %d", r.Status)
	}
	if r := c.Do("POST", "/api/v1/chat/message", map[string]string{"recordingId": "r1", "message": "hi"}); r.Status != 200 {
		t.Fatalf("a chat answer within the slow timeout: %d %s", r.Status, r.Body)
	}
}
