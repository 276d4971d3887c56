package relaysync

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"connectrpc.com/connect"
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/events"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/live"
)

// Module serves SyncService in relay mode over the REST relay's upstream
// client (server/relay.Module must be in the graph), hears of the relay's
// writes (relay.WriteObserver), drops the relay's cache when the mirror
// changes, and watches the live sockets for the poller (live.Observer).
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
	fx.Provide(func(s *Service) live.Observer { return s }),
	// Web Push notices for summary.ready read titles from the mirror.
	fx.Provide(func(s *Service) push.Recordings { return s }),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Invoke(maintain),
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

// maxMessageBytes bounds one request, as the embedded SyncService does.
const maxMessageBytes = 4 << 20

// Routes mounts SyncService, the same pattern as server/sync. Every
// procedure needs a signed-in user.
func Routes(svc *Service) []httpx.Route {
	path, h := syncv1connect.NewSyncServiceHandler(&handler{svc: svc}, connect.WithReadMaxBytes(maxMessageBytes))
	return []httpx.Route{{Pattern: path, Handler: httpx.ConnectHandler(h)}}
}

// handler passes the caller's verified uid and their own token (the
// upstream authorises every call with it).
type handler struct{ svc *Service }

func (h *handler) Pull(ctx context.Context, req *connect.Request[syncv1.PullRequest]) (*connect.Response[syncv1.PullResponse], error) {
	res, err := h.svc.Pull(ctx, httpx.ConnectUID(ctx), bearer(req.Header()), req.Msg.GetCursor(), int(req.Msg.GetLimit()))
	if err != nil {
		return nil, httpx.ConnectError(ctx, err)
	}
	return connect.NewResponse(res), nil
}

func (h *handler) Push(ctx context.Context, req *connect.Request[syncv1.PushRequest]) (*connect.Response[syncv1.PushResponse], error) {
	res, err := h.svc.Push(ctx, httpx.ConnectUID(ctx), bearer(req.Header()), req.Msg.GetMutations())
	if err != nil {
		return nil, httpx.ConnectError(ctx, err)
	}
	return connect.NewResponse(res), nil
}

func bearer(h http.Header) string {
	token, _ := httpx.BearerToken(&http.Request{Header: h})
	return token
}

// pruneEvery is how often tombstones past changelog.Retention are dropped.
const pruneEvery = 6 * time.Hour

// maintain prunes the relay's change log like the embedded one, and stops
// the background work (pollers, watches) with the server.
func maintain(lc fx.Lifecycle, svc *Service, db *store.DB, log *slog.Logger) {
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				prune(svc.bg, db, log)
			}()
			return nil
		},
		OnStop: func(context.Context) error {
			svc.Close()
			<-done
			return nil
		},
	})
}

func prune(ctx context.Context, db *store.DB, log *slog.Logger) {
	t := time.NewTicker(pruneEvery)
	defer t.Stop()
	for {
		if n, err := changelog.Prune(db, time.Now().Add(-changelog.Retention)); err != nil {
			log.Error("relaysync: pruning tombstones failed", "err", err)
		} else if n > 0 {
			log.Info("relaysync: pruned tombstones", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
