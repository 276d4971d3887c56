package summarize

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// Options size the background work.
type Options struct {
	Workers   int           // concurrent summaries; default 2 (the model or the CPU is the limit)
	QueueSize int           // waiting recordings; default 10,000
	Timeout   time.Duration // one summary; default 5 minutes
}

// Summarizer writes summaries for recordings that arrive without one, on a
// bounded pool of workers fed by a queue.
type Summarizer struct {
	recs   *recordings.Service
	engine engine.Engine
	log    *slog.Logger
	opts   Options
	q      *queue
	now    func() time.Time

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// New builds a summarizer; Start runs it.
func New(recs *recordings.Service, eng engine.Engine, log *slog.Logger, o Options) *Summarizer {
	if o.Workers <= 0 {
		o.Workers = 2
	}
	if o.QueueSize <= 0 {
		o.QueueSize = 10000
	}
	if o.Timeout <= 0 {
		o.Timeout = 5 * time.Minute
	}
	return &Summarizer{recs: recs, engine: eng, log: log, opts: o, q: newQueue(o.QueueSize), now: time.Now}
}

// Enqueue asks for a recording to be summarised. It never blocks, so it can
// be the recordings service's OnNeedsSummary hook.
func (s *Summarizer) Enqueue(uid, id string) {
	if !s.q.push(job{uid, id}) {
		s.log.Warn("summary queue full; the recording will be summarised after the next start", "recording", id)
	}
}

// Start launches the workers and, in the background, the catch-up scan for
// recordings imported while the server was not running.
func (s *Summarizer) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	for i := 0; i < s.opts.Workers; i++ {
		s.wg.Add(1)
		go s.work(ctx)
	}
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
		if err := s.summarize(ctx, j); err != nil && ctx.Err() == nil {
			s.log.Error("summary failed", "recording", j.id, "engine", s.engine.Name(), "err", err)
		}
		s.q.done(j)
		if ctx.Err() != nil {
			return
		}
	}
}

// summarize writes one summary, unless the recording has a summarization by
// now (a device may have uploaded one meanwhile) or nothing to summarise.
func (s *Summarizer) summarize(parent context.Context, j job) error {
	ctx, cancel := context.WithTimeout(parent, s.opts.Timeout)
	defer cancel()
	d, err := s.recs.Detail(ctx, j.uid, j.id)
	if apperr.Is(err, apperr.NotFound) || (err == nil && !needsSummary(d)) {
		return nil
	}
	if err != nil {
		return err
	}
	start := s.now()
	rec := engine.NewRecording(engine.Stored{ID: d.ID, Recording: d.Recording, Speakers: d.Speakers, Summarizations: d.Summarizations, Transcription: d.Transcription})
	sum, err := s.engine.Summarize(ctx, rec)
	if errors.Is(err, engine.ErrNoTranscript) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.fillTitle(ctx, j, d, sum); err != nil {
		return err
	}
	// Re-check just before writing: the summary goes first in the map, and a
	// device's own summary that arrived meanwhile must win.
	if d, err = s.recs.Detail(ctx, j.uid, j.id); err != nil || !needsSummary(d) {
		return ignoreMissing(err)
	}
	id := newSummaryID()
	if err := s.recs.AddSummarization(ctx, j.uid, j.id, id, sum.Summarization(id, d.ID, s.now())); err != nil {
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
