package relay_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/relay"
	"github.com/pocket-companion/pocket/tests/servertest"
)

type recordingObserver struct {
	mu      sync.Mutex
	calls   []string
	awaited []string
}

func (o *recordingObserver) AwaitSummary(uid, id string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.awaited = append(o.awaited, uid+" "+id)
}

func (o *recordingObserver) Changed(_ context.Context, uid, token string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.calls = append(o.calls, uid+" "+token)
}

func TestRelay_TellsTheWriteObserverOfAcceptedWritesOnly(t *testing.T) {
	f := newFakeUpstream(t)
	f.mux.HandleFunc("POST /api/v1/folders", func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.RawQuery, "refuse") {
			http.Error(w, `{"success":false}`, http.StatusConflict)
			return
		}
		w.WriteHeader(http.StatusCreated)
	})
	obs := &recordingObserver{}
	rel := servertest.Start(t, func(c *config.Config) {
		c.UpstreamURL, c.UpstreamJWKSURL = f.URL, f.URL+"/api/v1/auth/jwks"
	}, servertest.Unchecked, fx.Decorate(testOptions), fx.Decorate(func(relay.WriteObserver) relay.WriteObserver { return obs }))
	token := f.token(t, "u1")
	c := rel.WithToken(t, token)
	c.MustOK("POST", "/api/v1/folders", map[string]string{"name": "a"})
	if r := c.Do("POST", "/api/v1/folders?refuse=1", map[string]string{"name": "a"}); r.Status != http.StatusConflict {
		t.Fatalf("refused write: %d %s", r.Status, r.Body)
	}
	obs.mu.Lock()
	defer obs.mu.Unlock()
	if len(obs.calls) != 1 || obs.calls[0] != "u1 "+token {
		t.Fatalf("observer heard %d calls", len(obs.calls))
	}
}

func TestRelay_BodiesOverTheLimitAreRefusedBeforeTheUpstream(t *testing.T) {
	f := newFakeUpstream(t)
	var hit atomic.Bool
	f.mux.HandleFunc("POST /api/v1/folders", func(w http.ResponseWriter, _ *http.Request) { hit.Store(true) })
	c := startRelayToFake(t, f.URL, nil).WithToken(t, f.token(t, "u1"))
	r := c.Do("POST", "/api/v1/folders", []byte(`{"name":"`+strings.Repeat("x", 1<<20)+`"}`))
	if r.Status != http.StatusRequestEntityTooLarge || !strings.Contains(string(r.Body), "BODY_TOO_LARGE") || hit.Load() {
		t.Fatalf("got %d %s (upstream hit: %v)", r.Status, r.Body, hit.Load())
	}
}

func TestRelay_CountsUpstreamCallsOnMetrics(t *testing.T) {
	f := newFakeUpstream(t)
	f.mux.HandleFunc("GET /api/v1/folders", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`{"success":true,"data":[]}`))
	})
	rel := startRelayToFake(t, f.URL, nil)
	rel.WithToken(t, f.token(t, "u1")).MustOK("GET", "/api/v1/folders", nil)
	m := rel.NewClient(t).MustOK("GET", "/metrics", nil)
	if !strings.Contains(string(m.Body), `pocket_upstream_request_duration_seconds_count{method="GET",outcome="2xx"} 1`) {
		t.Fatalf("metrics lack the upstream call:\n%s", m.Body)
	}
}

func TestRelay_AnUploadWithoutASummaryIsAwaited(t *testing.T) {
	f := newFakeUpstream(t)
	f.mux.HandleFunc("POST /api/v1/recordings", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Recording struct{ ID string } `json:"recording"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write([]byte(`{"success":true,"data":{"id":"` + body.Recording.ID + `"}}`))
	})
	obs := &recordingObserver{}
	rel := servertest.Start(t, func(c *config.Config) {
		c.UpstreamURL, c.UpstreamJWKSURL = f.URL, f.URL+"/api/v1/auth/jwks"
	}, servertest.Unchecked, fx.Decorate(testOptions), fx.Decorate(func(relay.WriteObserver) relay.WriteObserver { return obs }))
	c := rel.WithToken(t, f.token(t, "u1"))
	c.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "bare", "duration": 60}})
	c.MustOK("POST", "/api/v1/recordings", map[string]any{
		"recording":      map[string]any{"id": "summarised", "duration": 60},
		"summarizations": map[string]any{"s1": map[string]any{"v2": map[string]any{"summary": map[string]any{"content": "## Notes\nShipped."}}}},
	})
	obs.mu.Lock()
	defer obs.mu.Unlock()
	if len(obs.awaited) != 1 || obs.awaited[0] != "u1 bare" {
		t.Fatalf("awaited %v, want only the upload without a summary", obs.awaited)
	}
}
