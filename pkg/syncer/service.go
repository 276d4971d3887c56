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
	ents Entities
	ask  Asker
	log  *slog.Logger
}

// Entities reads the current state of a user's recordings and folders in a
// snapshot: what Pull and Push's answers carry beside each change-log entry.
// The embedded provider's are pkg/recordings'; a relay keeps a mirror of its
// upstream's.
type Entities interface {
	RecordingIn(x *store.Txn, uid, id string) (recordings.State, bool, error)
	FolderIn(x *store.Txn, uid, id string) (recordings.Folder, bool, error)
}

// NewService builds the service; ask may be nil (questions are then refused).
func NewService(db *store.DB, recs *recordings.Service, ask Asker, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{db: db, recs: recs, ents: embedded{}, ask: ask, log: log}
}

// NewLedger builds the service over another store of entity state (a relay's
// mirror): Pull reads the change log in db with ents' states, and the
// idempotency ledger (Replay, Record, PushEach) answers as the embedded Push
// does. Push itself is refused: the caller applies mutations its own way.
func NewLedger(db *store.DB, ents Entities, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{db: db, ents: ents, log: log}
}

// embedded reads the embedded provider's own records.
type embedded struct{}

func (embedded) RecordingIn(x *store.Txn, uid, id string) (recordings.State, bool, error) {
	return recordings.StateIn(x, uid, id)
}

func (embedded) FolderIn(x *store.Txn, uid, id string) (recordings.Folder, bool, error) {
	return recordings.FolderIn(x, uid, id)
}
