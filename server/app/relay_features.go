package app

import (
	"errors"
	"net/http"

	"connectrpc.com/connect"
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/server/ai"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/live"
	"github.com/pocket-companion/pocket/server/push"
	"github.com/pocket-companion/pocket/server/recordings"
	"github.com/pocket-companion/pocket/server/relay"
)

// RelayFeatures are relay mode's modules (POCKET_UPSTREAM_URL set): the REST
// API relayed to the upstream, live events and Web Push served here as in
// embedded mode with the upstream's identity. No AI engine runs: the
// upstream answers chat and writes summaries.
var RelayFeatures = fx.Options(
	relay.Module,
	// The relay's own record of recordings (push notices read titles from
	// it); filled from the upstream by relay sync.
	fx.Provide(recordings.NewService),
	fx.Provide(fx.Annotate(syncPending, fx.ResultTags(`group:"routes,flatten"`))),
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

// syncPending serves SyncService in relay mode until relay sync serves it
// from the upstream: devices hear "unavailable" and keep their outbox.
func syncPending() []httpx.Route {
	path := "/" + syncv1connect.SyncServiceName + "/"
	unavailable := connect.NewError(connect.CodeUnavailable, errors.New("sync is not available in relay mode yet"))
	return []httpx.Route{{Pattern: path, Handler: func(w http.ResponseWriter, r *http.Request) error {
		return connect.NewErrorWriter().Write(w, r, unavailable)
	}}}
}
