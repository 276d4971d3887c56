package summarize

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/jobs"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
)

// Options size the background work.
type Options struct {
	Workers   int           // concurrent summaries; default 2 (the model or the CPU is the limit)
	QueueSize int           // waiting recordings; default 10,000
	Timeout   time.Duration // one summary; default 5 minutes
	// Worker names this replica in the jobs' leases; default the host name
	// and a random suffix.
	Worker string
	// Lease is how long a summary job stays this replica's without being
	// kept (it is kept every third of it while the summary runs): a replica
	// that dies leaves its jobs to others after it. Default 30 s.
	Lease time.Duration
	// Sweep is how often the jobs no replica holds are looked for; default a
	// third of Lease (10 s), so a dead replica's job waits at most 4/3 of a
	// lease.
	Sweep time.Duration
}

// maxTries bounds how often one recording's summary is attempted (an engine
// that keeps failing on it, or replicas that keep dying).
const maxTries = 3

// Summarizer writes summaries for recordings that arrive without one, on a
// bounded pool of workers fed by a queue. Each recording is a job in the
// store (job/summary/<uid>/<id>), taken by one replica at a time under a
// lease and finished in the transaction that writes the summary, so every
// replica of one database summarises a recording once, and the jobs of a
// replica that died are finished by another.
type Summarizer struct {
	recs   *recordings.Service
	engine engine.Engine
	jobs   *jobs.Queue
	// versions are the summary versions asked for (job/resummary/), whose
	// template the store gives and whose state db keeps (resum/).
	versions  *jobs.Queue
	templates *templates.Store
	db        *store.DB
	log       *slog.Logger
	opts      Options
	q         *queue
	now       func() time.Time

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// New builds a summarizer keeping its jobs in db, reading the templates of
// versions from tpls; Start runs it.
func New(recs *recordings.Service, eng engine.Engine, db *store.DB, tpls *templates.Store, log *slog.Logger, o Options) *Summarizer {
	if o.Workers <= 0 {
		o.Workers = 2
	}
	if o.QueueSize <= 0 {
		o.QueueSize = 10000
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Minute
	}
	if o.Lease <= 0 {
		o.Lease = 30 * time.Second
	}
	if o.Sweep <= 0 {
		o.Sweep = o.Lease / 3
	}
	if o.Worker == "" {
		o.Worker = workerName()
	}
	return &Summarizer{recs: recs, engine: eng, jobs: jobs.New(db, "summary", o.Worker, o.Lease),
		versions: jobs.New(db, "resummary", o.Worker, o.Lease), templates: tpls, db: db, log: log, opts: o,
		q: newQueue(o.QueueSize), now: time.Now}
}

func workerName() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return host + "-" + hex.EncodeToString(b)
}

// jobID names a recording's summary job, or a version's.
func jobID(j job) string {
	if j.version != "" {
		return j.uid + "/" + j.id + "/" + j.version
	}
	return j.uid + "/" + j.id
}

// queueOf is the jobs queue j is kept in.
func (s *Summarizer) queueOf(j job) *jobs.Queue {
	if j.version != "" {
		return s.versions
	}
	return s.jobs
}

// Enqueue asks for a recording to be summarised: a job in the store, which
// any replica may take, and in this replica's queue. It can be the
// recordings service's OnNeedsSummary hook (one small write, after the
// recording's commit).
func (s *Summarizer) Enqueue(uid, id string) {
	if err := s.jobs.Add(jobID(job{uid: uid, id: id})); err != nil {
		s.log.Error("could not record the summary job; the recording will be summarised after the next start", "recording", id, "err", err)
	}
	s.push(job{uid: uid, id: id})
}

func (s *Summarizer) push(j job) {
	if !s.q.push(j) {
		s.log.Warn("summary queue full; the recording will be summarised later", "recording", j.id)
	}
}

