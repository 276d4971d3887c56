package main

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/live"
	"github.com/pocket-companion/pocket/tests/faketokens"
)

// fanout is a server under test: it serves sockets, counts the open ones and
// sends one event to every socket.
type fanout interface {
	handler() http.Handler
	open() int64
	// publish sends round's event to every socket (pocket: one per user) and
	// returns when the publisher is done handing them over.
	publish(round int, start time.Time)
	close()
}

// message has the fields of server/live's event message; the baseline sends
// the same shape so both servers move the same bytes.
type message struct {
	Type        string    `json:"type"`
	RecordingID string    `json:"recordingId,omitempty"`
	Seq         uint64    `json:"seq,omitempty"`
	At          time.Time `json:"at"`
}

// roundID carries the round's start (unix nanoseconds) in the recording id,
// so the client can time receipt from the start of the round.
func roundID(start time.Time) string { return strconv.FormatInt(start.UnixNano(), 10) }

// pocketServer is server/live as `pocket serve` mounts it (live.Routes), fed
// by an events.Bus. Its caps are the operator's settings, set here for the
// benchmark's sockets: POCKET_MAX_SOCKETS at their number, no per-user or
// per-address cap (they all come from a few loopback addresses).
type pocketServer struct {
	hub    *live.Hub
	bus    *events.Bus
	route  http.Handler
	users  []string
	cancel func()
}

func newPocket(publicURL string, users, sockets int) *pocketServer {
	hub, bus := live.NewHub(), events.NewBus()
	cfg := config.Config{PublicURL: publicURL, Live: config.Live{MaxSockets: strconv.Itoa(sockets)}}
	routes := live.Routes(cfg, hub, faketokens.Verifier{}, slog.New(slog.DiscardHandler))
	s := &pocketServer{hub: hub, bus: bus, route: routes[0].Handler, cancel: bus.Listen(hub.Deliver)}
	for u := range users {
		s.users = append(s.users, userID(u))
	}
	return s
}

func userID(u int) string { return "u" + strconv.Itoa(u) }

func (s *pocketServer) handler() http.Handler { return s.route }
func (s *pocketServer) open() int64           { return s.hub.Open() }
func (s *pocketServer) close()                { s.cancel() }

func (s *pocketServer) publish(round int, start time.Time) {
	id := roundID(start)
	for _, u := range s.users {
		s.bus.Publish(events.Event{Type: events.RecordingCreated, UserID: u, RecordingID: id, Seq: uint64(round), At: time.Now()})
	}
}

// baselineServer is a bare gorilla/websocket echo server: default Upgrader
// (it reuses net/http's 4 KiB read and write buffers), one goroutine per
// socket echoing what it reads, and a broadcast written inline.
type baselineServer struct {
	upgrader websocket.Upgrader
	mu       sync.Mutex
	conns    map[*echoConn]struct{}
	n        atomic.Int64
}

type echoConn struct {
	mu sync.Mutex // one writer at a time: the echo loop or the broadcast
	ws *websocket.Conn
}

func newBaseline() *baselineServer { return &baselineServer{conns: map[*echoConn]struct{}{}} }

func (s *baselineServer) handler() http.Handler { return http.HandlerFunc(s.serve) }
func (s *baselineServer) open() int64           { return s.n.Load() }
func (s *baselineServer) close()                {}

func (s *baselineServer) serve(w http.ResponseWriter, r *http.Request) {
	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	c := &echoConn{ws: ws}
	s.mu.Lock()
	s.conns[c] = struct{}{}
	s.mu.Unlock()
	s.n.Add(1)
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
		s.n.Add(-1)
		_ = ws.Close()
	}()
	for {
		kind, data, err := ws.ReadMessage()
		if err != nil {
			return
		}
		c.mu.Lock()
		err = ws.WriteMessage(kind, data)
		c.mu.Unlock()
		if err != nil {
			return
		}
	}
}

func (s *baselineServer) publish(round int, start time.Time) {
	id := roundID(start)
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		msg, _ := json.Marshal(message{Type: events.RecordingCreated, RecordingID: id, Seq: uint64(round), At: time.Now()})
		c.mu.Lock()
		_ = c.ws.SetWriteDeadline(time.Now().Add(10 * time.Second))
		_ = c.ws.WriteMessage(websocket.TextMessage, msg)
		c.mu.Unlock()
	}
}
