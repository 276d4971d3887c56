// Package storemigrate moves a server's store between Badger and PostgreSQL
// (`pocket migrate`): every key with its lifetime, the audio, and the
// server's keys (so sessions, codes and push subscriptions stay good), then
// checks per user that the two stores hold the same keys and values.
package storemigrate

import (
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/media"
	"github.com/pocket-companion/pocket/server/storage"
)

// Side is one end of a migration: a data directory (its Badger store,
// audio files and keys), or a PostgreSQL database.
type Side struct {
	DataDir     string // with a database: scratch space for staging audio
	DatabaseURL string
}

func (s Side) String() string {
	if s.DatabaseURL != "" {
		return "the database"
	}
	return s.DataDir
}

// opened is a side's store and audio.
type opened struct {
	Side
	db    *store.DB
	files *audio.Files
}

func open(s Side) (*opened, error) {
	if s.DatabaseURL == "" {
		if _, err := os.Stat(s.DataDir); err != nil && s.DataDir != "" {
			if err := os.MkdirAll(s.DataDir, 0o700); err != nil {
				return nil, err
			}
		}
	}
	db, err := store.Open(storage.Options(config.Config{DataDir: s.DataDir, DatabaseURL: s.DatabaseURL}, slog.New(slog.DiscardHandler)))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", s, err)
	}
	return &opened{Side: s, db: db, files: media.FilesFor(db, s.DataDir, s.DatabaseURL != "")}, nil
}

// Run copies from into to (resuming a copy that was stopped), then verifies
// the result. out hears of progress and the outcome.
func Run(from, to Side, out io.Writer) (err error) {
	src, err := open(from)
	if err != nil {
		return err
	}
	defer func() { _ = src.db.Close() }() // read only
	dst, err := open(to)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := dst.db.Close(); err == nil {
			err = cerr
		}
	}()
	_, _ = fmt.Fprintf(out, "copying %s into %s\n", from, to)
	if err := store.CopyAll(src.db, dst.db, func(n int) error {
		if n%(20*500) == 0 {
			_, _ = fmt.Fprintf(out, "  %d keys\n", n)
		}
		return nil
	}); err != nil {
		return fmt.Errorf("copy the keys: %w", err)
	}
	sounds, err := copyAudio(src, dst)
	if err != nil {
		return fmt.Errorf("copy the audio: %w", err)
	}
	if err := copyServerKeys(src, dst); err != nil {
		return fmt.Errorf("copy the server's keys: %w", err)
	}
	return verify(src, dst, sounds, out)
}
