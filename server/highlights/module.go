// Package highlights serves the passages users mark in their transcripts
// (pkg/highlights) over REST, for the embedded provider: a recording's
// highlights, the library's, and edits of one. Transport only; sync's push
// makes the same edits through the same service.
package highlights

import (
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/events"
	hl "github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
)

// Module provides *highlights.Service (sync and the backup use it) and the routes.
var Module = fx.Module("highlights",
	fx.Provide(NewService),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
)

// NewService keeps highlights beside recs' recordings within the
// configured POCKET_QUOTA_HIGHLIGHTS.
func NewService(db *store.DB, recs *recordings.Service, bus *events.Bus, cfg config.Config) *hl.Service {
	return hl.New(db, recs, bus, cfg.Quotas.Limits.Highlights)
}
