// Package app is the one place the server is wired together: every feature's fx
// module is listed here, and every route in routes.go, so what runs in
// `pocket serve` and what it answers are visible at a glance.
package app

import (
	"log/slog"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/server/apidoc"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/health"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/scaleout"
	"github.com/pocket-companion/pocket/server/storage"
	"github.com/pocket-companion/pocket/server/web"
)

// stopTimeout leaves room for the HTTP server's drain before the store closes.
const stopTimeout = 40 * time.Second

// Options is the whole server for the given configuration.
func Options(cfg config.Config, log *slog.Logger) fx.Option {
	return fx.Options(
		fx.Supply(cfg, log),
		fx.WithLogger(func() fxevent.Logger {
			l := &fxevent.SlogLogger{Logger: log}
			l.UseLogLevel(slog.LevelDebug)
			return l
		}),
		fx.StopTimeout(stopTimeout),
		fx.Provide(events.NewBus),
		// POCKET_NATS_URL: events (and push, server/push) shared across
		// replicas; unset, a nil connection and nothing more.
		scaleout.Module,
		storage.Module,
		httpx.Module,
		web.Module,
		health.Module,
		apidoc.Module, // /api/openapi.json and its reference page, in both modes
		features(cfg), // embedded provider, or relay mode (relay_features.go)
		fx.Invoke(fx.Annotate(checkRoutes, fx.ParamTags(`group:"routes"`))),
	)
}
