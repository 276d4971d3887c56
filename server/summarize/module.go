// Package summarize gives recordings that arrive without a summarization one
// from the AI engine, in the background: on upload or import (through the
// recordings service's OnNeedsSummary hook) and, on start, for any imported
// while the server was not running. AddSummarization publishes summary.ready
// on the event bus once a summary is stored.
package summarize

import (
	"context"
	"log/slog"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/server/config"
)

// Module runs the summarizer for the server's lifetime, with the engine that
// server/ai provides.
var Module = fx.Module("summarize",
	fx.Provide(func(r *recordings.Service, e engine.Engine, db *store.DB, t *templates.Store, log *slog.Logger, cfg config.Config) *Summarizer {
		return New(r, e, db, t, log.With("feature", "summarize"), Options{Lease: cfg.SummaryLease()})
	}),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Invoke(register),
)

func register(lc fx.Lifecycle, s *Summarizer, r *recordings.Service) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			r.OnNeedsSummary(s.Enqueue)
			s.Start() // returns at once; the scan runs in the background
			return nil
		},
		OnStop: func(context.Context) error {
			s.Stop()
			return nil
		},
	})
}
