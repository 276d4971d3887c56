package natsbus

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/pocket-companion/pocket/pkg/events"
)

// EventSubjectPrefix starts the subject of each user's events:
// pocket.events.<Token(uid)>. Every replica subscribes to pocket.events.>.
const EventSubjectPrefix = "pocket.events."

// EventSubject is the subject uid's events are published on.
func EventSubject(uid string) string { return EventSubjectPrefix + Token(uid) }

const (
	// flushTimeout bounds how long a writer waits for the broker to confirm
	// its event; a broker slower than that is logged and counted, and the
	// event still goes out if the connection holds.
	flushTimeout = time.Second
	// Remote events waiting for this replica's listeners before the broker
	// drops them as to a slow consumer (listeners never block, so only a
	// stalled process gets there).
	pendingMsgs  = 1 << 16
	pendingBytes = 64 << 20
)

// wireEvent is an event on the wire: the user it is for (json:"-" in
// events.Event) and the replica that published it travel with it.
type wireEvent struct {
	Replica     string    `json:"replica"`
	UserID      string    `json:"userId"`
	Type        string    `json:"type"`
	RecordingID string    `json:"recordingId,omitempty"`
	FolderID    string    `json:"folderId,omitempty"`
	SessionID   string    `json:"sessionId,omitempty"`
	Seq         uint64    `json:"seq,omitempty"`
	At          time.Time `json:"at"`
}

// FanoutStats count the fan-out's traffic, for metrics and tests.
type FanoutStats struct {
	// Confirmed: published and flushed, the broker has it.
	Confirmed atomic.Int64
	// Buffered: published while the broker was away, held in the
	// reconnect buffer and sent when it returns (lost if this process dies first).
	Buffered atomic.Int64
	// Failed: could not be published or not confirmed in time.
	Failed atomic.Int64
	// Received: other replicas' events handed to this replica's listeners.
	Received atomic.Int64
	// Malformed: messages on the events subjects that were not events.
	Malformed atomic.Int64
}

// Fanout is the event bus of one replica joined to the others'.
type Fanout struct {
	conn    *Conn
	bus     *events.Bus
	sub     *nats.Subscription
	restore func()
	stats   FanoutStats
	log     *slog.Logger
}

// Attach joins bus to the other replicas': every event published on bus
// from now on also goes to the broker, and other replicas' events reach
// bus's listeners. The subscription is registered at the broker before
// Attach returns, so nothing published after it is missed.
func Attach(c *Conn, bus *events.Bus) (*Fanout, error) {
	f := &Fanout{conn: c, bus: bus, log: c.log}
	sub, err := c.NC.Subscribe(EventSubjectPrefix+">", f.receive)
	if err != nil {
		return nil, fmt.Errorf("nats: subscribe to events: %w", err)
	}
	if err := sub.SetPendingLimits(pendingMsgs, pendingBytes); err != nil {
		_ = sub.Unsubscribe()
		return nil, fmt.Errorf("nats: events subscription limits: %w", err)
	}
	if err := c.NC.FlushTimeout(5 * time.Second); err != nil {
		_ = sub.Unsubscribe()
		return nil, fmt.Errorf("nats: register the events subscription: %w", err)
	}
	f.sub = sub
	f.restore = bus.SetFanout(f)
	return f, nil
}

// Stats are the fan-out's counters.
func (f *Fanout) Stats() *FanoutStats { return &f.stats }

// Detach stops both directions; the connection stays open.
func (f *Fanout) Detach() {
	f.restore()
	_ = f.sub.Unsubscribe()
}

// Publish sends e to the other replicas and, while the broker is reachable,
// waits for it to confirm (a PING/PONG after the message, about one round
// trip), so an event is in the broker's hands when the writer answers.
// While the broker is away the event waits in the reconnect buffer and
// Publish returns at once: writers are not held up by an outage.
func (f *Fanout) Publish(e events.Event) {
	if e.UserID == "" {
		return // nobody to deliver it to (the hub drops it too)
	}
	data, err := json.Marshal(wireEvent{Replica: f.conn.Replica, UserID: e.UserID, Type: e.Type,
		RecordingID: e.RecordingID, FolderID: e.FolderID, SessionID: e.SessionID, Seq: e.Seq, At: e.At})
	if err != nil {
		f.fail("encode", err)
		return
	}
	if err := f.conn.NC.Publish(EventSubject(e.UserID), data); err != nil {
		f.fail("publish", err)
		return
	}
	if !f.conn.NC.IsConnected() {
		f.stats.Buffered.Add(1)
		return
	}
	if err := f.conn.NC.FlushTimeout(flushTimeout); err != nil {
		f.fail("confirm", err)
		return
	}
	f.stats.Confirmed.Add(1)
}

func (f *Fanout) fail(step string, err error) {
	f.stats.Failed.Add(1)
	// Debug: an outage would log once per event; the connection's state
	// changes are logged at warn, and the count is in the metrics.
	f.log.Debug("nats: event not handed to the broker", "step", step, "err", err)
}

// receive hands another replica's event to this replica's listeners.
func (f *Fanout) receive(m *nats.Msg) {
	var w wireEvent
	// The subject must name the user the event is for: a message that says
	// otherwise was not published by a replica.
	if err := json.Unmarshal(m.Data, &w); err != nil || w.UserID == "" || w.Type == "" || m.Subject != EventSubject(w.UserID) {
		f.stats.Malformed.Add(1)
		return
	}
	if w.Replica == f.conn.Replica {
		return // ours, already delivered here (NoEcho makes this rare)
	}
	f.stats.Received.Add(1)
	f.bus.DeliverRemote(events.Event{Type: w.Type, UserID: w.UserID, RecordingID: w.RecordingID,
		FolderID: w.FolderID, SessionID: w.SessionID, Seq: w.Seq, At: w.At})
}
