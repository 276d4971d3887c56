package health_test

import (
	"testing"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/server/health"
	"github.com/pocket-companion/pocket/server/httpx"
)

// The module's gate is the one its readiness probe reads, so a feature that
// holds it through fx keeps /readyz at 503.
func TestModule_ProvidesPublicProbesAndTheGateTheyRead(t *testing.T) {
	var routes []httpx.Route
	var gate *health.Gate
	app := fxtest.New(t,
		fx.Supply(openStore(t)),
		health.Module,
		fx.Invoke(fx.Annotate(func(rs []httpx.Route, g *health.Gate) { routes, gate = rs, g }, fx.ParamTags(`group:"routes"`, ``))),
	)
	app.RequireStart()
	defer app.RequireStop()

	patterns := map[string]bool{}
	for _, rt := range routes {
		patterns[rt.Pattern] = true
		if rt.Access != httpx.Public {
			t.Errorf("%s needs a token; probes come from outside any session", rt.Pattern)
		}
	}
	if len(routes) != 2 || !patterns["GET /healthz"] || !patterns["GET /readyz"] {
		t.Fatalf("routes %v", patterns)
	}
	get := probes(t, routes)
	gate.Hold("warming up")
	if p := get("/readyz"); p.status != 503 {
		t.Fatalf("held gate: readyz %d %v", p.status, p.body)
	}
	gate.Release("warming up")
	if p := get("/readyz"); p.status != 200 {
		t.Fatalf("released gate: readyz %d %v", p.status, p.body)
	}
}
