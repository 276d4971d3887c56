// Package push serves PushService (pocket.push.v1) over Connect and tells a
// user's devices, through their push services, when a recording's summary is
// ready. The logic is pkg/push's; this is transport, configuration and
// lifecycle.
package push

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"connectrpc.com/connect"
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/push/v1/pushv1connect"
	"github.com/pocket-companion/pocket/pkg/natsbus"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module provides the VAPID keys, the subscriptions, the sender and the
// PushService route, and connects the sender to the event bus. With
// POCKET_NATS_URL (server/scaleout's connection is not nil), subscriptions
// live in a bucket every replica shares and notices go through a shared
// queue that sends each once (queue.go).
var Module = fx.Module("push",
	fx.Provide(Keys, NewSubscriptions, NewSender, NewQueue),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Invoke(listen, registerMetrics),
)

// Keys are the operator's pair when configured, else the pair generated on
// first start and kept in the database replicas share (POCKET_DATABASE_URL)
// or in the data directory.
func Keys(cfg config.Config, db *store.DB) (push.Keys, error) {
	p := cfg.Push
	if (p.VAPIDPublicKey == "") != (p.VAPIDPrivateKey == "") {
		return push.Keys{}, errors.New("push: POCKET_VAPID_PUBLIC_KEY and POCKET_VAPID_PRIVATE_KEY must be set together, or neither")
	}
	if p.VAPIDPublicKey != "" {
		k, err := push.ParseKeys(p.VAPIDPublicKey, p.VAPIDPrivateKey)
		if err != nil {
			return push.Keys{}, fmt.Errorf("push: POCKET_VAPID_*: %w", err)
		}
		return k, nil
	}
	if cfg.DatabaseURL != "" {
		return push.StoredKeys(db)
	}
	return push.LoadOrCreateKeys(cfg.DataDir)
}

// NewSubscriptions keeps devices' subscriptions in the store, or with NATS
// in the bucket every replica shares.
func NewSubscriptions(cfg config.Config, db *store.DB, nc *natsbus.Conn) (*push.Subscriptions, error) {
	subs, err := subscriptions(cfg, db, nc)
	if err != nil {
		return nil, err
	}
	subs.SetMaxPerUser(int(min(cfg.Quotas.Limits.PushSubscriptions, noDeviceLimit)))
	return subs, nil
}

// noDeviceLimit stands for POCKET_QUOTA_PUSH_SUBSCRIPTIONS=0 (no limit).
const noDeviceLimit = 1 << 30

func subscriptions(cfg config.Config, db *store.DB, nc *natsbus.Conn) (*push.Subscriptions, error) {
	if nc == nil {
		return push.NewSubscriptions(db, nil, cfg.PushEndpoints()), nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), setupTimeout)
	defer cancel()
	return push.NewSharedSubscriptions(ctx, nc.JS, nil, cfg.PushEndpoints())
}

// SenderParams are the sender's dependencies. A notice reads its recording
// from Notices when the graph has one (relay mode: relaysync's mirror of the
// upstream), else from the embedded recordings service.
type SenderParams struct {
	fx.In
	Lifecycle  fx.Lifecycle
	Config     config.Config
	Keys       push.Keys
	Subs       *push.Subscriptions
	Recordings *recordings.Service `optional:"true"`
	Notices    push.Recordings     `optional:"true"`
	Log        *slog.Logger
}

// NewSender delivers notices with the server's keys; it runs from start to stop.
func NewSender(p SenderParams) (*push.Sender, error) {
	recs := p.Notices
	if recs == nil && p.Recordings != nil {
		recs = p.Recordings
	}
	if recs == nil {
		return nil, errors.New("push: nothing to read recordings from for notices")
	}
	s := push.NewSender(p.Subs, recs, push.SenderOptions{Keys: p.Keys, Subject: p.Config.Push.VAPIDSubject, Log: p.Log})
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error { s.Start(); return nil },
		OnStop:  func(context.Context) error { s.Stop(); return nil },
	})
	return s, nil
}

// listen hands every summary.ready event to the sender, or with NATS to the
// shared queue, either of which takes it without blocking the publisher.
// With NATS every replica hears every summary.ready (its own and, through
// the fan-out, the others'), and each enqueues it: the queue keeps one, and
// a replica that died right after publishing is covered by the others.
func listen(lc fx.Lifecycle, bus *events.Bus, s *push.Sender, q *push.Queue) {
	summaryReady := s.SummaryReady
	if q != nil {
		summaryReady = q.SummaryReady
	}
	var cancel func()
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			cancel = bus.Listen(func(e events.Event) {
				if e.Type == events.SummaryReady {
					summaryReady(e.UserID, e.RecordingID)
				}
			})
			return nil
		},
		OnStop: func(context.Context) error { cancel(); return nil },
	})
}

// maxMessageBytes bounds one request: a subscription is under 3 KB.
const maxMessageBytes = 16 << 10

// Routes mounts PushService. Every procedure needs a signed-in user.
func Routes(keys push.Keys, subs *push.Subscriptions) []httpx.Route {
	path, h := pushv1connect.NewPushServiceHandler(&handler{keys: keys, subs: subs},
		connect.WithReadMaxBytes(maxMessageBytes),
	)
	return []httpx.Route{httpx.ConnectRoute(path, h)}
}
