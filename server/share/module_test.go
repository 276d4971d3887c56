package share_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/recordings"
	pshare "github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/share"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// The module's service makes links on the configured public origin, and only
// the visitor's view is reachable without signing in.
func TestModule_LinksOnThePublicOriginAndOnlyTheViewIsPublic(t *testing.T) {
	db := storetest.Memory(t)
	var (
		routes []httpx.Route
		links  *pshare.Service
		recs   *recordings.Service
	)
	app := fxtest.New(t,
		fx.Supply(db, events.NewBus(), config.Config{PublicURL: "https://pocket.example"}, audio.NewFiles(db, t.TempDir())),
		fx.Provide(
			func(db *store.DB, bus *events.Bus) *recordings.Service {
				return recordings.NewService(db, bus, time.Now)
			},
			func(db *store.DB) *identity.Users { return identity.NewUsers(db, nil) },
		),
		share.Module,
		fx.Invoke(fx.Annotate(func(rs []httpx.Route, l *pshare.Service, r *recordings.Service) {
			routes, links, recs = rs, l, r
		}, fx.ParamTags(`group:"routes"`, ``, ``))),
	)
	app.RequireStart()
	defer app.RequireStop()

	ctx := context.Background()
	if _, err := recs.Import(ctx, "u1", []byte(`{"recording":{"id":"r1","title":"Plan"}}`)); err != nil {
		t.Fatal(err)
	}
	link, err := links.Create(ctx, "u1", "r1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link.URL, "https://pocket.example/shared/recording?token=") {
		t.Fatalf("link URL %q is not on the public origin", link.URL)
	}

	public := map[string]bool{}
	for _, rt := range routes {
		public[rt.Pattern] = rt.Access == httpx.Public
	}
	want := map[string]bool{
		"POST /api/v1/recordings/{id}/share": false,
		"GET /api/v1/recordings/{id}/shares": false,
		"DELETE /api/v1/share/{token}":       false,
		"GET /api/v1/share/shared/recording": true,
		"GET /api/v1/share/{token}/audio":    true,
	}
	if len(public) != len(want) {
		t.Fatalf("routes %v, want %v", public, want)
	}
	for pattern, isPublic := range want {
		if got, ok := public[pattern]; !ok || got != isPublic {
			t.Errorf("%s: present %v, public %v; want public %v", pattern, ok, got, isPublic)
		}
	}
}
