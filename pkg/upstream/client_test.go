package upstream

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// upstreamAnswering counts hits and answers each with answer.
func upstreamAnswering(t *testing.T, answer func(w http.ResponseWriter, r *http.Request)) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		answer(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func fastClient(base string, edit func(*Options)) *Client {
	o := Options{BaseURL: base, Timeout: 2 * time.Second, Backoff: 5 * time.Millisecond, FailuresToOpen: 100}
	if edit != nil {
		edit(&o)
	}
	return New(o)
}

func TestCall_RetriesIdempotentMethodsOnGatewayErrorsAndNeverPOST(t *testing.T) {
	for _, tc := range []struct {
		method string
		hits   int32
	}{{"GET", 3}, {"PUT", 3}, {"DELETE", 3}, {"POST", 1}} {
		t.Run(tc.method, func(t *testing.T) {
			srv, hits := upstreamAnswering(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusBadGateway) })
			status, _, err := fastClient(srv.URL, nil).Call(context.Background(), "", tc.method, "/x", nil)
			if err != nil || status != http.StatusBadGateway {
				t.Fatalf("a 502 is an answer: %d %v", status, err)
			}
			if hits.Load() != tc.hits {
				t.Fatalf("%s hit the upstream %d times, want %d", tc.method, hits.Load(), tc.hits)
			}
		})
	}
}

func TestCall_DoesNotRetryAnswersThatAreNotGatewayErrors(t *testing.T) {
	srv, hits := upstreamAnswering(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusInternalServerError) })
	status, _, _ := fastClient(srv.URL, nil).Call(context.Background(), "", "GET", "/x", nil)
	if status != 500 || hits.Load() != 1 {
		t.Fatalf("status %d after %d hits", status, hits.Load())
	}
}

func TestCall_HonoursRetryAfter(t *testing.T) {
	srv, hits := upstreamAnswering(t, func(w http.ResponseWriter, _ *http.Request) {
		if hitsSoFar.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte(`{"success":true}`))
	})
	hitsSoFar.Store(0)
	start := time.Now()
	status, body, err := fastClient(srv.URL, nil).Call(context.Background(), "", "GET", "/x", nil)
	if err != nil || status != 200 || string(body) != `{"success":true}` || hits.Load() != 2 {
		t.Fatalf("%d %s %v after %d hits", status, body, err, hits.Load())
	}
	if waited := time.Since(start); waited < time.Second {
		t.Fatalf("retried after %s, before Retry-After's second", waited)
	}
}

var hitsSoFar atomic.Int32

func TestCall_SendsTheBearerTokenAndNeverFollowsRedirects(t *testing.T) {
	var auth string
	srv, hits := upstreamAnswering(t, func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		http.Redirect(w, r, "/elsewhere", http.StatusFound)
	})
	status, _, err := fastClient(srv.URL, nil).Call(context.Background(), "tok", "GET", "/x?a=1", nil)
	if err != nil || status != http.StatusFound || hits.Load() != 1 || auth != "Bearer tok" {
		t.Fatalf("status %d, %v, %d hits, auth %q", status, err, hits.Load(), auth)
	}
}

func TestCall_ATimeoutIsUnavailable(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	srv, _ := upstreamAnswering(t, func(http.ResponseWriter, *http.Request) { <-release })
	c := fastClient(srv.URL, func(o *Options) { o.Timeout = 100 * time.Millisecond; o.Attempts = 1 })
	_, _, err := c.Call(context.Background(), "", "GET", "/slow", nil)
	if !errors.Is(err, ErrUnavailable) || !errors.Is(err, ErrTimeout) {
		t.Fatalf("got %v", err)
	}
}

func TestCall_NoServerIsUnavailable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	_, _, err := fastClient(srv.URL, func(o *Options) { o.Attempts = 2 }).Call(context.Background(), "", "GET", "/x", nil)
	if !errors.Is(err, ErrUnavailable) || errors.Is(err, ErrTimeout) {
		t.Fatalf("got %v", err)
	}
}

func TestBreaker_OpensAfterConsecutiveFailuresAndHalfOpensLater(t *testing.T) {
	var down atomic.Bool
	down.Store(true)
	srv, hits := upstreamAnswering(t, func(w http.ResponseWriter, _ *http.Request) {
		if down.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ok"))
	})
	c := fastClient(srv.URL, func(o *Options) { o.Attempts = 1; o.FailuresToOpen = 3; o.OpenFor = 300 * time.Millisecond })
	for range 3 {
		if status, _, _ := c.Call(context.Background(), "", "GET", "/x", nil); status != 503 {
			t.Fatalf("status %d", status)
		}
	}
	if _, _, err := c.Call(context.Background(), "", "GET", "/x", nil); !errors.Is(err, ErrUnavailable) || hits.Load() != 3 {
		t.Fatalf("open breaker: %v after %d hits (want no 4th)", err, hits.Load())
	}
	down.Store(false)
	time.Sleep(350 * time.Millisecond)
	status, body, err := c.Call(context.Background(), "", "GET", "/x", nil)
	if err != nil || status != 200 || string(body) != "ok" || c.BreakerOpen() {
		t.Fatalf("half-open try: %d %s %v", status, body, err)
	}
}

func TestObserve_HearsEveryAttempt(t *testing.T) {
	srv, _ := upstreamAnswering(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusGatewayTimeout) })
	var seen []int
	c := fastClient(srv.URL, func(o *Options) { o.Observe = func(ob Observation) { seen = append(seen, ob.Status) } })
	_, _, _ = c.Call(context.Background(), "", "GET", "/x", nil)
	if len(seen) != 3 || seen[0] != 504 {
		t.Fatalf("observed %v", seen)
	}
}
