package chat

import (
	"context"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/chat"
)

// sweepVisitors removes expired share-link visitor conversations once at
// start and then every chat.SweepEvery, in the background (OnStart never
// waits for it).
func sweepVisitors(lc fx.Lifecycle, svc *chat.Service, log *slog.Logger) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				sweepEvery(ctx, svc, log, chat.SweepEvery)
			}()
			return nil
		},
		OnStop: func(context.Context) error { cancel(); <-done; return nil },
	})
}

func sweepEvery(ctx context.Context, svc *chat.Service, log *slog.Logger, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		n, err := svc.SweepVisitors()
		if err != nil {
			log.Error("chat: removing expired visitor conversations failed", "err", err)
		} else if n > 0 {
			log.Info("chat: removed expired visitor conversations", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
