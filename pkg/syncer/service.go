package syncer

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Asker answers an Ask Pocket question at most once per key: asked again
// with the same key, it answers the exchange it stored the first time.
type Asker interface {
	AskOnce(ctx context.Context, uid string, q Question) (json.RawMessage, error)
}

// Question is a queued Ask Pocket question.
type Question struct {
	Key         string
	RecordingID string
	SessionID   string
	Message     string
}

// Service is sync for every user. It is safe for concurrent use.
type Service struct {
	db   *store.DB
	recs *recordings.Service
	ask  Asker
	log  *slog.Logger
}

// NewService builds the service; ask may be nil (questions are then refused).
func NewService(db *store.DB, recs *recordings.Service, ask Asker, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{db: db, recs: recs, ask: ask, log: log}
}
