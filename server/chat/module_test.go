package chat_test

import (
	"log/slog"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/local"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/chat"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// The module builds on the recordings and share services and contributes the
// owner's routes (signed in) and a link visitor's (public: the share token
// authorises each call).
func TestModule_OwnerRoutesNeedSignInAndSharedOnesArePublic(t *testing.T) {
	db := storetest.Open(t)
	var routes []httpx.Route
	app := fxtest.New(t,
		fx.Supply(db, events.NewBus(), slog.New(slog.DiscardHandler), config.Config{}),
		fx.Provide(
			func(db *store.DB, bus *events.Bus) *recordings.Service {
				return recordings.NewService(db, bus, time.Now)
			},
			func(db *store.DB, r *recordings.Service) *share.Service {
				return share.NewService(db, r, "http://x", nil)
			},
			func() engine.Engine { return local.New() },
		),
		chat.Module,
		fx.Invoke(fx.Annotate(func(rs []httpx.Route) { routes = rs }, fx.ParamTags(`group:"routes"`))),
	)
	app.RequireStart()
	defer app.RequireStop()

	if len(routes) != 12 {
		t.Fatalf("%d chat routes, want 12", len(routes))
	}
	for _, rt := range routes {
		shared := strings.HasSuffix(rt.Pattern, "/shared")
		if (rt.Access == httpx.Public) != shared {
			t.Errorf("%s: public %v, want %v", rt.Pattern, rt.Access == httpx.Public, shared)
		}
	}
}
