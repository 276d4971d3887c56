// Package scaleout joins this replica to the others when POCKET_NATS_URL is
// set: one NATS connection for the process, the event bus fanned out over it
// (pkg/natsbus), and the connection's state in /metrics. Push uses the same
// connection for its shared queue and subscriptions (server/push). Unset,
// the connection is nil and nothing here runs: events stay in the process.
package scaleout

import (
	"context"
	"log/slog"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/natsbus"
	"github.com/pocket-companion/pocket/server/config"
)

// Module provides *natsbus.Conn (nil without POCKET_NATS_URL) and fans the
// event bus out over it.
var Module = fx.Module("scaleout",
	fx.Provide(Connect, fanOut),
	fx.Invoke(registerMetrics),
)

// Connect opens the replica's connection at construction, as the store is
// opened: the features that share it (push) need it to build. A broker that
// cannot be reached within natsbus's ConnectFor stops the server at start.
// It is drained and closed on stop, after the features that use it.
func Connect(lc fx.Lifecycle, cfg config.Config, log *slog.Logger) (*natsbus.Conn, error) {
	if !cfg.NATSEnabled() {
		return nil, nil
	}
	c, err := natsbus.Connect(cfg.NATSURL, natsbus.Options{Log: log})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{OnStop: c.Close})
	log.Info("scale-out: live events and push sends are shared with other replicas over NATS", "replica", c.Replica)
	return c, nil
}

// fanOut joins the bus to the other replicas' for the server's lifetime; the
// subscription is registered before any feature starts.
func fanOut(lc fx.Lifecycle, c *natsbus.Conn, bus *events.Bus) (*natsbus.Fanout, error) {
	if c == nil {
		return nil, nil
	}
	f, err := natsbus.Attach(c, bus)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { f.Detach(); return nil }})
	return f, nil
}
