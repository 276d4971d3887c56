package servertest

import (
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
)

// ShareClock makes the server's share links read the time from now, so a
// test moves a clock past a link's expiry instead of sleeping through it
// (links live at least share.MinExpiry). Pass it to Start.
func ShareClock(now func() time.Time) fx.Option {
	return fx.Decorate(func(_ *share.Service, db *store.DB, r *recordings.Service, cfg config.Config) *share.Service {
		return share.NewService(db, r, cfg.PublicURL, now)
	})
}
