package health_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/health"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/apitest"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// probe is what a load balancer or orchestrator sees of one probe call.
type probe struct {
	status int
	body   map[string]any
}

// probes serves the routes as the server mounts them; no verifier, so a probe
// that needed a token would answer 401.
func probes(t *testing.T, routes []httpx.Route) func(path string) probe {
	t.Helper()
	srv := httptest.NewServer(apitest.Handler(t, httpx.NewMux(routes, nil, nil, nil)))
	t.Cleanup(srv.Close)
	return func(path string) probe {
		t.Helper()
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, srv.URL+path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		var p probe
		p.status = res.StatusCode
		if err := json.Unmarshal(raw, &p.body); err != nil {
			t.Fatalf("%s answered %d with non-JSON %q", path, res.StatusCode, raw)
		}
		return p
	}
}

func openStore(t *testing.T) *store.DB {
	t.Helper()
	db := storetest.Open(t)
	return db
}

func TestReadyz_503NamingWhatIsUnfinishedUntilEveryHoldIsReleased(t *testing.T) {
	gate := health.NewGate()
	get := probes(t, health.Routes(openStore(t), gate))
	gate.Hold("seeding sample recordings")
	gate.Hold("migrating")

	steps := []struct {
		name    string
		release string
		status  int
		want    map[string]any
	}{
		{"two holds, listed in order", "", 503,
			map[string]any{"success": false, "code": "STARTING", "message": "Still starting: migrating, seeding sample recordings"}},
		{"one released, the other still named", "migrating", 503,
			map[string]any{"success": false, "code": "STARTING", "message": "Still starting: seeding sample recordings"}},
		{"all released", "seeding sample recordings", 200, map[string]any{"status": "ready"}},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			if s.release != "" {
				gate.Release(s.release)
			}
			if p := get("/readyz"); p.status != s.status || !has(p.body, s.want) {
				t.Fatalf("readyz %d %v, want %d %v", p.status, p.body, s.status, s.want)
			}
			if p := get("/healthz"); p.status != 200 || p.body["status"] != "ok" {
				t.Fatalf("healthz must answer ok whatever readiness says: %d %v", p.status, p.body)
			}
		})
	}
}

func TestReadyz_503WhenTheStoreNoLongerAnswers(t *testing.T) {
	db := openStore(t)
	get := probes(t, health.Routes(db, health.NewGate()))
	if p := get("/readyz"); p.status != 200 {
		t.Fatalf("open store: %d %v", p.status, p.body)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if p := get("/readyz"); p.status != 503 || p.body["code"] != "NOT_READY" {
		t.Fatalf("closed store: %d %v, want 503 NOT_READY", p.status, p.body)
	}
	if p := get("/healthz"); p.status != 200 {
		t.Fatalf("healthz with a closed store: %d %v; liveness does not depend on the store", p.status, p.body)
	}
}

// A reason is held or not: holding it twice needs one release, and releasing
// what was never held changes nothing.
func TestGate_ReasonsAreASet(t *testing.T) {
	g := health.NewGate()
	if p := g.Pending(); p != "" {
		t.Fatalf("a new gate is open, got %q", p)
	}
	g.Hold("seeding")
	g.Hold("seeding")
	g.Release("never held")
	if p := g.Pending(); p != "seeding" {
		t.Fatalf("pending %q", p)
	}
	g.Release("seeding")
	if p := g.Pending(); p != "" {
		t.Fatalf("after one release of a twice-held reason: %q", p)
	}
}

// has reports whether body carries every field of want with the same value.
func has(body, want map[string]any) bool {
	for k, v := range want {
		if body[k] != v {
			return false
		}
	}
	return true
}
