// Package seed imports the sample recordings for the demo user on the first start
// of a new data directory, so a fresh `make run` has a library to explore.
package seed

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/importfile"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/health"
)

// Module seeds in the background; /readyz answers 503 until it is done.
var Module = fx.Module("seed", fx.Invoke(register))

// seededKey records that seeding ran, so recordings the demo user deletes stay deleted.
var seededKey = store.Key("meta", "seeded")

type params struct {
	fx.In
	Lifecycle  fx.Lifecycle
	Config     config.Config
	Log        *slog.Logger
	DB         *store.DB
	Users      *identity.Users
	Recordings *recordings.Service
	Audio      *audio.Files
	Gate       *health.Gate
}

func register(p params) {
	if !p.Config.SeedEnabled() {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			p.Gate.Hold("seeding sample recordings")
			go func() {
				defer close(done)
				defer p.Gate.Release("seeding sample recordings")
				if err := Run(ctx, p.DB, p.Users, p.Recordings, p.Audio, p.Config.Seed, p.Config.DemoEmail, p.Log); err != nil {
					p.Log.Error("seeding failed", "dir", p.Config.Seed, "err", err)
				}
			}()
			return nil
		},
		OnStop: func(context.Context) error { cancel(); <-done; return nil },
	})
}

// Run imports dir for email unless this data directory was seeded before,
// with the audio beside each recording's file (files may be nil: none).
func Run(ctx context.Context, db *store.DB, users *identity.Users, recs *recordings.Service, files *audio.Files, dir, email string, log *slog.Logger) error {
	var seeded bool
	if err := db.View(func(x *store.Txn) error { var err error; seeded, err = x.Has(seededKey); return err }); err != nil || seeded {
		return err
	}
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		log.Warn("seed directory not found; starting with an empty library", "dir", dir)
		return nil
	}
	items, err := importfile.Read(dir)
	if err != nil {
		return err
	}
	user, err := users.Ensure(ctx, email, identity.User{})
	if err != nil {
		return err
	}
	raws := make([][]byte, len(items))
	for i, it := range items {
		raws[i] = it.Data
	}
	results, refused, err := recs.ImportEach(ctx, user.UID, raws)
	if err != nil {
		return err
	}
	sounds, skipped := 0, 0
	for i, it := range items {
		if refused[i] != nil {
			// Not a recording (the directory may hold other test data): say so, seed the rest.
			log.Warn("seed file skipped", "file", it.Source, "err", refused[i])
			skipped++
			continue
		}
		if it.Audio == "" || files == nil {
			continue
		}
		if _, err := files.AttachFile(ctx, user.UID, results[i].ID, it.Audio); err != nil {
			log.Warn("sample audio not attached", "file", it.Audio, "err", err)
			continue
		}
		sounds++
	}
	log.Info("seeded sample recordings", "count", len(items)-skipped, "skipped", skipped, "with_audio", sounds, "owner", email, "dir", dir)
	return db.Update(func(x *store.Txn) error { return x.Set(seededKey, []byte("1")) })
}
