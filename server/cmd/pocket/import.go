package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/importfile"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/server/media"
)

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func runImport(args []string, stdout, stderr io.Writer) (err error) {
	fs := flag.NewFlagSet("pocket import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { helpImport(stderr) }
	user := fs.String("user", envOr("POCKET_DEMO_EMAIL", "demo@example.com"), "owner of the imported recordings")
	dataDir := fs.String("data-dir", envOr("POCKET_DATA_DIR", "./data"), "data directory of the server")
	databaseURL := fs.String("database-url", os.Getenv("POCKET_DATABASE_URL"), "the server's PostgreSQL database (postgres://…); unset: Badger in the data directory")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelpShown
		}
		return err
	}
	if fs.NArg() == 0 {
		helpImport(stderr)
		return errors.New("name at least one FILE or DIR")
	}
	files, err := importfile.Files(fs.Args()...)
	if err != nil {
		return err
	}
	opts := store.Options{Dir: *dataDir + "/db", Logger: slog.New(slog.DiscardHandler), Bulk: true}
	if *databaseURL != "" {
		// A database takes writers beside a running server: no lock to name.
		opts = store.Options{DatabaseURL: *databaseURL, Logger: opts.Logger}
	}
	db, err := store.Open(opts)
	if err != nil {
		if strings.Contains(err.Error(), "lock") {
			return fmt.Errorf("the data directory %s is in use, probably by a running pocket serve: stop it, or upload through POST /api/v1/recordings", *dataDir)
		}
		return err
	}
	// Closing flushes what the import wrote: its failure is the import's.
	defer func() { err = errors.Join(err, db.Close()) }()
	return importFiles(context.Background(), db, media.FilesFor(db, *dataDir, *databaseURL != ""), *user, files, stdout)
}

// importChunk is how many recordings are read before they are imported. The
// library is read a chunk at a time, so an import's memory does not grow
// with it (10,000 recordings of 12.5 KB held 110 MB when read whole).
var importChunk = 1024

// importer imports chunks of recordings for one owner and counts the outcome.
type importer struct {
	db    *store.DB
	svc   *recordings.Service
	tpls  *templates.Store
	files *audio.Files
	uid   string
	out   io.Writer

	created, replaced, failed, sounds int
	lib                               libraryRestore
}

// importFiles reads files one at a time and imports what they hold in chunks.
// A file that cannot be read or is not JSON is named and counted as failed;
// the others are still imported. Any failure makes the command fail at the end.
func importFiles(ctx context.Context, db *store.DB, sounds *audio.Files, email string, files []string, stdout io.Writer) error {
	owner, err := identity.NewUsers(db, nil).Ensure(ctx, email, identity.User{})
	if err != nil {
		return err
	}
	svc := recordings.NewService(db, events.NewBus(), nil)
	highlights.New(db, svc, nil, 0) // a backup's highlights are filed with their recordings (an operator's import: no limit)
	imp := &importer{db: db, svc: svc, tpls: newTemplates(db), files: sounds, uid: owner.UID, out: stdout}
	// What this command writes is logged and indexed as it goes: into a new
	// data directory, the server's one-time backfills would only redo it.
	if err := svc.MarkBackfillsDoneIfEmpty(); err != nil {
		return err
	}
	if err := imp.tpls.MarkBackfillDoneIfEmpty(); err != nil {
		return err
	}
	var chunk []importfile.Item
	var reader importfile.Reader
	for _, f := range files {
		items, err := reader.ReadFile(f)
		if err != nil {
			imp.failed++
			_, _ = fmt.Fprintln(imp.out, err) // it names the file; the failure counts in the summary either way
			continue
		}
		items = imp.restoreLibraries(ctx, items)
		if chunk = append(chunk, items...); len(chunk) >= importChunk {
			if err := imp.importChunk(ctx, chunk); err != nil {
				return err
			}
			chunk = nil
		}
	}
	if err := imp.importChunk(ctx, chunk); err != nil {
		return err
	}
	total := imp.created + imp.replaced
	// Scripts read this line's start; a backup's library is told after it.
	if _, err := fmt.Fprintf(stdout, "imported %d recordings for %s: %d new, %d updated, %d failed, %d with audio%s\n", total, owner.Email, imp.created, imp.replaced, imp.failed, imp.sounds, imp.lib.summary()); err != nil {
		return err
	}
	if imp.failed > 0 {
		return fmt.Errorf("%d of %d recordings failed", imp.failed, total+imp.failed)
	}
	if imp.lib.broken > 0 {
		return fmt.Errorf("%d library files (%s) could not be read", imp.lib.broken, importfile.LibraryFile)
	}
	return nil
}

