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
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/importfile"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/media"
)

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func runImport(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("pocket import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { helpImport(stderr) }
	user := fs.String("user", envOr("POCKET_DEMO_EMAIL", "demo@example.com"), "owner of the imported recordings")
	dataDir := fs.String("data-dir", envOr("POCKET_DATA_DIR", "./data"), "data directory of the server")
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
	items, err := importfile.Read(fs.Args()...)
	if err != nil {
		return err
	}
	db, err := store.Open(store.Options{Dir: *dataDir + "/db", Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		if strings.Contains(err.Error(), "lock") {
			return fmt.Errorf("the data directory %s is in use, probably by a running pocket serve: stop it, or upload through POST /api/v1/recordings", *dataDir)
		}
		return err
	}
	defer db.Close()
	return importItems(context.Background(), db, media.Dir(*dataDir), *user, items, stdout)
}

func importItems(ctx context.Context, db *store.DB, audioDir, email string, items []importfile.Item, stdout io.Writer) error {
	owner, err := identity.NewUsers(db, nil).Ensure(ctx, email, identity.User{})
	if err != nil {
		return err
	}
	svc := recordings.NewService(db, events.NewBus(), nil)
	raws := make([][]byte, len(items))
	for i, it := range items {
		raws[i] = it.Data
	}
	// Committed in batches: one synced commit per batch, not per recording.
	results, errs, err := svc.ImportEach(ctx, owner.UID, raws)
	if err != nil {
		return err
	}
	files := audio.NewFiles(db, audioDir)
	var created, replaced, failed, sounds int
	for i, res := range results {
		if errs[i] == nil && items[i].OpenAudio != nil {
			if err := attachAudio(ctx, files, owner.UID, res.ID, items[i]); err != nil {
				errs[i] = fmt.Errorf("imported without its audio %s: %w", items[i].Audio, err)
			} else {
				sounds++
			}
		}
		switch {
		case errs[i] != nil:
			failed++
			fmt.Fprintf(stdout, "%s: %v\n", items[i].Source, errs[i])
		case res.Created:
			created++
		default:
			replaced++
		}
	}
	fmt.Fprintf(stdout, "imported %d recordings for %s: %d new, %d updated, %d failed, %d with audio\n", created+replaced, owner.Email, created, replaced, failed, sounds)
	if failed > 0 {
		return fmt.Errorf("%d of %d recordings failed", failed, len(items))
	}
	return nil
}

func helpImport(w io.Writer) {
	fmt.Fprint(w, `Usage: pocket import [--user EMAIL] [--data-dir DIR] FILE|DIR|BACKUP.zip...

Imports recordings in the import format (one JSON object per recording, or a JSON array
of them; directories are searched for *.json; a .zip such as the library backup from
GET /api/v1/export/backup is read entry by entry) into the data directory, owned by EMAIL
(default $POCKET_DEMO_EMAIL or demo@example.com). Loose shapes are stored exactly as
given. A recording's audio is picked up from a file beside its JSON with the same base
name (.opus, .ogg, .mp3, .m4a or .wav). The server must not be running on the same data directory; while it runs,
upload with POST /api/v1/recordings instead.
`)
}

// attachAudio stores the item's sound (a file beside its JSON, or an entry
// of a backup archive) as the imported recording's.
func attachAudio(ctx context.Context, files *audio.Files, uid, id string, it importfile.Item) error {
	r, err := it.OpenAudio()
	if err != nil {
		return err
	}
	defer r.Close()
	_, err = files.Attach(ctx, uid, id, r)
	return err
}
