package highlights

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Filter narrows the library's highlights; zero fields match everything.
type Filter struct {
	// Query matches the text or the note, ignoring case.
	Query string
	// FolderID is the recording's folder as it is now ("" any).
	FolderID string
	// Speaker matches one of the speakers heard, ignoring case.
	Speaker string
}

// Get answers one of uid's highlights.
func (s *Service) Get(ctx context.Context, uid, id string) (Highlight, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return Highlight{}, err
	}
	var h Highlight
	err := s.db.View(func(x *store.Txn) (err error) {
		h, err = get(x, uid, id)
		return err
	})
	return h, err
}

// HighlightIn reads one highlight in x (sync's answers); ok is false when
// there is none.
func HighlightIn(x *store.Txn, uid, id string) (Highlight, bool, error) {
	h, err := get(x, uid, id)
	if err != nil {
		if isMissing(err) {
			return h, false, nil
		}
		return h, false, err
	}
	return h, true, nil
}

// OfRecording lists a recording's highlights in the order they come in it;
// a recording that is not uid's is NotFound.
func (s *Service) OfRecording(ctx context.Context, uid, recordingID string) ([]Highlight, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	var out []Highlight
	err := s.db.View(func(x *store.Txn) error {
		if _, err := recordings.DetailIn(x, uid, recordingID); err != nil {
			return err
		}
		var err error
		out, err = ofRecording(x, uid, recordingID)
		return err
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out, err
}

// Library lists uid's highlights across every recording, newest first.
func (s *Service) Library(ctx context.Context, uid string, f Filter) ([]Highlight, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	out := []Highlight{}
	err := s.db.View(func(x *store.Txn) error {
		all, err := scanAll(x, uid)
		if err != nil {
			return err
		}
		folders, err := foldersOf(x, uid, all, f.FolderID != "")
		if err != nil {
			return err
		}
		for _, h := range all {
			if f.matches(h, folders) {
				out = append(out, h)
			}
		}
		return nil
	})
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.After(out[j].CreatedAt)
		}
		return out[i].ID > out[j].ID
	})
	return out, err
}

func (f Filter) matches(h Highlight, folders map[string]string) bool {
	if f.FolderID != "" && folders[h.RecordingID] != f.FolderID {
		return false
	}
	if q := strings.ToLower(strings.TrimSpace(f.Query)); q != "" &&
		!strings.Contains(strings.ToLower(h.Text), q) && !strings.Contains(strings.ToLower(h.Note), q) {
		return false
	}
	if sp := strings.TrimSpace(f.Speaker); sp != "" {
		for _, name := range h.Speakers {
			if strings.EqualFold(name, sp) {
				return true
			}
		}
		return false
	}
	return true
}

// foldersOf is each highlighted recording's folder now (read only when a
// folder filter asks).
func foldersOf(x *store.Txn, uid string, hs []Highlight, need bool) (map[string]string, error) {
	if !need {
		return nil, nil
	}
	seen := map[string]bool{}
	var recs []string
	for _, h := range hs {
		if !seen[h.RecordingID] {
			seen[h.RecordingID] = true
			recs = append(recs, h.RecordingID)
		}
	}
	states, err := recordings.StatesIn(x, uid, recs)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(states))
	for id, st := range states {
		out[id] = st.FolderID
	}
	return out, nil
}

func scanAll(x *store.Txn, uid string) ([]Highlight, error) {
	var out []Highlight
	err := x.Scan(allPrefix(uid), nil, false, true, func(_, v []byte) (bool, error) {
		var h Highlight
		if err := json.Unmarshal(v, &h); err != nil {
			return false, fmt.Errorf("highlights: decode: %w", err)
		}
		out = append(out, h)
		return true, nil
	})
	return out, err
}

func ofRecording(x *store.Txn, uid, recordingID string) ([]Highlight, error) {
	prefix := byRecPrefix(uid, recordingID)
	var out []Highlight
	err := x.Scan(prefix, nil, false, false, func(k, _ []byte) (bool, error) {
		h, err := get(x, uid, string(k[len(prefix):]))
		if err != nil {
			return false, err
		}
		out = append(out, h)
		return true, nil
	})
	return out, err
}
