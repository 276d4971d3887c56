// Package live pushes events to open tabs over one WebSocket per browser
// (GET /api/v1/events). Events name what changed (ids and a change-log
// position), never content: a tab that hears one pulls. The socket is opened
// without credentials and the ID token is its first message, so the token
// never appears in a URL; the Origin must be the server's public origin.
package live

import (
	"context"
	"log/slog"
	"net/http"
	"sync"

	"github.com/gorilla/websocket"
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module provides the hub and the events route.
var Module = fx.Module("live",
	fx.Provide(NewHub),
	fx.Provide(fx.Annotate(observedRoutes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Invoke(listen),
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

// Routes mounts the socket. It is public at the HTTP level because browsers
// cannot set headers on a WebSocket: it authenticates with its first message.
func Routes(cfg config.Config, hub *Hub, v httpx.Verifier, log *slog.Logger) []httpx.Route {
	return observedRoutes(routesParams{Config: cfg, Hub: hub, Verifier: v, Log: log})
}

func observedRoutes(p routesParams) []httpx.Route {
	s := NewServer(p.Hub, p.Verifier, p.Config.PublicURL, p.Log)
	if p.Observer != nil {
		s.observer = p.Observer
	}
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

// Server upgrades requests to event sockets.
type Server struct {
	hub      *Hub
	verifier httpx.Verifier
	upgrader websocket.Upgrader
	log      *slog.Logger
	observer Observer
}

// NewServer builds the socket endpoint; publicURL's origin is the one page
// origin allowed to open it.
func NewServer(hub *Hub, v httpx.Verifier, publicURL string, log *slog.Logger) *Server {
	return &Server{hub: hub, verifier: v, log: log, observer: noObserver{}, upgrader: websocket.Upgrader{
		ReadBufferSize:  1024,
		WriteBufferSize: 1024,
		// Buffers are shared while sockets are idle: most of them are.
		WriteBufferPool: &sync.Pool{},
		// A cross-site page is answered 403 by the upgrader.
		CheckOrigin: httpx.SameOrigin(publicURL),
	}}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) error {
	conn, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return nil // the upgrader has answered (403 for a foreign origin, 400 otherwise)
	}
	conn.SetReadLimit(maxInbound)
	// The socket outlives this handler (see below): nothing of the request is kept.
	ctx := context.Background()
	p, token, ok := authenticate(ctx, conn, s.verifier)
	if !ok {
		_ = conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(CloseUnauthenticated, "authentication required"), deadline())
		_ = conn.Close()
		return nil
	}
	// Joined before the hello, so an event published once the client has
	// its hello reaches it: events queue until the writer starts, and the
	// hello is written before it does, so it still comes first.
	c := newClient(conn)
	c.session.set(p.SessionID)
	s.hub.add(p.UID, c)
	if err := c.write(websocket.TextMessage, encodeHello()); err != nil {
		s.hub.remove(p.UID, c)
		_ = conn.Close()
		return nil
	}
	done := make(chan struct{})
	go c.writeLoop(done)
	s.observer.SocketOpened(p.UID, token, p.ExpiresAt)
	// The handler returns and the read loop goes on in a goroutine of its
	// own: net/http then drops its per-connection state (its 4 KiB read and
	// write buffers among it), which a blocked handler would keep reachable
	// for the socket's whole life (docs/benchmarks.md: 26 KB a socket before).
	go func() {
		defer s.hub.remove(p.UID, c)
		defer s.observer.SocketClosed(p.UID)
		c.readLoop(ctx, s.verifier, p, s.observer)
		<-done
	}()
	return nil
}
