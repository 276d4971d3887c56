package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fakeServer speaks the chat-completions protocol; handle decides per call.
func fakeServer(t *testing.T, handle func(w http.ResponseWriter, r *http.Request, call int)) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := int(calls.Add(1))
		if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
			http.Error(w, "wrong path "+r.URL.Path, http.StatusNotFound)
			return
		}
		handle(w, r, n)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func newClient(t *testing.T, url string, edit func(*Config)) *Client {
	t.Helper()
	cfg := Config{URL: url, Model: "test-model", APIKey: "sk-test", BaseBackoff: time.Millisecond, MaxBackoff: 20 * time.Millisecond}
	if edit != nil {
		edit(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var hello = Request{Messages: []Message{{Role: "user", Content: "hello"}}}

func TestComplete_SendsTheRequestAndReadsTheAnswer(t *testing.T) {
	srv, _ := fakeServer(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		var body wireRequest
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.Model != "test-model" || body.Stream || body.Messages[0].Content != "hello" {
			http.Error(w, fmt.Sprintf("bad request %+v %v", body, err), 400)
			return
		}
		if r.Header.Get("Authorization") != "Bearer sk-test" {
			http.Error(w, "no key", http.StatusUnauthorized)
			return
		}
		_, _ = fmt.Fprint(w, `{"choices":[{"message":{"role":"assistant","content":"Hi there"}}]}`)
	})
	got, err := newClient(t, srv.URL, nil).Complete(context.Background(), hello)
	if err != nil || got != "Hi there" {
		t.Fatalf("got %q, %v", got, err)
	}
}

func TestStream_AccumulatesDeltasUntilDone(t *testing.T) {
	srv, _ := fakeServer(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, part := range []string{"Tuesday", ", December", " first."} {
			_, _ = fmt.Fprintf(w, "data: {\"choices\":[{\"delta\":{\"content\":%q}}]}\n\n", part)
			w.(http.Flusher).Flush()
		}
		_, _ = fmt.Fprint(w, ": keep-alive comment\n\ndata: {\"choices\":[],\"usage\":{}}\n\ndata: [DONE]\n\n")
	})
	var deltas []string
	got, err := newClient(t, srv.URL, nil).Stream(context.Background(), hello, func(s string) { deltas = append(deltas, s) })
	if err != nil || got != "Tuesday, December first." || len(deltas) < 3 {
		t.Fatalf("got %q (%q), %v", got, deltas, err)
	}
}

func TestRetries_429ThenSuccessHonoursRetryAfter(t *testing.T) {
	srv, calls := fakeServer(t, func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 1 {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			_, _ = fmt.Fprint(w, `{"error":{"message":"Rate limit reached"}}`)
			return
		}
		_, _ = fmt.Fprint(w, `{"choices":[{"message":{"content":"ok"}}]}`)
	})
	c := newClient(t, srv.URL, nil)
	var waits []time.Duration
	c.sleep = func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }
	got, err := c.Complete(context.Background(), hello)
	if err != nil || got != "ok" || calls.Load() != 2 || len(waits) != 1 {
		t.Fatalf("got %q, %v after %d calls, waits %v", got, err, calls.Load(), waits)
	}
}

func TestRetries_BackoffGrowsAndIsCapped(t *testing.T) {
	c := newClient(t, "http://localhost:1", func(c *Config) { c.BaseBackoff, c.MaxBackoff = 100*time.Millisecond, 300*time.Millisecond })
	for n, want := range map[int][2]time.Duration{1: {50, 100}, 2: {100, 200}, 3: {200, 300}, 6: {300, 300}} {
		d := c.backoff(n, nil)
		if d < want[0]*time.Millisecond || d > want[1]*time.Millisecond {
			t.Errorf("retry %d waited %v", n, d)
		}
	}
	if d := c.backoff(1, &Error{RetryAfter: 250 * time.Millisecond}); d != 250*time.Millisecond {
		t.Errorf("Retry-After must be honoured, waited %v", d)
	}
}

func TestRetries_500ExhaustedGivesAClearError(t *testing.T) {
	srv, calls := fakeServer(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = fmt.Fprint(w, `{"error":"model crashed"}`)
	})
	_, err := newClient(t, srv.URL, func(c *Config) { c.MaxRetries = 2 }).Complete(context.Background(), hello)
	var e *Error
	if !errors.As(err, &e) || e.Status != 500 || e.Attempts != 3 || calls.Load() != 3 {
		t.Fatalf("err %v after %d calls", err, calls.Load())
	}
	if msg := err.Error(); !strings.Contains(msg, "500") || !strings.Contains(msg, "model crashed") || !strings.Contains(msg, "after 3 attempts") {
		t.Fatalf("unclear message %q", msg)
	}
}

