// Package sync serves SyncService (pocket.sync.v1) over Connect: devices pull
// the changes to their library and push the edits they queued. The logic is
// pkg/syncer's; this is transport and lifecycle (backfilling the change log
// of a data directory written before it, pruning old tombstones).
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
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/syncer"
	"github.com/pocket-companion/pocket/server/health"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module provides *syncer.Service and the SyncService route.
var Module = fx.Module("sync",
	fx.Provide(NewService),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Invoke(maintain),
)

// NewService builds sync over the recordings domain, with Ask Pocket for
// questions queued offline.
func NewService(db *store.DB, recs *recordings.Service, chats *chat.Service, log *slog.Logger) *syncer.Service {
	return syncer.NewService(db, recs, asker{chats}, log)
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
	return []httpx.Route{{Pattern: path, Handler: httpx.ConnectHandler(h)}}
}

// pruneEvery is how often tombstones past changelog.Retention are dropped.
const pruneEvery = 6 * time.Hour

type maintainParams struct {
	fx.In
	Lifecycle  fx.Lifecycle
	DB         *store.DB
	Recordings *recordings.Service
	Gate       *health.Gate
	Log        *slog.Logger
}

// maintain backfills the change log once (readiness waits for it: a device
// pulling before it ends would miss older recordings until its next pull)
// and prunes tombstones in the background.
func maintain(p maintainParams) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	const reason = "logging the library for sync"
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			p.Gate.Hold(reason)
			go func() {
				defer close(done)
				backfill(p, reason)
				prune(ctx, p)
			}()
			return nil
		},
		OnStop: func(context.Context) error { cancel(); <-done; return nil },
	})
}

func backfill(p maintainParams, reason string) {
	defer p.Gate.Release(reason)
	n, err := p.Recordings.BackfillChangeLog()
	if err != nil {
		p.Log.Error("sync: backfilling the change log failed", "err", err)
		return
	}
	if n > 0 {
		p.Log.Info("sync: logged the existing library", "entities", n)
	}
	if n, err = p.Recordings.BackfillPeople(); err != nil {
		p.Log.Error("recordings: indexing the library's people failed", "err", err)
	} else if n > 0 {
		p.Log.Info("recordings: indexed the people of the existing library", "recordings", n)
	}
}

func prune(ctx context.Context, p maintainParams) {
	t := time.NewTicker(pruneEvery)
	defer t.Stop()
	for {
		n, err := changelog.Prune(p.DB, time.Now().Add(-changelog.Retention))
		if err != nil {
			p.Log.Error("sync: pruning tombstones failed", "err", err)
		} else if n > 0 {
			p.Log.Info("sync: pruned tombstones", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
