// Package digest serves the digest's routes (settings, the current digest,
// "send now", the signed-out unsubscribe link) and runs the loop that sends
// scheduled digests. The logic is pkg/digest's; this is transport, wiring
// and lifecycle.
package digest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/digest"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/mail"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
)

// Module provides the digest service, its routes and its schedule.
var Module = fx.Module("digest",
	fx.Provide(NewService),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Invoke(runSchedule),
)

// Params are the service's dependencies.
type Params struct {
	fx.In
	DB         *store.DB
	Config     config.Config
	Recordings *recordings.Service
	Users      *identity.Users
	Mail       mail.Sender
	Push       *push.Sender
	Log        *slog.Logger
}

// NewService is the digest service of this replica.
func NewService(p Params) *digest.Service {
	return digest.New(p.DB, digest.Options{
		Library: p.Recordings,
		Mail:    p.Mail,
		Push:    p.Push,
		EmailOf: func(ctx context.Context, uid string) (string, error) {
			u, err := p.Users.Get(ctx, uid)
			return u.Email, err
		},
		AppURL: p.Config.PublicURL,
		Worker: workerName(),
		Log:    p.Log.With("feature", "digest"),
	})
}

func workerName() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return host + "-" + hex.EncodeToString(b)
}

// TickEvery is how often each replica looks for due digests.
const TickEvery = time.Minute

// runSchedule ticks from start to stop; a tick under way when the server
// stops is cancelled, and its unfinished digest is taken again after its lease.
func runSchedule(lc fx.Lifecycle, s *digest.Service, log *slog.Logger) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				t := time.NewTicker(TickEvery)
				defer t.Stop()
				for {
					select {
					case <-ctx.Done():
						return
					case <-t.C:
						if _, err := s.Tick(ctx); err != nil && ctx.Err() == nil {
							log.Error("digest: tick failed", "err", err)
						}
					}
				}
			}()
			return nil
		},
		OnStop: func(context.Context) error { cancel(); <-done; return nil },
	})
}
