// Package live pushes events to open tabs over one WebSocket per browser
// (GET /api/v1/events). Events name what changed (ids and a change-log
// position), never content: a tab that hears one pulls. The socket is opened
// without credentials and the ID token is its first message, so the token
// never appears in a URL; the Origin must be the server's public origin.
// Every socket holds a file descriptor, so they are capped (Limits).
package live

import (
	"context"
	"log/slog"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module provides the hub and the events route.
var Module = fx.Module("live",
	fx.Provide(NewHub),
	fx.Provide(fx.Private, newModuleServer),
	fx.Provide(fx.Annotate((*Server).Routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Invoke(listen, registerMetrics),
)

// routesParams are the socket's dependencies; an Observer is optional (the
// relay provides one).
type routesParams struct {
	fx.In
	Config   config.Config
	Hub      *Hub
	Verifier httpx.Verifier
	Log      *slog.Logger
	Observer Observer `optional:"true"`
}

// Routes mounts the socket with the caps cfg sets. It is public at the HTTP
// level because browsers cannot set headers on a WebSocket: it authenticates
// with its first message.
func Routes(cfg config.Config, hub *Hub, v httpx.Verifier, log *slog.Logger) []httpx.Route {
	return newModuleServer(routesParams{Config: cfg, Hub: hub, Verifier: v, Log: log}).Routes()
}

func newModuleServer(p routesParams) *Server {
	s := NewServer(p.Hub, p.Verifier, p.Config.PublicURL, LimitsFrom(p.Config), p.Log)
	if p.Observer != nil {
		s.observer = p.Observer
	}
	return s
}

// Routes is the socket's one route.
func (s *Server) Routes() []httpx.Route {
	return []httpx.Route{{Pattern: "GET /api/v1/events", Handler: s.serve, Access: httpx.Public}}
}

// listen connects the hub to the event bus for the server's lifetime.
func listen(lc fx.Lifecycle, bus *events.Bus, hub *Hub) {
	var cancel func()
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { cancel = bus.Listen(hub.Deliver); return nil },
		OnStop: func(context.Context) error {
			cancel()
			hub.closeAll()
			return nil
		},
	})
}
