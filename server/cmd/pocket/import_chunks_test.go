package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/media"
)

// An import reads the library a chunk at a time: every recording of every
// chunk lands, with its audio, and a broken file among them is named and
// counted without stopping the others.
func TestImport_ReadsTheLibraryInChunksAndSkipsABrokenFile(t *testing.T) {
	defer func(n int) { importChunk = n }(importChunk)
	importChunk = 2 // five recordings: chunks of 2, 2 (one from an array file) and 1

	src := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(src, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	rec := func(id string) string { return fmt.Sprintf(`{"recording":{"id":%q,"title":"T %s"}}`, id, id) }
	write("a.json", rec("r1"))
	write("b.json", rec("r2"))
	write("b.opus", "OggS sound of r2")
	write("c.json", "["+rec("r3")+","+rec("r4")+"]")
	write("d.json", `{"recording":`) // broken
	write("e.json", rec("r5"))

	dataDir := t.TempDir()
	db, err := store.Open(store.Options{Dir: dataDir + "/db"})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out bytes.Buffer
	files := []string{filepath.Join(src, "a.json"), filepath.Join(src, "b.json"), filepath.Join(src, "c.json"), filepath.Join(src, "d.json"), filepath.Join(src, "e.json")}
	err = importFiles(context.Background(), db, media.FilesFor(db, dataDir, false), "chunks@example.com", files, &out)

	if err == nil || err.Error() != "1 of 6 recordings failed" {
		t.Fatalf("err = %v, want the broken file counted as one failure", err)
	}
	if !strings.Contains(out.String(), filepath.Join(src, "d.json")) || !strings.Contains(out.String(), "5 new, 0 updated, 1 failed, 1 with audio") {
		t.Fatalf("output does not name the broken file or count right:\n%s", out.String())
	}
	owner, err := identity.NewUsers(db, nil).Ensure(context.Background(), "chunks@example.com", identity.User{})
	if err != nil {
		t.Fatal(err)
	}
	ids, err := recordings.NewService(db, nil, nil).LiveIDs(context.Background(), owner.UID)
	slices.Sort(ids)
	if err != nil || !slices.Equal(ids, []string{"r1", "r2", "r3", "r4", "r5"}) {
		t.Fatalf("stored %v (%v), want r1..r5", ids, err)
	}
	if !audio.NewFiles(db, media.Dir(dataDir)).Exists(owner.UID, "r2") {
		t.Fatal("r2's audio was not stored")
	}
}
