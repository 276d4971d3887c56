package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/server/media"
)

const spokenRecording = `{"recording":{"id":%q,"title":"Standup"},"speakers":{"SPEAKER_00":{"speakerProfile":{"name":"Ana Silva"}}},"transcription":{"segments":[{"speaker":"SPEAKER_00","text":"Hello.","start_time":0,"end_time":1}]}}`

// newDataDir opens the store of a new data directory, closed when the test ends.
func newDataDir(t *testing.T) (*store.DB, string) {
	t.Helper()
	dataDir := t.TempDir()
	db, err := store.Open(store.Options{Dir: dataDir + "/db"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db, dataDir
}

// importInto imports one recording per id into the store at dataDir.
func importInto(t *testing.T, db *store.DB, dataDir string, ids ...string) {
	t.Helper()
	src := t.TempDir()
	var files []string
	for _, id := range ids {
		f := filepath.Join(src, id+".json")
		if err := os.WriteFile(f, []byte(fmt.Sprintf(spokenRecording, id)), 0o600); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	var out bytes.Buffer
	if err := importFiles(context.Background(), db, media.FilesFor(db, dataDir, false), "backfill@example.com", files, &out); err != nil {
		t.Fatalf("import: %v\n%s", err, out.String())
	}
}

// A library imported into a new data directory is logged and indexed as it
// is written, so the server's one-time backfills find nothing to redo: on
// 100,000 recordings the person index's took 102 s before the server was ready.
func TestImport_IntoANewDataDirectoryLeavesTheServerNothingToBackfill(t *testing.T) {
	db, dataDir := newDataDir(t)
	importInto(t, db, dataDir, "r1", "r2")

	svc := recordings.NewService(db, events.NewBus(), nil)
	if n, err := svc.BackfillChangeLog(); n != 0 || err != nil {
		t.Fatalf("change-log backfill logged %d (%v), want nothing", n, err)
	}
	if n, err := svc.BackfillPeople(); n != 0 || err != nil {
		t.Fatalf("person backfill indexed %d (%v), want nothing", n, err)
	}
	if n, err := templates.NewStore(db, 0).BackfillChangeLog(); n != 0 || err != nil {
		t.Fatalf("template backfill logged %d (%v), want nothing", n, err)
	}
	owner, err := identity.NewUsers(db, nil).Ensure(context.Background(), "backfill@example.com", identity.User{})
	if err != nil {
		t.Fatal(err)
	}
	people, err := svc.People(context.Background(), owner.UID)
	if err != nil || len(people) != 1 || people[0].Name != "Ana Silva" {
		t.Fatalf("people %+v (%v), want Ana Silva indexed by the import itself", people, err)
	}
}

// A store that already holds recordings is not marked: they may predate the
// indexes, so the server's backfill still runs over them.
func TestImport_IntoAStoreHoldingRecordingsLeavesItsBackfillsToRun(t *testing.T) {
	db, dataDir := newDataDir(t)
	importInto(t, db, dataDir, "r1")
	// As an older version left it: recordings, no backfill flags.
	if err := db.Update(func(x *store.Txn) error {
		for _, flag := range []string{"people-indexed", "changelog-backfilled"} {
			if err := x.Delete(store.Key("meta", flag)); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	importInto(t, db, dataDir, "r2")

	if n, err := recordings.NewService(db, events.NewBus(), nil).BackfillPeople(); n != 2 || err != nil {
		t.Fatalf("person backfill indexed %d (%v), want both recordings", n, err)
	}
}
