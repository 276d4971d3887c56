package summarize_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/local"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/summarize"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// The module summarizes, once started, both a recording that was waiting from
// before (the start-up scan) and one imported while it runs (the hook it
// registers on the recordings service).
func TestModule_SummarizesWhatWaitedAndWhatArrivesAfterStart(t *testing.T) {
	db := storetest.Open(t)
	bus := events.NewBus()
	sub := bus.Subscribe(16)
	defer sub.Close()
	var recs *recordings.Service
	app := fxtest.New(t,
		fx.Supply(db, bus, slog.New(slog.DiscardHandler), config.Config{}),
		fx.Provide(
			func(db *store.DB, bus *events.Bus) *recordings.Service {
				return recordings.NewService(db, bus, time.Now)
			},
			func() engine.Engine { return local.New() },
			func(db *store.DB) *templates.Store { return templates.NewStore(db, 0) },
		),
		summarize.Module,
		fx.Populate(&recs),
	)
	importNote := func(id string) {
		t.Helper()
		raw, err := json.Marshal(birthdayNote(t, id, false))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := recs.Import(context.Background(), "u1", raw); err != nil {
			t.Fatal(err)
		}
	}

	importNote("waiting")
	app.RequireStart()
	defer app.RequireStop()
	importNote("arriving")

	ready := map[string]bool{}
	deadline := time.After(waitBound)
	for !ready["waiting"] || !ready["arriving"] {
		select {
		case e := <-sub.C:
			if e.Type == events.SummaryReady {
				ready[e.RecordingID] = true
			}
		case <-deadline:
			t.Fatalf("summary.ready within %v: got %v", waitBound, ready)
		}
	}
}
