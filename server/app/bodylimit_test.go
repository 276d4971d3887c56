package app_test

import (
	"bytes"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/server/app"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// hugeBody is 100 MB of a JSON object that never ends, made as it is read,
// so the test holds none of it: a server that buffered it would show.
type hugeBody struct{ left int64 }

func (b *hugeBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, io.EOF
	}
	n := min(int64(len(p)), b.left)
	for i := range p[:n] {
		p[i] = 'x'
	}
	if b.left == 100<<20 {
		copy(p, `{"message":"`)
	}
	b.left -= n
	return int(n), nil
}

// TestBodyLimits_EveryRouteRefusesA100MBBody sends 100 MB to every route that
// takes a body (signed in, so sign-in checks do not answer first): each
// answers 413 BODY_TOO_LARGE (Connect: resource_exhausted). A body that
// declares its length is refused before it is read; one sent in chunks is
// read only up to the route's limit, and nothing of it stays in memory.
func TestBodyLimits_EveryRouteRefusesA100MBBody(t *testing.T) {
	s := servertest.Start(t, nil)
	token := s.SignIn(t, "big@example.com").IDToken
	for _, declared := range []bool{true, false} {
		name := map[bool]string{true: "declared length", false: "chunked"}[declared]
		t.Run(name, func(t *testing.T) {
			baseline := liveHeap()
			peak := watchHeap(t)
			for _, route := range app.API {
				method, path, ok := bodyRoute(route.Pattern)
				if !ok {
					continue
				}
				t.Run(route.Pattern, func(t *testing.T) {
					sendHuge(t, s, token, method, path, declared)
					if grew := int64(liveHeap()) - int64(baseline); grew > 16<<20 {
						t.Fatalf("%d MB of the refused body stayed in memory", grew>>20)
					}
				})
			}
			t.Logf("%s: the heap peaked %d MB above its start", name, (int64(peak.Load())-int64(baseline))>>20)
			if grew := int64(peak.Load()) - int64(baseline); declared && grew > 24<<20 {
				t.Fatalf("refusing bodies of declared length, the heap grew by %d MB: they were read", grew>>20)
			}
		})
	}
}

func sendHuge(t *testing.T, s *servertest.Server, token, method, path string, declared bool) {
	req, _ := http.NewRequestWithContext(t.Context(), method, s.URL+path, io.NopCloser(&hugeBody{left: 100 << 20}))
	if declared {
		req.ContentLength = 100 << 20
	}
	req.Header.Set("Content-Type", contentTypeFor(path))
	if path == "/mcp" {
		req.Header.Set("Accept", "application/json, text/event-stream") // as every MCP client sends it
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Origin", s.Cfg.PublicURL)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	body, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
	res.Body.Close()
	want, code := http.StatusRequestEntityTooLarge, []byte(`"BODY_TOO_LARGE"`)
	switch {
	case strings.HasPrefix(path, "/pocket."):
		want, code = http.StatusTooManyRequests, []byte(`"resource_exhausted"`) // Connect's code for a message over its limit
	case strings.HasSuffix(path, "/callback"):
		code = []byte("Sign-in failed") // the popup's page, which tells the opener
	}
	if res.StatusCode != want || !bytes.Contains(body, code) {
		t.Fatalf("got %d %.300s, want %d %s", res.StatusCode, body, want, code)
	}
}

// liveHeap is the heap still in use after a collection.
func liveHeap() uint64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// bodyRoute gives a concrete method and path for a route that takes a body.
func bodyRoute(pattern string) (method, path string, ok bool) {
	method, path, found := strings.Cut(pattern, " ")
	if !found { // a Connect service prefix: every procedure is a POST
		return "POST", pattern + connectProcedure(pattern), true
	}
	if method != "POST" && method != "PUT" {
		return "", "", false
	}
	for _, none := range []string{"/view", "/auth/refresh", "/auth/logout", "/auth/logout-all", "/share"} {
		if strings.HasSuffix(path, none) {
			return "", "", false // these read no body: there is nothing to refuse
		}
	}
	path = strings.NewReplacer("{id}", "r1", "{recordingId}", "r1", "{token}", "t").Replace(path)
	return method, path, true
}

func connectProcedure(prefix string) string {
	if strings.Contains(prefix, "Sync") {
		return "Push"
	}
	return "Subscribe"
}

func contentTypeFor(path string) string {
	switch {
	case strings.HasPrefix(path, "/pocket."):
		return "application/json" // Connect's JSON codec
	case strings.HasSuffix(path, "/apple/callback"):
		return "application/x-www-form-urlencoded"
	}
	return "application/json"
}

// watchHeap samples the heap until the test ends and keeps the highest value.
func watchHeap(t *testing.T) *atomic.Uint64 {
	var peak atomic.Uint64
	peak.Store(liveHeap())
	done := make(chan struct{})
	t.Cleanup(func() { close(done) })
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				if m.HeapAlloc > peak.Load() {
					peak.Store(m.HeapAlloc)
				}
			}
		}
	}()
	return &peak
}
