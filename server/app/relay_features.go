package app

import (
	"go.uber.org/fx"

	pkgpush "github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/server/ai"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/live"
	"github.com/pocket-companion/pocket/server/mcp"
	"github.com/pocket-companion/pocket/server/push"
	"github.com/pocket-companion/pocket/server/relay"
	"github.com/pocket-companion/pocket/server/relaysync"
	"github.com/pocket-companion/pocket/server/sync"
)

// RelayFeatures are relay mode's modules (POCKET_UPSTREAM_URL set): the REST
// API relayed to the upstream, live events and Web Push served here as in
// embedded mode with the upstream's identity. No AI engine runs: the
// upstream answers chat and writes summaries.
var RelayFeatures = fx.Options(
	relay.Module,
	relaysync.Module, // sync's backend, the poller and push notices' titles from the relay's mirror
	sync.Relayed,     // SyncService: the one sync engine over the relay's backend
	live.Module,
	push.Module,
	mcp.Relayed, // /mcp says to connect to the upstream, whose tokens these are
	// A sign-out through the relay closes its sessions' sockets here, and
	// signing out of all devices forgets the push subscriptions kept here.
	fx.Provide(func(h *live.Hub) relay.Sockets { return h }),
	fx.Provide(func(s *pkgpush.Subscriptions) relay.PushDevices { return s }),
)

// features are the modules for cfg's mode.
func features(cfg config.Config) fx.Option {
	if cfg.Relay() {
		return RelayFeatures
	}
	return fx.Options(ai.Module, Features) // the one engine chat and summaries share
}
