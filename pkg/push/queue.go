package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/pocket-companion/pocket/pkg/natsbus"
)

// The shared send queue of replicas joined by NATS: a work-queue stream
// (each message is removed once acknowledged) with one durable consumer that
// every replica pulls from, so each notice is sent by one replica.
const (
	QueueStream        = "POCKET_PUSH"
	QueueSubjectPrefix = "pocket.push."
	QueueConsumer      = "pocket-push-sender"
)

// QueueOptions tune the queue; zero values take the defaults below.
type QueueOptions struct {
	// AckWait is how long a replica has to send a notice before another
	// replica gets it: a replica that dies mid-send is covered after this.
	// A live replica extends it while it works (a send with retries takes
	// longer).
	AckWait time.Duration
	// MaxDeliver bounds the tries of one notice (reading the recording or
	// the subscriptions failed, or the replica died).
	MaxDeliver int
	// Dedup is how long a notice's id is remembered, so replicas that both
	// see one summary become ready enqueue it once.
	Dedup time.Duration
	// Workers is how many notices a replica pulls at a time. How many it
	// holds, and sends at once, are the sender's (QueueSize, Workers).
	Workers int
	Log     *slog.Logger
}

func (o QueueOptions) withDefaults() QueueOptions {
	if o.AckWait <= 0 {
		o.AckWait = 30 * time.Second
	}
	if o.MaxDeliver <= 0 {
		o.MaxDeliver = 10
	}
	if o.Dedup <= 0 {
		o.Dedup = 10 * time.Minute
	}
	if o.Workers <= 0 {
		o.Workers = 4
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	return o
}

// queued is a notice in the stream.
type queued struct {
	UID         string `json:"uid"`
	RecordingID string `json:"recordingId"`
}

// Queue hands summary notices to the shared stream and sends those this
// replica is given, acknowledging each after its send.
type Queue struct {
	js     jetstream.JetStream
	sender *Sender
	opts   QueueOptions
	cons   jetstream.Consumer

	handoff chan queued
	running sync.WaitGroup // held notices and the hand-off loop
	held    chan struct{}  // one per notice held unacknowledged
	consume jetstream.ConsumeContext
	stop    chan struct{}
}

// NewQueue creates the stream and the consumer if they are not there yet
// (every replica does, with the same settings) and returns the queue; Start
// begins sending.
func NewQueue(ctx context.Context, js jetstream.JetStream, sender *Sender, o QueueOptions) (*Queue, error) {
	o = o.withDefaults()
	_, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        QueueStream,
		Description: "Pocket's Web Push notices waiting to be sent",
		Subjects:    []string{QueueSubjectPrefix + ">"},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     jetstream.FileStorage,
		// A notice a day old is no longer news (and push services keep one
		// for a day, the TTL the sender gives).
		MaxAge:     ttl,
		Duplicates: o.Dedup,
	})
	if err != nil {
		return nil, fmt.Errorf("push: queue stream: %w", err)
	}
	cons, err := js.CreateOrUpdateConsumer(ctx, QueueStream, jetstream.ConsumerConfig{
		Durable:       QueueConsumer,
		Description:   "Every replica's push sender",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       o.AckWait,
		MaxDeliver:    o.MaxDeliver,
		FilterSubject: QueueSubjectPrefix + ">",
	})
	if err != nil {
		return nil, fmt.Errorf("push: queue consumer: %w", err)
	}
	return &Queue{js: js, sender: sender, opts: o, cons: cons, handoff: make(chan queued, handoffSize),
		held: make(chan struct{}, sender.opts.QueueSize), stop: make(chan struct{})}, nil
}

// handoffSize bounds the notices waiting to be enqueued (the stream is
// normally a round trip away, so this fills only while NATS is away).
const handoffSize = 1024

// Start pulls notices for this replica's workers and starts enqueuing.
func (q *Queue) Start() error {
	cc, err := q.cons.Consume(q.take, jetstream.PullMaxMessages(q.opts.Workers),
		jetstream.ConsumeErrHandler(func(_ jetstream.ConsumeContext, err error) {
			q.opts.Log.Debug("push: queue consumer", "err", err)
		}))
	if err != nil {
		return fmt.Errorf("push: consume the queue: %w", err)
	}
	q.consume = cc
	q.running.Add(1)
	go q.enqueueLoop()
	return nil
}

