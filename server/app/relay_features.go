package app

import (
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/ai"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/live"
	"github.com/pocket-companion/pocket/server/push"
	"github.com/pocket-companion/pocket/server/relay"
	"github.com/pocket-companion/pocket/server/relaysync"
)

// RelayFeatures are relay mode's modules (POCKET_UPSTREAM_URL set): the REST
// API relayed to the upstream, live events and Web Push served here as in
// embedded mode with the upstream's identity. No AI engine runs: the
// upstream answers chat and writes summaries.
var RelayFeatures = fx.Options(
	relay.Module,
	relaysync.Module, // sync, the poller and push notices' titles from the relay's mirror
	live.Module,
	push.Module,
)

// features are the modules for cfg's mode.
func features(cfg config.Config) fx.Option {
	if cfg.Relay() {
		return RelayFeatures
	}
	return fx.Options(ai.Module, Features) // the one engine chat and summaries share
}
