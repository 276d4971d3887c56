package recordings

import (
	"context"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Limits of a Scope: what one question may name. They bound the sets a
// scoped question builds in memory, not the library it reads.
const (
	MaxScopeRecordings = 200
	MaxScopeSpeakers   = 20
	maxScopeSpeaker    = 100 // characters of one speaker's name
)

// Scope narrows a library question to part of the owner's recordings: a
// folder, a recording_at range (both ends inclusive), recordings where one of
// the speakers speaks, and a hand-picked set. Every part given must hold; the
// zero Scope is the whole library.
type Scope struct {
	FolderID     string    `json:"folderId,omitempty"`
	From         time.Time `json:"from,omitzero"` // zero: unbounded
	To           time.Time `json:"to,omitzero"`
	Speakers     []string  `json:"speakers,omitempty"` // any one of them speaks in it (names, any case)
	RecordingIDs []string  `json:"recordingIds,omitempty"`
}

// Active reports whether the scope narrows anything.
func (sc Scope) Active() bool {
	return sc.FolderID != "" || !sc.From.IsZero() || !sc.To.IsZero() || len(sc.Speakers) > 0 || len(sc.RecordingIDs) > 0
}

// Validate checks the scope's shape (not whether its folder exists: see
// CheckScope).
func (sc Scope) Validate() error {
	switch {
	case len(sc.RecordingIDs) > MaxScopeRecordings:
		return apperr.Invalidf("scope.recordingIds holds at most %d recordings", MaxScopeRecordings)
	case len(sc.Speakers) > MaxScopeSpeakers:
		return apperr.Invalidf("scope.speakers holds at most %d names", MaxScopeSpeakers)
	case !sc.From.IsZero() && !sc.To.IsZero() && sc.To.Before(sc.From):
		return apperr.Invalidf("scope.to must not be before scope.from")
	case strings.ContainsRune(sc.FolderID, '/'):
		return apperr.Invalidf("scope.folderId is not a folder id")
	}
	for _, id := range sc.RecordingIDs {
		if strings.TrimSpace(id) == "" || strings.ContainsAny(id, "/\x00") {
			return apperr.Invalidf("scope.recordingIds must be recording ids")
		}
	}
	for _, name := range sc.Speakers {
		if n := len([]rune(strings.TrimSpace(name))); n == 0 || n > maxScopeSpeaker {
			return apperr.Invalidf("scope.speakers must be names of 1 to %d characters", maxScopeSpeaker)
		}
	}
	return nil
}

// CheckScope validates the scope and that its folder is one of the owner's:
// an unknown folder is NotFound (a question about it could only say "nothing").
func (s *Service) CheckScope(ctx context.Context, uid string, sc Scope) error {
	if err := CheckOwner(ctx, uid); err != nil {
		return err
	}
	if err := sc.Validate(); err != nil {
		return err
	}
	if sc.FolderID == "" {
		return nil
	}
	return s.db.View(func(x *store.Txn) error {
		_, err := getFolder(x, uid, sc.FolderID)
		return err
	})
}

// within keeps the ids of total that lie inside the scope.
func (sc Scope) within(x *store.Txn, uid string, total map[string]float64) (map[string]float64, error) {
	if !sc.Active() {
		return total, nil
	}
	if len(sc.RecordingIDs) > 0 {
		picked := map[string]bool{}
		for _, id := range sc.RecordingIDs {
			picked[id] = true
		}
		total = only(total, picked)
	}
	if len(sc.Speakers) > 0 {
		spoken := map[string]bool{}
		for _, name := range sc.Speakers {
			ids, err := personIDs(x, uid, name)
			if err != nil {
				return nil, err
			}
			for id := range ids {
				spoken[id] = true
			}
		}
		total = only(total, spoken)
	}
	if sc.FolderID == "" && sc.From.IsZero() && sc.To.IsZero() {
		return total, nil
	}
	folder := sc.FolderID
	if folder != "" {
		folder = resolveAlias(x, uid, folder)
	}
	return Filter{FolderID: folder, StartDate: sc.From, EndDate: sc.To}.kept(x, uid, total)
}
