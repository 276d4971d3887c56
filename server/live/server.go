package live

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/pocket-companion/pocket/server/httpx"
)

// Server upgrades requests to event sockets.
type Server struct {
	hub         *Hub
	verifier    httpx.Verifier
	upgrader    websocket.Upgrader
	log         *slog.Logger
	observer    Observer
	limits      Limits
	gate        *gate
	authTimeout time.Duration
}

// NewServer builds the socket endpoint; publicURL's origin is the one page
// origin allowed to open it.
func NewServer(hub *Hub, v httpx.Verifier, publicURL string, limits Limits, log *slog.Logger) *Server {
	return &Server{hub: hub, verifier: v, log: log, observer: noObserver{}, limits: limits, gate: newGate(limits), authTimeout: authTimeout,
		upgrader: websocket.Upgrader{
			ReadBufferSize:  1024,
			WriteBufferSize: 1024,
			// Buffers are shared while sockets are idle: most of them are.
			WriteBufferPool: &sync.Pool{},
			// A cross-site page is answered 403 by the upgrader.
			CheckOrigin: httpx.SameOrigin(publicURL),
		}}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) error {
	// Admitted before the upgrade: a refusal (429, 503 with Retry-After) is a
	// plain HTTP answer and holds no socket.
	place, err := s.gate.admit(httpx.ClientKey(r))
	if err != nil {
		return err
	}
	conn, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		place.release()
		return nil // the upgrader has answered (403 for a foreign origin, 400 otherwise)
	}
	conn.SetReadLimit(maxInbound)
	// The socket outlives this handler (see below): nothing of the request is kept.
	ctx := context.Background()
	p, token, ok := authenticate(ctx, conn, s.verifier, s.authTimeout)
	if !ok {
		_ = conn.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(CloseUnauthenticated, "authentication required"), deadline())
		_ = conn.Close()
		place.release()
		return nil
	}
	place.signedIn()
	// Joined before the hello, so an event published once the client has
	// its hello reaches it: events queue until the writer starts, and the
	// hello is written before it does, so it still comes first.
	c := newClient(conn)
	c.session.set(p.SessionID)
	s.hub.add(p.UID, c, s.limits.PerUser)
	if err := c.write(websocket.TextMessage, encodeHello()); err != nil {
		s.hub.remove(p.UID, c)
		_ = conn.Close()
		place.release()
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
		defer place.release() // after the writer has closed the connection
		defer s.hub.remove(p.UID, c)
		defer s.observer.SocketClosed(p.UID)
		c.readLoop(ctx, s.verifier, p, s.observer)
		<-done
	}()
	return nil
}