// restoreLibraries restores the backup libraries among a file's items (a
// zip's first) before any of its recordings is imported, and answers the
// recordings.
func (imp *importer) restoreLibraries(ctx context.Context, items []importfile.Item) []importfile.Item {
	if len(items) == 0 || !items[0].Library {
		return items // importfile puts a zip's library first; other files have none
	}
	recs := items[:0:0]
	for _, it := range items {
		if it.Library {
			imp.restoreLibrary(ctx, it)
			continue
		}
		recs = append(recs, it)
	}
	return recs
}

// importChunk commits items in batches (one synced commit per batch, not per
// recording), then stores each imported recording's audio.
func (imp *importer) importChunk(ctx context.Context, items []importfile.Item) error {
	if len(items) == 0 {
		return nil
	}
	raws := make([][]byte, len(items))
	for i, it := range items {
		raws[i] = it.Data
	}
	results, errs, err := imp.svc.ImportEach(ctx, imp.uid, raws)
	if err != nil {
		return err
	}
	for i, res := range results {
		if errs[i] == nil && items[i].OpenAudio != nil {
			if err := attachAudio(ctx, imp.files, imp.uid, res.ID, items[i]); err != nil {
				errs[i] = fmt.Errorf("imported without its audio %s: %w", items[i].Audio, err)
			} else {
				imp.sounds++
			}
		}
		switch {
		case errs[i] != nil:
			imp.failed++
			_, _ = fmt.Fprintf(imp.out, "%s: %v\n", items[i].Source, errs[i]) // counted in the summary either way
		case res.Created:
			imp.created++
		default:
			imp.replaced++
		}
	}
	return nil
}

func helpImport(w io.Writer) {
	_, _ = fmt.Fprint(w, `Usage: pocket import [--user EMAIL] [--data-dir DIR] [--database-url URL] FILE|DIR|BACKUP.zip...

Imports recordings in the import format (one JSON object per recording, or a JSON array
of them; directories are searched for *.json; a .zip such as the library backup from
GET /api/v1/export/backup is read entry by entry) into the data directory, owned by EMAIL
(default $POCKET_DEMO_EMAIL or demo@example.com). A backup's library.json (its first entry)
is restored before its recordings: the user's own summary templates and every folder, empty
ones and the tree too, with their ids and each folder's template; what is there already is
kept, so restoring twice changes nothing. Loose shapes are stored exactly as
given. A recording's audio is picked up from a file beside its JSON with the same base
name (.opus, .ogg, .mp3, .m4a or .wav). Files are read a chunk at a time, so a large library
does not need its size in memory; a file that cannot be read is named and skipped, and the
command then ends with an error. The server must not be running on the same data directory;
while it runs, upload with POST /api/v1/recordings instead. With --database-url (default
$POCKET_DATABASE_URL) the recordings go into that PostgreSQL database, as pocket serve keeps
them there, and the server may be running.
`)
}

// attachAudio stores the item's sound (a file beside its JSON, or an entry
// of a backup archive) as the imported recording's.
func attachAudio(ctx context.Context, files *audio.Files, uid, id string, it importfile.Item) error {
	r, err := it.OpenAudio()
	if err != nil {
		return err
	}
	defer func() { _ = r.Close() }() // read only: nothing to report once Attach has read it
	_, err = files.Attach(ctx, uid, id, r)
	return err
}
