package push

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// Recordings is what the sender reads of a recording for its notice.
type Recordings interface {
	Detail(ctx context.Context, uid, id string) (recordings.Detail, error)
}

// SenderOptions configure delivery. Zero values take the defaults in
// withDefaults; Sleep and Jitter are injectable so tests need not wait out
// backoffs.
type SenderOptions struct {
	Keys    Keys
	Subject string // RFC 8292 contact: mailto: or https: URL
	// QueueSize bounds the notices held on this replica, every user's
	// together; more are dropped.
	QueueSize int
	// PerUserQueue bounds one user's notices held; more are dropped (or,
	// from the shared queue, handed back for later).
	PerUserQueue int
	// Workers is how many users' notices are sent at once. A user's notices
	// are sent one after another, so one user holds at most one worker.
	Workers int
	// PerUserSends bounds one user's requests in flight at once: a notice
	// goes to that many of the user's devices in parallel.
	PerUserSends int
	// TryTimeout bounds one request: connecting, TLS, sending, the answer.
	TryTimeout time.Duration
	// NoticeDeadline bounds one notice: reading it, and every device's
	// tries and waits. A device not reached by then has failed this notice.
	NoticeDeadline time.Duration
	// MaxTries per subscription, the first included.
	MaxTries    int
	BaseBackoff time.Duration
	// MaxWait bounds one wait, Retry-After included: a push service asking
	// for longer is not worth holding a worker for, so the notice is dropped.
	MaxWait time.Duration
	// HTTPClient defaults to one that reaches only the endpoints the
	// subscriptions' EndpointPolicy allows (checked when dialing); one given
	// here is used as it is.
	HTTPClient *http.Client
	Sleep      func(ctx context.Context, d time.Duration) error
	Jitter     func(max time.Duration) time.Duration
	Now        func() time.Time
	Log        *slog.Logger
}

// Stats count what became of notices, for metrics.
type Stats struct {
	Sent    atomic.Int64 // accepted by a push service
	Failed  atomic.Int64 // given up on after errors, refusals or the notice's deadline
	Blocked atomic.Int64 // of Failed: refused before connecting, the endpoint not allowed
	Dropped atomic.Int64 // not queued: the queue, or the user's share of it, was full
	Gone    atomic.Int64 // subscriptions the push service reported gone, and forgotten
	// Abandoned subscriptions failed notice after notice (abandonAfter) and
	// were forgotten.
	Abandoned atomic.Int64
}

// notice is one user's event waiting to be sent: a recording's summary, or
// (digest set, recordingID empty) their digest of that many new recordings.
type notice struct {
	uid, recordingID string
	digest           int
	isDigest         bool
}

// Sender delivers notices to every device of their user, in the background.
type Sender struct {
	opts  SenderOptions
	subs  *Subscriptions
	recs  Recordings
	lanes *lanes
	stats Stats

	ctx    context.Context
	cancel context.CancelFunc
}

// NewSender builds a sender; Start begins sending. It reaches only the
// endpoints subs' policy allows.
func NewSender(subs *Subscriptions, recs Recordings, o SenderOptions) *Sender {
	o = withDefaults(o, subs.policy)
	ctx, cancel := context.WithCancel(context.Background())
	s := &Sender{opts: o, subs: subs, recs: recs, ctx: ctx, cancel: cancel}
	s.lanes = newLanes(ctx, o.Workers, o.PerUserQueue, o.QueueSize, s.deliver)
	return s
}

// Stats are the sender's counters.
func (s *Sender) Stats() *Stats { return &s.stats }

// Start begins sending the notices held and those to come, until Stop.
func (s *Sender) Start() { s.lanes.open() }

// Stop abandons held notices and waits for the sends under way to return
// (each ends with its current request).
func (s *Sender) Stop() {
	s.cancel()
	s.lanes.wait()
}

// SummaryReady queues the notice that a recording's summary is ready. It
// never blocks (it runs in the publisher's goroutine): when the queue, or
// the user's share of it, is full the notice is dropped, counted and logged.
// It reports whether it queued.
func (s *Sender) SummaryReady(uid, recordingID string) bool {
	return s.hold(job{notice: notice{uid: uid, recordingID: recordingID}})
}

// DigestReady queues the notice that uid's digest is ready, of that many new
// recordings, within the same per-user and total limits as summary notices.
func (s *Sender) DigestReady(uid string, recordings int) bool {
	return s.hold(job{notice: notice{uid: uid, digest: recordings, isDigest: true}})
}

// hold adds j to its user's lane, or counts and logs why not.
func (s *Sender) hold(j job) bool {
	if why := s.lanes.add(j); why != accepted {
		s.stats.Dropped.Add(1)
		s.opts.Log.Warn("push: notice dropped", "why", string(why), "perUser", s.opts.PerUserQueue, "queue", s.opts.QueueSize)
		return false
	}
	return true
}

// deliver sends one notice to each of the user's devices, within the
// notice's deadline. An error means "try again later": the sender is
// stopping, or the recording or the subscriptions could not be read. What
// push services answer is final (delivered, gone, refused, given up), as is
// a recording deleted since.
func (s *Sender) deliver(n notice) error {
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.NoticeDeadline)
	defer cancel()
	if n.isDigest {
		return s.deliverPayload(ctx, n.uid, DigestPayload(n.digest).Encode())
	}
	d, err := s.recs.Detail(ctx, n.uid, n.recordingID)
	if err := s.ctx.Err(); err != nil {
		return err // stopping
	}
	if errors.Is(err, apperr.ErrNotFound) {
		return nil // deleted since: nothing to announce
	}
	if err != nil {
		s.opts.Log.Error("push: reading the recording failed", "err", err)
		return err
	}
	return s.deliverPayload(ctx, n.uid, PayloadFor(d).Encode())
}

// deliverPayload sends payload to each of uid's devices.
func (s *Sender) deliverPayload(ctx context.Context, uid string, payload []byte) error {
	subs, err := s.subs.stored(ctx, uid)
	if err != nil {
		s.opts.Log.Error("push: listing subscriptions failed", "err", err)
		return err
	}
	s.sendToAll(ctx, uid, subs, payload)
	// Stopped part-way: the devices not reached yet get it on a retry (and
	// those reached already, once more).
	return s.ctx.Err()
}

// sendToAll sends to the user's devices in parallel, PerUserSends at a
// time: one slow endpoint does not hold up the user's other devices.
func (s *Sender) sendToAll(ctx context.Context, uid string, subs []stored, payload []byte) {
	inFlight := make(chan struct{}, s.opts.PerUserSends)
	var wg sync.WaitGroup
	for _, sub := range subs {
		inFlight <- struct{}{}
		wg.Go(func() {
			defer func() { <-inFlight }()
			s.send(ctx, uid, sub, payload)
		})
	}
	wg.Wait()
}
