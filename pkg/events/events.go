// Package events is the server's in-process event bus. Features publish what
// happened to a user's data; the live-update and push features subscribe and tell
// open tabs and devices. Publishing never blocks the writer: a subscriber that
// falls behind loses events and is told so through Dropped, and it recovers by
// pulling, which it must be able to do anyway after a reconnect.
package events

import (
	"sync"
	"sync/atomic"
	"time"
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
)

// Event is one change to one user's data.
type Event struct {
	Type        string `json:"type"`
	UserID      string `json:"-"`
	RecordingID string `json:"recordingId,omitempty"`
	FolderID    string `json:"folderId,omitempty"`
	// Seq is the change-log position the change was written at (0 for events
	// that change no synced data, like chat messages): a device whose cursor
	// is at or past it has the change already.
	Seq uint64    `json:"seq,omitempty"`
	At  time.Time `json:"at"`
}

// Bus fans events out to subscribers.
type Bus struct {
	mu        sync.RWMutex
	next      int
	subs      map[int]*Subscription
	listeners map[int]func(Event)
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

// Publish delivers e to every subscriber that has room.
func (b *Bus) Publish(e Event) {
	if e.At.IsZero() {
		e.At = time.Now().UTC()
	}
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
