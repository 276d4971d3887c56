// Package events is the server's in-process event bus. Features publish what
// happened to a user's data; the live-update and push features subscribe and tell
// open tabs and devices. Publishing never blocks the writer: a subscriber that
// falls behind loses events and is told so through Dropped, and it recovers by
// pulling, which it must be able to do anyway after a reconnect.
//
// With several replicas, a Fanout (pkg/scaleout, over NATS) carries each
// replica's events to the others, which hand them to their own listeners
// through DeliverRemote; features publish and listen exactly as with one
// process.
package events

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Event types, as delivered to clients.
const (
	RecordingCreated = "recording.created"
	RecordingUpdated = "recording.updated"
	RecordingDeleted = "recording.deleted"
	SummaryReady     = "summary.ready"
	ChatMessage      = "chat.message"
	FolderUpdated    = "folder.updated"
	FolderDeleted    = "folder.deleted"
	// HighlightUpdated and HighlightDeleted announce a highlight made,
	// edited or deleted (RecordingID names its recording).
	HighlightUpdated = "highlight.updated"
	HighlightDeleted = "highlight.deleted"
	// TemplateUpdated and TemplateDeleted announce one of the user's summary
	// templates made, replaced or deleted.
	TemplateUpdated = "template.updated"
	TemplateDeleted = "template.deleted"
	// ShareCreated announces a new share link. It never goes on the bus (no
	// device pulls on it): it reaches webhooks only, through an Outbox.
	ShareCreated = "share.created"
	// SessionEnded says a sign-out ended SessionID of UserID (every session
	// of the user when SessionID is empty). It changes no data and never
	// reaches a client: it carries the sign-out to the other replicas, which
	// close that session's sockets and forget that it was alive.
	SessionEnded = "session.ended"
)

// Event is one change to one user's data.
type Event struct {
	Type        string `json:"type"`
	UserID      string `json:"-"`
	RecordingID string `json:"recordingId,omitempty"`
	FolderID    string `json:"folderId,omitempty"`
	// LinkID and ExpiresAt describe a new share link to webhooks (share.created
	// never goes on the bus: no device pulls on it).
	LinkID    string     `json:"-"`
	ExpiresAt *time.Time `json:"-"`
	// SessionID is the session a SessionEnded event ended.
	SessionID string `json:"-"`
	// Seq is the change-log position the change was written at (0 for events
	// that change no synced data, like chat messages): a device whose cursor
	// is at or past it has the change already.
	Seq uint64    `json:"seq,omitempty"`
	At  time.Time `json:"at"`
	// Remote marks an event another replica published (see DeliverRemote).
	// Its Seq is zero: the writer's Seq is a position in that replica's own
	// change log, which means nothing against this replica's log or the
	// cursors of devices that pull from it, so a listener hearing a remote
	// event knows only that something changed and must pull (or refresh from
	// the upstream) to see it.
	Remote bool `json:"-"`
}

// Outbox takes, inside the transaction of a change, the durable work the
// change owes to others (webhook deliveries): written with the change, or
// not at all when it does not commit. The bus, by contrast, hears of a
// change only after the commit and keeps nothing.
type Outbox interface {
	AddIn(x *store.Txn, e Event) error
}

// Fanout carries this replica's events to the other replicas. Bus.Publish
// calls it after local delivery, in the publisher's goroutine, and it returns
// once the event has left this process (or could not leave), so a writer
// that publishes before answering has handed its event on when it answers.
type Fanout interface {
	Publish(Event)
}

// Bus fans events out to subscribers.
type Bus struct {
	mu        sync.RWMutex
	next      int
	subs      map[int]*Subscription
	listeners map[int]func(Event)
	fanout    atomic.Pointer[Fanout]
}

// Subscription receives events until it is closed.
type Subscription struct {
	C       <-chan Event
	c       chan Event
	dropped atomic.Int64
	cancel  func()
}

// Dropped counts events this subscriber missed because it was full.
func (s *Subscription) Dropped() int64 { return s.dropped.Load() }

// Close stops delivery and releases the subscription.
func (s *Subscription) Close() { s.cancel() }

// NewBus returns an empty bus.
func NewBus() *Bus {
	return &Bus{subs: map[int]*Subscription{}, listeners: map[int]func(Event){}}
}

// Subscribe registers a subscriber with a buffer of size buf.
func (b *Bus) Subscribe(buf int) *Subscription {
	c := make(chan Event, buf)
	sub := &Subscription{C: c, c: c}
	b.mu.Lock()
	id := b.next
	b.next++
	b.subs[id] = sub
	b.mu.Unlock()
	var once sync.Once
	sub.cancel = func() {
		once.Do(func() {
			b.mu.Lock()
			delete(b.subs, id)
			b.mu.Unlock()
			close(c)
		})
	}
	return sub
}

// Listen calls fn with every event published from now on, synchronously in
// the publisher's goroutine, until cancel is called. fn must not block (hand
// the event to a buffered channel, dropping what does not fit): it is how the
// live-events hub fans out to thousands of sockets without a queue of its own.
func (b *Bus) Listen(fn func(Event)) (cancel func()) {
	b.mu.Lock()
	id := b.next
	b.next++
	b.listeners[id] = fn
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		delete(b.listeners, id)
		b.mu.Unlock()
	}
}

// SetFanout sends every event published from now on to f as well (nil stops
// it). It returns a function that restores the previous one.
func (b *Bus) SetFanout(f Fanout) (restore func()) {
	var next *Fanout
	if f != nil {
		next = &f
	}
	prev := b.fanout.Swap(next)
	return func() { b.fanout.Store(prev) }
}

// Publish delivers e to every local subscriber that has room and every
// listener, then hands it to the fan-out, if any, for the other replicas.
func (b *Bus) Publish(e Event) {
	if e.At.IsZero() {
		e.At = time.Now().UTC()
	}
	e.Remote = false
	b.deliver(e)
	if f := b.fanout.Load(); f != nil {
		(*f).Publish(e)
	}
}

// DeliverRemote hands an event another replica published to this replica's
// subscribers and listeners only (it never goes back out). It is marked
// Remote and its Seq dropped: see Event.Remote.
func (b *Bus) DeliverRemote(e Event) {
	e.Remote, e.Seq = true, 0
	b.deliver(e)
}

func (b *Bus) deliver(e Event) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	for _, s := range b.subs {
		select {
		case s.c <- e:
		default:
			s.dropped.Add(1)
		}
	}
	for _, fn := range b.listeners {
		fn(e)
	}
}