// Start launches the workers and, in the background, the catch-up scan for
// recordings imported while the server was not running.
func (s *Summarizer) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	// The worker's name is what its leases say: which replica holds a job.
	s.log.Info("taking summary jobs", "worker", s.opts.Worker, "lease", s.opts.Lease.String())
	for i := 0; i < s.opts.Workers; i++ {
		s.wg.Add(1)
		go s.work(ctx)
	}
	s.wg.Add(1)
	go s.sweep(ctx)
	s.wg.Add(1)
	go func() { defer s.wg.Done(); s.queueDue(ctx) }() // versions asked for before a restart
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		err := s.recs.Unsummarized(ctx, func(uid, id string) bool {
			s.Enqueue(uid, id)
			return ctx.Err() == nil
		})
		if err != nil && ctx.Err() == nil {
			s.log.Error("scan for recordings without summary failed", "err", err)
		}
	}()
}

// Stop cancels work in progress and waits for the workers.
func (s *Summarizer) Stop() {
	if s.cancel != nil {
		s.cancel()
	}
	s.wg.Wait()
}

func (s *Summarizer) work(ctx context.Context) {
	defer s.wg.Done()
	for {
		j, ok := s.q.pop()
		if !ok {
			select {
			case <-ctx.Done():
				return
			case <-s.q.wake:
				continue
			}
		}
		s.run(ctx, j)
		s.q.done(j)
		if ctx.Err() != nil {
			return
		}
	}
}

// sweep queues, every Sweep, the jobs no replica holds: those whose
// replica died, and those a full queue dropped.
func (s *Summarizer) sweep(ctx context.Context) {
	defer s.wg.Done()
	every(ctx, s.opts.Sweep, func() bool {
		s.queueDue(ctx)
		return true
	})
}

// queueDue queues the jobs of both kinds that no replica holds.
func (s *Summarizer) queueDue(ctx context.Context) {
	err := s.jobs.Due(func(id string) bool {
		uid, rid, ok := strings.Cut(id, "/")
		if ok {
			s.push(job{uid: uid, id: rid})
		}
		return ctx.Err() == nil
	})
	if err == nil {
		err = s.versions.Due(func(id string) bool {
			if parts := strings.Split(id, "/"); len(parts) == 3 {
				s.push(job{uid: parts[0], id: parts[1], version: parts[2]})
			}
			return ctx.Err() == nil
		})
	}
	if err != nil && ctx.Err() == nil {
		s.log.Error("could not look for summary jobs", "err", err)
	}
}

// every runs fn every d until ctx ends or fn returns false.
func every(ctx context.Context, d time.Duration, fn func() bool) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if !fn() {
				return
			}
		}
	}
}

// run takes j's job (unless another replica holds it), keeps it while the
// summary is made, and drops it when nothing is left to do.
func (s *Summarizer) run(parent context.Context, j job) {
	id, q := jobID(j), s.queueOf(j)
	taken, tries, err := q.Take(id)
	if err != nil || !taken {
		if err != nil && parent.Err() == nil {
			s.log.Error("could not take a summary job", "recording", j.id, "err", err)
		}
		return
	}
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	go s.keep(ctx, cancel, q, id)
	if j.version != "" {
		err = s.makeVersion(ctx, j, id)
	} else {
		err = s.summarize(ctx, j, id)
	}
	switch {
	case err == nil:
	case errors.Is(err, jobs.ErrLost):
		s.log.Warn("summary job taken over by another replica; its summary is kept", "recording", j.id)
	case parent.Err() != nil:
	case tries >= maxTries:
		s.log.Error("summary failed; not trying again", "recording", j.id, "engine", s.engine.Name(), "tries", tries, "err", err)
		s.giveUp(j, id, "The summary could not be written. Try again later.")
	default:
		s.log.Error("summary failed; it is tried again later", "recording", j.id, "engine", s.engine.Name(), "err", err)
	}
}

// keep extends the job's lease while the summary runs; a job lost to
// another replica stops it.
func (s *Summarizer) keep(ctx context.Context, stop context.CancelFunc, q *jobs.Queue, id string) {
	every(ctx, s.opts.Lease/3, func() bool {
		if kept, err := q.Keep(id); err == nil && !kept {
			stop()
			return false
		}
		return true
	})
}

