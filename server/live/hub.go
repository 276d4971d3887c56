package live

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/pocket-companion/pocket/pkg/events"
)

// Hub knows every open socket by user and hands each event to the sockets of
// its user. Delivery never blocks the writer that published: a socket whose
// buffer is full is dropped and recovers by pulling.
type Hub struct {
	mu      sync.RWMutex
	byUser  map[string]map[*client]struct{}
	opened  uint64 // sockets ever added: each one's place in line, for "oldest"
	open    atomic.Int64
	dropped atomic.Int64
	evicted atomic.Int64
}

// NewHub returns an empty hub.
func NewHub() *Hub { return &Hub{byUser: map[string]map[*client]struct{}{}} }

// Open is how many sockets are signed in now.
func (h *Hub) Open() int64 { return h.open.Load() }

// Dropped counts sockets closed for falling behind.
func (h *Hub) Dropped() int64 { return h.dropped.Load() }

// Evicted counts sockets closed because their user opened too many.
func (h *Hub) Evicted() int64 { return h.evicted.Load() }

// Deliver hands e to its user's sockets. It runs in the publisher's
// goroutine (events.Bus.Listen), so it only does non-blocking sends.
func (h *Hub) Deliver(e events.Event) {
	if e.UserID == "" {
		return
	}
	if e.Type == events.SessionEnded {
		// Not for clients. A sign-out here closed its sockets already
		// (server/auth); one on another replica closes them here.
		if e.Remote {
			h.KickSession(e.UserID, e.SessionID)
		}
		return
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	conns := h.byUser[e.UserID]
	if len(conns) == 0 {
		return
	}
	msg := encodeEvent(e)
	for c := range conns {
		if !c.offer(msg) {
			h.dropped.Add(1)
			c.kick(CloseTooSlow, "too slow: reconnect and pull")
		}
	}
}

// add joins c to uid's sockets. When the user already holds perUser (0: no
// limit) that are not closing, their oldest ones are closed to make room:
// the newest socket is the device the person is using now.
func (h *Hub) add(uid string, c *client, perUser int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	set := h.byUser[uid]
	if set == nil {
		set = map[*client]struct{}{}
		h.byUser[uid] = set
	}
	if perUser > 0 {
		h.evictBeyond(set, perUser-1)
	}
	h.opened++
	c.place = h.opened
	set[c] = struct{}{}
	h.open.Add(1)
}

// evictBeyond closes the oldest sockets of set until keep remain open. A
// closed socket stays in set until its goroutine leaves; it is not counted.
func (h *Hub) evictBeyond(set map[*client]struct{}, keep int) {
	var stillOpen []*client
	for c := range set {
		if !c.closing() {
			stillOpen = append(stillOpen, c)
		}
	}
	if len(stillOpen) <= keep {
		return
	}
	slices.SortFunc(stillOpen, func(a, b *client) int { return cmp.Compare(a.place, b.place) })
	for _, c := range stillOpen[:len(stillOpen)-keep] {
		c.kick(CloseTooMany, "too many open connections")
		h.evicted.Add(1)
	}
}

func (h *Hub) remove(uid string, c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	set := h.byUser[uid]
	if _, ok := set[c]; !ok {
		return
	}
	delete(set, c)
	if len(set) == 0 {
		delete(h.byUser, uid)
	}
	h.open.Add(-1)
}

// closeAll tells every socket the server is going away.
func (h *Hub) closeAll() {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for _, set := range h.byUser {
		for c := range set {
			c.kick(1001, "server stopping")
		}
	}
}