func TestClientErrorsAreNotRetried(t *testing.T) {
	srv, calls := fakeServer(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = fmt.Fprint(w, `{"error":{"message":"Incorrect API key provided"}}`)
	})
	_, err := newClient(t, srv.URL, nil).Complete(context.Background(), hello)
	if err == nil || !strings.Contains(err.Error(), "Incorrect API key") || calls.Load() != 1 {
		t.Fatalf("err %v after %d calls", err, calls.Load())
	}
}

func TestTimeouts(t *testing.T) {
	stall := make(chan struct{})
	srv, _ := fakeServer(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		select { // say nothing at all
		case <-stall:
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(stall) }) // runs before the server's Close, which waits for handlers
	t.Run("non-streamed request", func(t *testing.T) {
		c := newClient(t, srv.URL, func(c *Config) { c.RequestTimeout = 50 * time.Millisecond })
		start := time.Now()
		_, err := c.Complete(context.Background(), hello)
		var e *Error
		if !errors.As(err, &e) || !e.Timeout || time.Since(start) > 2*time.Second || !strings.Contains(err.Error(), "within 50ms") {
			t.Fatalf("err %v after %v", err, time.Since(start))
		}
	})
	t.Run("stream that never starts", func(t *testing.T) {
		c := newClient(t, srv.URL, func(c *Config) { c.FirstByteTimeout = 50 * time.Millisecond })
		_, err := c.Stream(context.Background(), hello, nil)
		var e *Error
		if !errors.As(err, &e) || !e.Timeout {
			t.Fatalf("err %v", err)
		}
	})
}

func TestStream_StallAfterFirstChunkTimesOutWithoutRetry(t *testing.T) {
	release := make(chan struct{})
	srv, calls := fakeServer(t, func(w http.ResponseWriter, r *http.Request, _ int) {
		_, _ = fmt.Fprint(w, "data: {\"choices\":[{\"delta\":{\"content\":\"Partial\"}}]}\n\n")
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(release) })
	c := newClient(t, srv.URL, func(c *Config) { c.IdleTimeout = 50 * time.Millisecond })
	var seen strings.Builder
	_, err := c.Stream(context.Background(), hello, func(s string) { seen.WriteString(s) })
	var e *Error
	if !errors.As(err, &e) || !e.Timeout || calls.Load() != 1 || seen.String() != "Partial" {
		t.Fatalf("err %v, %d calls, seen %q", err, calls.Load(), seen.String())
	}
}

func TestBadJSON(t *testing.T) {
	for name, body := range map[string]string{
		"not json":   `<html>Bad gateway page</html>`,
		"no choices": `{"object":"chat.completion"}`,
	} {
		t.Run(name, func(t *testing.T) {
			srv, calls := fakeServer(t, func(w http.ResponseWriter, r *http.Request, _ int) { _, _ = fmt.Fprint(w, body) })
			_, err := newClient(t, srv.URL, nil).Complete(context.Background(), hello)
			if err == nil || calls.Load() != 1 || !strings.Contains(err.Error(), "llm:") {
				t.Fatalf("err %v after %d calls", err, calls.Load())
			}
		})
	}
	t.Run("stream chunk", func(t *testing.T) {
		srv, _ := fakeServer(t, func(w http.ResponseWriter, r *http.Request, _ int) { _, _ = fmt.Fprint(w, "data: {broken\n\n") })
		_, err := newClient(t, srv.URL, nil).Stream(context.Background(), hello, nil)
		if err == nil || !strings.Contains(err.Error(), "invalid JSON") {
			t.Fatalf("err %v", err)
		}
	})
}

func TestUnreachableServerIsRetriedThenReported(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there now
	_, err := newClient(t, url, func(c *Config) { c.MaxRetries = 1 }).Complete(context.Background(), hello)
	var e *Error
	if !errors.As(err, &e) || e.Attempts != 2 || !strings.Contains(err.Error(), "could not reach") {
		t.Fatalf("err %v", err)
	}
}

func TestEndpoint(t *testing.T) {
	tests := map[string]string{
		"http://localhost:11434":                       "http://localhost:11434/v1/chat/completions",
		"http://localhost:8000/v1/":                    "http://localhost:8000/v1/chat/completions",
		"https://api.openai.com/v1":                    "https://api.openai.com/v1/chat/completions",
		"http://host/proxy/openai/v1/chat/completions": "http://host/proxy/openai/v1/chat/completions",
		"http://127.0.0.1:8080/api":                    "http://127.0.0.1:8080/api/v1/chat/completions",
	}
	for in, want := range tests {
		if got, err := Endpoint(in); err != nil || got != want {
			t.Errorf("%s → %s, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "localhost:11434", "ftp://x"} {
		if _, err := Endpoint(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := New(Config{URL: "http://x"}); err == nil || !strings.Contains(err.Error(), "POCKET_LLM_MODEL") {
		t.Errorf("missing model: %v", err)
	}
}
