package push

import (
	"context"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/natsbus"
	"github.com/pocket-companion/pocket/pkg/push"
)

// setupTimeout bounds creating the shared bucket, stream and consumer at start.
const setupTimeout = 10 * time.Second

// stopWait bounds how long a stopping replica waits for its sends to end
// (the whole server has 40 s to stop).
const stopWait = 10 * time.Second

// NewQueue is the queue replicas joined by NATS send through, or nil
// without NATS. It starts with the server and stops before the sender, so
// notices being sent finish (or are handed back to the queue) first.
func NewQueue(lc fx.Lifecycle, nc *natsbus.Conn, s *push.Sender, log *slog.Logger) (*push.Queue, error) {
	if nc == nil {
		return nil, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), setupTimeout)
	defer cancel()
	q, err := push.NewQueue(ctx, nc.JS, s, push.QueueOptions{Log: log})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return q.Start() },
		OnStop: func(ctx context.Context) error {
			// Sends still under way after this are abandoned by the sender's
			// stop and sent again by a replica after the queue's AckWait.
			ctx, cancel := context.WithTimeout(ctx, stopWait)
			defer cancel()
			q.Stop(ctx)
			return nil
		},
	})
	return q, nil
}
