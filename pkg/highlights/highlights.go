// Package highlights keeps the passages users mark in their recordings'
// transcripts: a range of seconds on the recording's timeline, the
// transcript's words between them (taken when the highlight is made) and an
// optional note. Highlights sync like folders: every write appends to the
// user's change log (pkg/changelog, kind "highlight") in its transaction,
// and deleting a recording deletes its highlights in the same transaction.
// It knows nothing of HTTP; another user's highlight is NotFound.
//
// Keys (see pkg/store):
//
//	hl/<uid>/<highlightId>                 -> Highlight
//	hlrec/<uid>/<recordingId>/<highlightId> -> nothing: a recording's highlights
package highlights

import (
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Bounds on what one highlight holds.
const (
	// MaxNote is a note's length in characters.
	MaxNote = 2000
	// MaxText is how much of the transcript one highlight keeps, in
	// characters; a longer range keeps its first MaxText and an ellipsis.
	MaxText = 10000
	// MaxID is a client-made id's length.
	MaxID = 64
)

// Highlight is one marked passage.
type Highlight struct {
	ID          string    `json:"id"`
	RecordingID string    `json:"recordingId"`
	Start       float64   `json:"start"`
	End         float64   `json:"end"`
	Text        string    `json:"text"`
	Note        string    `json:"note"`
	Speakers    []string  `json:"speakers"`
	CreatedAt   time.Time `json:"createdAt"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// Service reads and writes highlights. It is safe for concurrent use.
type Service struct {
	db    *store.DB
	recs  *recordings.Service
	bus   *events.Bus
	limit int64 // highlights one user keeps; 0: no limit
	now   func() time.Time
	// onDelete run in the transaction that deletes a highlight (OnDeleteIn).
	onDelete []func(x *store.Txn, uid, highlightID string) error
}

// OnDeleteIn registers f to run in the transaction that deletes one of
// uid's highlights, by itself or with its recording (the share links'
// clips are revoked so); call it before serving.
func (s *Service) OnDeleteIn(f func(x *store.Txn, uid, highlightID string) error) {
	s.onDelete = append(s.onDelete, f)
}

// New keeps highlights in db beside recs' recordings, announcing changes on
// bus (nil: none), with at most limit highlights per user (0: no limit). It
// registers with recs so a deleted recording takes its highlights along and
// an imported one brings back those its import object carries.
func New(db *store.DB, recs *recordings.Service, bus *events.Bus, limit int64) *Service {
	s := &Service{db: db, recs: recs, bus: bus, limit: limit, now: time.Now}
	recs.OnDeleteIn(s.DeleteForRecordingIn)
	recs.OnImportedIn(s.restoreIn)
	return s
}

// SetClock replaces time.Now (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

func key(uid, id string) []byte           { return store.Key("hl", uid, id) }
func byRecKey(uid, rec, id string) []byte { return store.Key("hlrec", uid, rec, id) }
func byRecPrefix(uid, rec string) []byte  { return store.Prefix("hlrec", uid, rec) }
func allPrefix(uid string) []byte         { return store.Prefix("hl", uid) }

// validID: an id must be usable as one part of a key.
func validID(id string) bool {
	return id != "" && len(id) <= MaxID && !strings.ContainsAny(id, "/\x00")
}
