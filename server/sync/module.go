// Package sync serves SyncService (pocket.sync.v1) over Connect, in both
// modes: devices pull the changes to their library and push the edits they
// queued. The rules are pkg/syncer's one engine, over the embedded
// provider's store (Module) or a relay's mirror of its upstream (Relayed,
// with server/relaysync's backend); this is transport and lifecycle
// (backfilling the change log of a data directory written before it,
// pruning old tombstones).
package sync

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"connectrpc.com/connect"
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/chat"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/syncer"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/server/health"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module serves SyncService over the embedded provider's store, backfilling
// its change log once at start.
var Module = fx.Module("sync",
	fx.Provide(EmbeddedBackend),
	serve,
	fx.Invoke(maintainEmbedded),
)

// Relayed serves SyncService over the syncer.Backend in the graph: a relay's
// (server/relaysync.Module provides it).
var Relayed = fx.Module("sync",
	serve,
	fx.Invoke(maintain),
)

// serve is the engine and its route, whatever the backend.
var serve = fx.Options(
	fx.Provide(NewService),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
)

// NewService builds the engine over backend.
func NewService(db *store.DB, backend syncer.Backend, log *slog.Logger) *syncer.Service {
	return syncer.New(db, backend, log)
}

// EmbeddedBackend is the recordings domain as sync's backend, with Ask
// Pocket for questions queued offline.
func EmbeddedBackend(recs *recordings.Service, hls *highlights.Service, tpls *templates.Store, chats *chat.Service) syncer.Backend {
	return syncer.Embedded(recs, hls, tpls, asker{chats})
}

// asker sends a queued question as the owner would over REST, with its key.
type asker struct{ chats *chat.Service }

func (a asker) AskOnce(ctx context.Context, uid string, q syncer.Question) (json.RawMessage, error) {
	res, err := a.chats.Send(ctx, chat.Access{UID: uid}, chat.SendInput{
		RecordingID: q.RecordingID, SessionID: q.SessionID, Message: q.Message, Language: "en", Key: q.Key,
	})
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

// maxMessageBytes bounds one request (100 mutations with room to spare).
const maxMessageBytes = 4 << 20

// Routes mounts SyncService. Every procedure needs a signed-in user.
func Routes(svc *syncer.Service) []httpx.Route {
	path, h := syncv1connect.NewSyncServiceHandler(&handler{svc: svc},
		connect.WithReadMaxBytes(maxMessageBytes),
	)
	return []httpx.Route{httpx.ConnectRoute(path, h)}
}

// pruneEvery is how often tombstones past changelog.Retention are dropped.
const pruneEvery = 6 * time.Hour

// maintain prunes the change log's tombstones in the background.
func maintain(lc fx.Lifecycle, db *store.DB, log *slog.Logger) {
	background(lc, func(ctx context.Context) { prune(ctx, db, log) })
}

type embeddedParams struct {
	fx.In
	Lifecycle  fx.Lifecycle
	DB         *store.DB
	Recordings *recordings.Service
	Templates  *templates.Store
	Gate       *health.Gate
	Log        *slog.Logger
}

// maintainEmbedded backfills the change log once (readiness waits for it: a
// device pulling before it ends would miss older recordings until its next
// pull), then prunes tombstones in the background.
func maintainEmbedded(p embeddedParams) {
	const reason = "logging the library for sync"
	p.Lifecycle.Append(fx.Hook{OnStart: func(context.Context) error { p.Gate.Hold(reason); return nil }})
	background(p.Lifecycle, func(ctx context.Context) {
		backfill(p, reason)
		prune(ctx, p.DB, p.Log)
	})
}

// background runs fn from start to stop.
func background(lc fx.Lifecycle, fn func(context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				fn(ctx)
			}()
			return nil
		},
		OnStop: func(context.Context) error { cancel(); <-done; return nil },
	})
}

func backfill(p embeddedParams, reason string) {
	defer p.Gate.Release(reason)
	n, err := p.Recordings.BackfillChangeLog()
	if err != nil {
		p.Log.Error("sync: backfilling the change log failed", "err", err)
		return
	}
	if n > 0 {
		p.Log.Info("sync: logged the existing library", "entities", n)
	}
	if n, err = p.Templates.BackfillChangeLog(); err != nil {
		p.Log.Error("sync: logging the existing summary templates failed", "err", err)
	} else if n > 0 {
		p.Log.Info("sync: logged the existing summary templates", "templates", n)
	}
	if n, err = p.Recordings.BackfillPeople(); err != nil {
		p.Log.Error("recordings: indexing the library's people failed", "err", err)
	} else if n > 0 {
		p.Log.Info("recordings: indexed the people of the existing library", "recordings", n)
	}
}

func prune(ctx context.Context, db *store.DB, log *slog.Logger) {
	t := time.NewTicker(pruneEvery)
	defer t.Stop()
	for {
		n, err := changelog.Prune(db, time.Now().Add(-changelog.Retention))
		if err != nil {
			log.Error("sync: pruning tombstones failed", "err", err)
		} else if n > 0 {
			log.Info("sync: pruned tombstones", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
