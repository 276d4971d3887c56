package summarize_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/engine/local"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/server/summarize"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// withSummary imports fixture 01 with its device summary, so only an asked
// version makes the engine run.
func withSummary(t *testing.T, db *store.DB) *recordings.Service {
	t.Helper()
	recs := recordings.NewService(db, events.NewBus(), nil)
	raw, _ := json.Marshal(fixture(t, "01-weekly-product-sync.json", "sync"))
	if _, err := recs.Import(context.Background(), "u1", raw); err != nil {
		t.Fatal(err)
	}
	return recs
}

// waitVersions waits until the recording has n written summarizations.
func waitVersions(t *testing.T, recs *recordings.Service, n int) {
	t.Helper()
	for deadline := time.Now().Add(waitBound); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if vs, _ := recs.SummaryVersions(context.Background(), "u1", "sync"); len(vs) == n {
			return
		}
	}
	t.Fatalf("the recording never had %d summarizations", n)
}

// Two replicas sweeping the same store: the version asked on one is made
// once, by whichever takes it.
func TestVersions_TwoReplicasMakeAnAskedVersionOnce(t *testing.T) {
	db := storetest.Open(t)
	recs := withSummary(t, db)
	e := &countingEngine{Engine: local.New(), takes: 200 * time.Millisecond}
	a := replica(t, db, recs, e, "a", 30*time.Second)
	replica(t, db, recs, e, "b", 30*time.Second)
	if _, err := a.Regenerate(context.Background(), "u1", "sync", "meeting", "en"); err != nil {
		t.Fatal(err)
	}
	waitVersions(t, recs, 2)
	time.Sleep(400 * time.Millisecond) // a second run would have written by now
	if vs, _ := recs.SummaryVersions(context.Background(), "u1", "sync"); e.calls.Load() != 1 || len(vs) != 2 {
		t.Fatalf("engine asked %d times, %d summarizations; want 1 and 2", e.calls.Load(), len(vs))
	}
}

// A version asked while no worker ran (the server stopped right after the
// 202) is made when a server starts; one whose replica died mid-way is
// finished by another once the lease runs out.
func TestVersions_AskedVersionsSurviveARestartAndADeadReplica(t *testing.T) {
	db := storetest.Open(t)
	recs := withSummary(t, db)
	tpls := templates.NewStore(db, 0)
	stopped := summarize.New(recs, local.New(), db, tpls, slog.New(slog.DiscardHandler), summarize.Options{Worker: "stopped"})
	if _, err := stopped.Regenerate(context.Background(), "u1", "sync", "call", "de"); err != nil {
		t.Fatal(err)
	}
	stalled := &countingEngine{Engine: local.New(), stall: true}
	dying := summarize.New(recs, stalled, db, tpls, slog.New(slog.DiscardHandler), summarize.Options{Worker: "dying", Lease: 400 * time.Millisecond, Sweep: time.Hour})
	dying.Start() // takes the version asked before it started
	for deadline := time.Now().Add(waitBound); stalled.calls.Load() == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the started replica never took the version")
		}
	}
	dying.Stop()
	healthy := &countingEngine{Engine: local.New()}
	replica(t, db, recs, healthy, "healthy", 30*time.Second)
	waitVersions(t, recs, 2)
	vs, _ := recs.SummaryVersions(context.Background(), "u1", "sync")
	if !vs[0].Current || vs[0].TemplateID != "call" || vs[0].Language != "de" || healthy.calls.Load() != 1 {
		t.Fatalf("versions %+v, healthy engine asked %d times", vs, healthy.calls.Load())
	}
}

// A version cancelled before it ran is never written.
func TestVersions_ACancelledVersionIsNotWritten(t *testing.T) {
	db := storetest.Open(t)
	recs := withSummary(t, db)
	tpls := templates.NewStore(db, 0)
	idle := summarize.New(recs, local.New(), db, tpls, slog.New(slog.DiscardHandler), summarize.Options{Worker: "idle"})
	v, err := idle.Regenerate(context.Background(), "u1", "sync", "general", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := idle.Cancel(context.Background(), "u1", "sync", v.ID); err != nil {
		t.Fatal(err)
	}
	e := &countingEngine{Engine: local.New()}
	s := replica(t, db, recs, e, "worker", 30*time.Second)
	time.Sleep(300 * time.Millisecond)
	list, _ := s.Versions(context.Background(), "u1", "sync")
	if len(list) != 1 || e.calls.Load() != 0 {
		t.Fatalf("versions %+v, engine asked %d times", list, e.calls.Load())
	}
}