func (s *Summarizer) drop(id string) {
	if err := s.jobs.Drop(id); err != nil {
		s.log.Error("could not drop a summary job", "job", id, "err", err)
	}
}

// summarize writes one summary, unless the recording has a summarization by
// now (a device may have uploaded one meanwhile) or nothing to summarise:
// then the job is dropped.
func (s *Summarizer) summarize(parent context.Context, j job, id string) error {
	ctx, cancel := context.WithTimeout(parent, s.opts.Timeout)
	defer cancel()
	d, err := s.recs.Detail(ctx, j.uid, j.id)
	if apperr.Is(err, apperr.NotFound) || (err == nil && !needsSummary(d)) {
		s.drop(id)
		return nil
	}
	if err != nil {
		return err
	}
	start := s.now()
	rec := engine.NewRecording(engine.Stored{ID: d.ID, Recording: d.Recording, Speakers: d.Speakers, Summarizations: d.Summarizations, Transcription: d.Transcription})
	opts, err := s.folderOptions(ctx, j.uid, d.FolderID)
	if err != nil {
		return err
	}
	sum, err := s.engine.Summarize(ctx, rec, opts)
	if errors.Is(err, engine.ErrNoTranscript) {
		s.drop(id)
		return nil
	}
	if err != nil {
		return err
	}
	if opts.Template != nil {
		sum.TemplateID = opts.Template.ID // the version says which template wrote it
	}
	if err := s.fillTitle(ctx, j, d, sum); err != nil {
		return err
	}
	// Re-check just before writing: the summary goes first in the map, and a
	// device's own summary that arrived meanwhile must win.
	if d, err = s.recs.Detail(ctx, j.uid, j.id); err != nil || !needsSummary(d) {
		s.drop(id)
		return ignoreMissing(err)
	}
	sid := newSummaryID()
	finish := func(x *store.Txn) error { return s.jobs.FinishIn(x, id) }
	if err := s.recs.AddSummarizationIf(ctx, j.uid, j.id, sid, sum.Summarization(sid, d.ID, s.now()), finish); err != nil {
		if apperr.Is(err, apperr.NotFound) {
			s.drop(id)
		}
		return ignoreMissing(err)
	}
	s.log.Info("summary ready", "recording", j.id, "engine", sum.GeneratedBy, "took_ms", s.now().Sub(start).Milliseconds())
	return nil
}

// needsSummary: a recording without any summarization (the rule). One
// whose summarization exists but is empty keeps it: that is the provider's
// answer, and the app shows its empty state.
func needsSummary(d recordings.Detail) bool {
	_, _, has := loose.FirstSummarization(d.Summarizations)
	return !has
}

// fillTitle gives the recording the summary's title and description where it
// has none.
func (s *Summarizer) fillTitle(ctx context.Context, j job, d recordings.Detail, sum engine.Summary) error {
	info := loose.ReadRecording(d.Recording)
	var p recordings.Patch
	var err error
	if info.Title == "" && sum.Title != "" {
		p, err = p.With("title", clip(sum.Title, recordings.MaxTitle))
	}
	if err == nil && info.Description == "" && sum.Description != "" {
		p, err = p.With("description", clip(sum.Description, recordings.MaxDescription))
	}
	if err != nil || p.Empty() {
		return err
	}
	_, err = s.recs.Update(ctx, j.uid, j.id, p)
	return ignoreMissing(err)
}

func ignoreMissing(err error) error {
	if apperr.Is(err, apperr.NotFound) {
		return nil
	}
	return err
}

func newSummaryID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return "sum_" + hex.EncodeToString(b)
}

// clip keeps the first max characters of s: a summary's title or
// description is the recording's only while it fits the edit's limits.
func clip(s string, max int) string {
	if r := []rune(s); len(r) > max {
		return string(r[:max])
	}
	return s
}
