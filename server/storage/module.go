// Package storage opens the store for the server's lifetime: PostgreSQL when
// POCKET_DATABASE_URL names one, else Badger under the data directory.
package storage

import (
	"context"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
)

// gcInterval is how often Badger's value log is compacted (it never does it by
// itself) and PostgreSQL's expired rows deleted.
const gcInterval = 10 * time.Minute

// Module provides *store.DB, opened on start and closed on stop.
var Module = fx.Module("storage", fx.Provide(Open))

// Open opens the configured store and ties it to the lifecycle.
// The database is opened at construction (not in OnStart) because every feature
// needs it to build; it is closed in OnStop after the HTTP server has drained.
func Open(lc fx.Lifecycle, cfg config.Config, log *slog.Logger) (*store.DB, error) {
	db, err := store.Open(Options(cfg, log))
	if err != nil {
		return nil, err
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go collectGarbage(db, stop, done)
			return nil
		},
		OnStop: func(context.Context) error {
			close(stop)
			<-done
			return db.Close()
		},
	})
	return db, nil
}

// Options is where cfg keeps the store: its PostgreSQL database, or the
// Badger directory db/ under the data directory.
func Options(cfg config.Config, log *slog.Logger) store.Options {
	if cfg.DatabaseURL != "" {
		return store.Options{DatabaseURL: cfg.DatabaseURL, Logger: log}
	}
	return store.Options{Dir: cfg.DataDir + "/db", Logger: log}
}

func collectGarbage(db *store.DB, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(gcInterval)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			db.CollectGarbage()
		}
	}
}