// Stop stops taking notices, hands those not yet started back to the
// stream, and waits, within ctx, for those being sent and those waiting to
// be enqueued. Call it before the sender's Stop, which
// abandons sends still under way (they are sent again by a replica after
// AckWait).
func (q *Queue) Stop(ctx context.Context) {
	if q.consume != nil {
		q.consume.Stop()
	}
	q.sender.lanes.handBack()
	close(q.stop)
	done := make(chan struct{})
	go func() { q.running.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// MsgID names a notice for the stream's deduplication: the same summary
// enqueued by several replicas is one message.
func MsgID(uid, recordingID string) string { return uid + "/" + recordingID + "/summary.ready" }

// Enqueue adds the notice to the stream and waits for the stream to have
// stored it. A notice already enqueued within Dedup is not added again.
func (q *Queue) Enqueue(ctx context.Context, uid, recordingID string) error {
	data, _ := json.Marshal(queued{UID: uid, RecordingID: recordingID})
	msg := &nats.Msg{Subject: QueueSubjectPrefix + natsbus.Token(uid), Data: data}
	if _, err := q.js.PublishMsg(ctx, msg, jetstream.WithMsgID(MsgID(uid, recordingID))); err != nil {
		return fmt.Errorf("push: enqueue: %w", err)
	}
	return nil
}

// SummaryReady hands the notice to the enqueuing loop without blocking (it
// runs in the publisher's goroutine); false when the hand-off is full.
func (q *Queue) SummaryReady(uid, recordingID string) bool {
	select {
	case q.handoff <- queued{uid, recordingID}:
		return true
	default:
		q.sender.stats.Dropped.Add(1)
		q.opts.Log.Warn("push: enqueue backlog full, notice dropped", "backlog", cap(q.handoff))
		return false
	}
}

// enqueueLoop enqueues handed-off notices, retrying while NATS is away (the
// message id makes a retry of a notice that did arrive harmless). On stop
// it still enqueues what was handed off, until Stop's ctx gives up.
func (q *Queue) enqueueLoop() {
	defer q.running.Done()
	for {
		select {
		case n := <-q.handoff:
			q.enqueueRetrying(n)
		case <-q.stop:
			for {
				select {
				case n := <-q.handoff:
					q.enqueueRetrying(n)
				default:
					return
				}
			}
		}
	}
}

func (q *Queue) enqueueRetrying(n queued) {
	const tries = 5
	for try := 1; ; try++ {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err := q.Enqueue(ctx, n.UID, n.RecordingID)
		cancel()
		if err == nil {
			return
		}
		if try == tries {
			q.sender.stats.Dropped.Add(1)
			q.opts.Log.Error("push: could not enqueue a notice, dropped", "tries", tries, "err", err)
			return
		}
		time.Sleep(time.Duration(try) * 500 * time.Millisecond)
	}
}

// take runs in the consumer's goroutine: it hands the notice to its user's
// lane in the sender and returns, so a user whose notices are slow to send
// does not hold up the next message. It waits only while the sender holds
// QueueSize notices: at most that many are unacknowledged on this replica.
func (q *Queue) take(m jetstream.Msg) {
	var n queued
	if err := json.Unmarshal(m.Data(), &n); err != nil || n.UID == "" || n.RecordingID == "" {
		q.opts.Log.Error("push: unreadable notice in the queue, discarded", "err", err)
		_ = m.Term()
		return
	}
	q.held <- struct{}{}
	q.running.Add(1)
	stopExtending := q.extend(m)
	release := func() { stopExtending(); <-q.held; q.running.Done() }
	why := q.sender.lanes.add(job{notice: notice{uid: n.UID, recordingID: n.RecordingID}, done: func(err error) {
		q.settle(m, err)
		release()
	}})
	if why != accepted {
		// Handed back for later (maybe to another replica): this user
		// already has PerUserQueue notices waiting here.
		release()
		q.opts.Log.Warn("push: notice handed back for later", "why", string(why))
		_ = m.NakWithDelay(q.sender.opts.NoticeDeadline)
	}
}

// settle acknowledges a handled notice, or asks for it again.
func (q *Queue) settle(m jetstream.Msg, err error) {
	if err != nil {
		// Another replica (or this one) tries again; a stopping replica
		// hands it on at once.
		_ = m.NakWithDelay(q.retryDelay(m, err))
		return
	}
	if err := m.Ack(); err != nil {
		q.opts.Log.Warn("push: acknowledging a sent notice failed; it may be sent again", "err", err)
	}
}

func (q *Queue) retryDelay(m jetstream.Msg, err error) time.Duration {
	if errors.Is(err, context.Canceled) {
		return 0
	}
	if md, mdErr := m.Metadata(); mdErr == nil {
		return time.Duration(md.NumDelivered) * 5 * time.Second //nolint:gosec // G115: a delivery count, far below 2^63
	}
	return 5 * time.Second
}

// extend tells the stream the notice is still being worked on, every third
// of AckWait, until the returned function is called.
func (q *Queue) extend(m jetstream.Msg) (stop func()) {
	done := make(chan struct{})
	t := time.NewTicker(q.opts.AckWait / 3)
	go func() {
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				_ = m.InProgress()
			}
		}
	}()
	return func() { close(done) }
}
