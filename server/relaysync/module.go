package relaysync

import (
	"context"
	"log/slog"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/syncer"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/live"
)

// Module is relay mode's sync backend over the REST relay's upstream client
// (server/relay.Module must be in the graph; server/sync.Relayed serves
// SyncService over it). It hears of the relay's writes
// (relay.WriteObserver), drops the relay's cache when the mirror changes,
// and watches the live sockets for the poller (live.Observer).
var Module = fx.Module("relaysync",
	fx.Provide(
		fx.Private,
		newClientUpstream,
		cacheInvalidator,
	),
	service,
	fx.Provide(writeObserver),
)

// service is the module without the relay's adapters: it needs an Upstream
// and takes an Invalidator when there is one.
var service = fx.Options(
	fx.Provide(NewFromConfig),
	fx.Provide(func(s *Service) syncer.Backend { return s }),
	fx.Provide(func(s *Service) live.Observer { return s }),
	// Web Push notices for summary.ready read titles from the mirror.
	fx.Provide(func(s *Service) push.Recordings { return s }),
	fx.Invoke(stopWithTheServer),
	fx.Invoke(hearOtherReplicas),
)

// hearOtherReplicas: another replica's event (over NATS) means the upstream
// changed where this replica's mirror could not see it, so the user's next
// pull here refreshes first, however recent the last refresh.
func hearOtherReplicas(lc fx.Lifecycle, bus *events.Bus, svc *Service) {
	var cancel func()
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			cancel = bus.Listen(func(e events.Event) {
				if e.Remote && e.UserID != "" {
					svc.ChangedElsewhere(e.UserID)
				}
			})
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			return nil
		},
	})
}

// Params are the service's dependencies in the fx graph.
type Params struct {
	fx.In
	Config      config.Config
	DB          *store.DB
	Upstream    Upstream
	Bus         *events.Bus
	Invalidator Invalidator `optional:"true"`
	Log         *slog.Logger
}

// NewFromConfig builds the service with POCKET_UPSTREAM_RATE and _POLL.
func NewFromConfig(p Params) *Service {
	return New(p.DB, p.Upstream, p.Bus, p.Invalidator, p.Log, Options{Rate: p.Config.UpstreamRate(), Poll: p.Config.UpstreamPoll()})
}

// stopWithTheServer stops the background work (pollers, watches) with the
// server.
func stopWithTheServer(lc fx.Lifecycle, svc *Service) {
	lc.Append(fx.Hook{OnStop: func(context.Context) error { svc.Close(); return nil }})
}
