// Package storage opens the one Badger store for the server's lifetime.
package storage

import (
	"context"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
)

// gcInterval is how often the value log is compacted; Badger never does it by itself.
const gcInterval = 10 * time.Minute

// Module provides *store.DB, opened on start and closed on stop.
var Module = fx.Module("storage", fx.Provide(Open))

// Open opens the store in the configured data directory and ties it to the lifecycle.
// The database is opened at construction (not in OnStart) because every feature
// needs it to build; it is closed in OnStop after the HTTP server has drained.
func Open(lc fx.Lifecycle, cfg config.Config, log *slog.Logger) (*store.DB, error) {
	db, err := store.Open(store.Options{Dir: cfg.DataDir + "/db", Logger: log})
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
