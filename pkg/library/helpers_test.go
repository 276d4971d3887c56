package library

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/tests/enginetest"
	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/storetest"
)

var ctx = context.Background()

func newRecordings(t testing.TB) *recordings.Service {
	t.Helper()
	c := fakeclock.New(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC))
	return recordings.NewService(storetest.Open(t), events.NewBus(), c.Now)
}

// importFixtures imports the sample recordings whose file names match the
// globs (e.g. "0*") for uid, as `pocket import` would.
func importFixtures(t testing.TB, svc *recordings.Service, uid string, globs ...string) {
	t.Helper()
	dir := enginetest.Dir(t)
	for _, g := range globs {
		files, _ := filepath.Glob(filepath.Join(dir, g+".json"))
		if len(files) == 0 {
			t.Fatalf("no fixtures match %s", g)
		}
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Import(ctx, uid, raw); err != nil {
				t.Fatalf("import %s: %v", f, err)
			}
		}
	}
}

func loadQuestions(t testing.TB) []enginetest.LibraryQuestion { return enginetest.LibraryQuestions(t) }
