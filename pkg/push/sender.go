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

// SenderOptions configure delivery. Zero values take the defaults below;
// Sleep and Jitter are injectable so tests need not wait out backoffs.
type SenderOptions struct {
	Keys    Keys
	Subject string // RFC 8292 contact: mailto: or https: URL
	// QueueSize bounds the notices waiting for a worker; more are dropped.
	QueueSize int
	Workers   int
	// MaxTries per subscription, the first included.
	MaxTries    int
	BaseBackoff time.Duration
	// MaxWait bounds one wait, Retry-After included: a push service asking
	// for longer is not worth holding a worker for, so the notice is dropped.
	MaxWait    time.Duration
	HTTPClient *http.Client
	Sleep      func(ctx context.Context, d time.Duration) error
	Jitter     func(max time.Duration) time.Duration
	Now        func() time.Time
	Log        *slog.Logger
}

// Stats count what became of notices, for metrics.
type Stats struct {
	Sent    atomic.Int64 // accepted by a push service
	Failed  atomic.Int64 // given up on after errors or refusals
	Dropped atomic.Int64 // not queued: the queue was full
	Gone    atomic.Int64 // subscriptions the push service reported gone, and forgotten
}

// notice is one user's event waiting for a worker.
type notice struct{ uid, recordingID string }

// Sender delivers notices to every device of their user, in the background.
type Sender struct {
	opts  SenderOptions
	subs  *Subscriptions
	recs  Recordings
	queue chan notice
	stats Stats

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// NewSender builds a sender; Start runs its workers.
func NewSender(subs *Subscriptions, recs Recordings, o SenderOptions) *Sender {
	o = withDefaults(o)
	ctx, cancel := context.WithCancel(context.Background())
	return &Sender{opts: o, subs: subs, recs: recs, queue: make(chan notice, o.QueueSize), ctx: ctx, cancel: cancel}
}

// Stats are the sender's counters.
func (s *Sender) Stats() *Stats { return &s.stats }

// Start runs the workers until Stop.
func (s *Sender) Start() {
	for range s.opts.Workers {
		s.wg.Add(1)
		go s.work()
	}
}

// Stop abandons queued notices and waits for the workers to return; a
// delivery under way ends with its current request.
func (s *Sender) Stop() {
	s.cancel()
	s.wg.Wait()
}

// SummaryReady queues the notice that a recording's summary is ready. It
// never blocks (it runs in the publisher's goroutine): when the queue is full
// the notice is dropped, counted and logged. It reports whether it queued.
func (s *Sender) SummaryReady(uid, recordingID string) bool {
	select {
	case s.queue <- notice{uid, recordingID}:
		return true
	default:
		s.stats.Dropped.Add(1)
		s.opts.Log.Warn("push: queue full, notice dropped", "queue", cap(s.queue))
		return false
	}
}

func (s *Sender) work() {
	defer s.wg.Done()
	for {
		select {
		case <-s.ctx.Done():
			return
		case n := <-s.queue:
			_ = s.deliver(n) // in process, nothing retries: failures are logged
		}
	}
}

// Deliver sends the notice that a recording's summary is ready to each of
// the user's devices now, in the caller's goroutine: for a queue that
// acknowledges a notice only once it was handled (Queue). An error means
// "try again later": the sender is stopping, or the recording or the
// subscriptions could not be read. What push services answer is final
// (delivered, gone, refused, given up after retries), as is a recording
// deleted since.
func (s *Sender) Deliver(uid, recordingID string) error {
	return s.deliver(notice{uid, recordingID})
}

// deliver sends one notice to each of the user's devices.
func (s *Sender) deliver(n notice) error {
	d, err := s.recs.Detail(s.ctx, n.uid, n.recordingID)
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
	subs, err := s.subs.List(s.ctx, n.uid)
	if err != nil {
		s.opts.Log.Error("push: listing subscriptions failed", "err", err)
		return err
	}
	payload := PayloadFor(d).Encode()
	for _, sub := range subs {
		s.send(n.uid, sub, payload)
	}
	// Stopped part-way: the devices not reached yet get it on a retry (and
	// those reached already, once more).
	return s.ctx.Err()
}
