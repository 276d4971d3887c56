package summarize_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/local"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/server/summarize"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// countingEngine is the local engine, counted, each summary taking `takes`
// (or, with stall, until its context ends: a replica that dies mid-summary).
type countingEngine struct {
	engine.Engine
	calls atomic.Int64
	takes time.Duration
	stall bool
}

func (e *countingEngine) Summarize(ctx context.Context, rec *engine.Recording, how engine.SummaryOptions) (engine.Summary, error) {
	e.calls.Add(1)
	wait := e.takes
	if e.stall {
		wait = time.Hour
	}
	select {
	case <-ctx.Done():
		return engine.Summary{}, ctx.Err()
	case <-time.After(wait):
	}
	return e.Engine.Summarize(ctx, rec, how)
}

// replica is one server's summarizer on the shared store.
func replica(t *testing.T, db *store.DB, recs *recordings.Service, e engine.Engine, name string, lease time.Duration) *summarize.Summarizer {
	t.Helper()
	s := summarize.New(recs, e, db, templates.NewStore(db, 0), slog.New(slog.DiscardHandler), summarize.Options{Worker: name, Lease: lease, Sweep: 50 * time.Millisecond})
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

// imported puts fixture 08 (no summarization yet) into the store.
func imported(t *testing.T, recs *recordings.Service, id string) {
	t.Helper()
	raw, _ := json.Marshal(birthdayNote(t, id, false))
	if _, err := recs.Import(context.Background(), "u1", raw); err != nil {
		t.Fatal(err)
	}
}

// summaries waits until the recording has a summarization, and counts them.
func summaries(t *testing.T, recs *recordings.Service, id string) int {
	t.Helper()
	for deadline := time.Now().Add(waitBound); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		d, err := recs.Detail(context.Background(), "u1", id)
		if err != nil {
			t.Fatal(err)
		}
		var all map[string]json.RawMessage
		_ = json.Unmarshal(loose.Unwrap(d.Summarizations), &all)
		if len(all) > 0 {
			return len(all)
		}
	}
	t.Fatalf("%s was not summarised within %v", id, waitBound)
	return 0
}

// Two replicas both asked for the same recording's summary (both scanned
// for unsummarised recordings as they started): one of them makes it, once.
func TestSummarizer_TwoReplicasSummariseARecordingOnce(t *testing.T) {
	db := storetest.Open(t)
	recs := recordings.NewService(db, events.NewBus(), nil)
	imported(t, recs, "note")
	e := &countingEngine{Engine: local.New(), takes: 200 * time.Millisecond}
	a, b := replica(t, db, recs, e, "a", 30*time.Second), replica(t, db, recs, e, "b", 30*time.Second)
	a.Enqueue("u1", "note")
	b.Enqueue("u1", "note")
	if n := summaries(t, recs, "note"); n != 1 {
		t.Fatalf("%d summarizations, want 1", n)
	}
	time.Sleep(300 * time.Millisecond) // a second summary would have been written by now
	if calls, n := e.calls.Load(), summaries(t, recs, "note"); calls != 1 || n != 1 {
		t.Fatalf("the engine was asked %d times and the recording has %d summarizations; want 1 and 1", calls, n)
	}
}

// A replica that took a recording's summary and died: once its lease runs
// out, another replica makes the summary.
func TestSummarizer_AJobOfAReplicaThatDiedIsFinishedByAnother(t *testing.T) {
	db := storetest.Open(t)
	recs := recordings.NewService(db, events.NewBus(), nil)
	imported(t, recs, "note")
	stalled := &countingEngine{Engine: local.New(), stall: true}
	dying := summarize.New(recs, stalled, db, templates.NewStore(db, 0), slog.New(slog.DiscardHandler), summarize.Options{Worker: "dying", Lease: 400 * time.Millisecond, Sweep: time.Hour})
	dying.Start()
	dying.Enqueue("u1", "note")
	for deadline := time.Now().Add(waitBound); stalled.calls.Load() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first replica never started the summary")
		}
	}
	dying.Stop() // as good as dead: its lease is no longer kept

	healthy := &countingEngine{Engine: local.New()}
	replica(t, db, recs, healthy, "healthy", 30*time.Second)
	if n := summaries(t, recs, "note"); n != 1 || healthy.calls.Load() != 1 {
		t.Fatalf("%d summarizations, the second replica's engine asked %d times; want 1 and 1", n, healthy.calls.Load())
	}
}
