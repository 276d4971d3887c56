package recordings

import (
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Filter is the list's narrowing shared by the dashboard and search: folder,
// whether a summary exists, a recording_at range (both ends inclusive) and
// the FlagFields' values.
type Filter struct {
	FolderID         string
	HasSummarization *bool
	StartDate        time.Time       // inclusive; zero: unbounded
	EndDate          time.Time       // inclusive; zero: unbounded
	Person           string          // a person named in it, any case; "": anyone
	Flags            map[string]bool // by FlagField name: only recordings with that value
}

// Active reports whether the filter narrows anything.
func (f Filter) Active() bool {
	return f.FolderID != "" || f.HasSummarization != nil || !f.StartDate.IsZero() || !f.EndDate.IsZero() || f.Person != "" || len(f.Flags) > 0
}

func (f Filter) validate() error {
	for name := range f.Flags {
		if field, ok := FieldNamed(name); !ok || field.Kind != FlagField {
			return apperr.Invalidf("%s is not a filter", name)
		}
	}
	if !f.StartDate.IsZero() && !f.EndDate.IsZero() && f.EndDate.Before(f.StartDate) {
		return apperr.Invalidf("end_date must not be before start_date")
	}
	return nil
}

func (f Filter) keeps(e entry) bool {
	switch {
	case f.HasSummarization != nil && e.HasSummary != *f.HasSummarization:
		return false
	case f.FolderID != "" && e.FolderID != f.FolderID:
		return false
	case !f.StartDate.IsZero() && e.RecordingAt < f.StartDate.UnixMilli():
		return false
	case !f.EndDate.IsZero() && e.RecordingAt > f.EndDate.UnixMilli():
		return false
	}
	for name, want := range f.Flags {
		if field, _ := FieldNamed(name); (e.Flags&field.Bit != 0) != want {
			return false
		}
	}
	return true
}

// kept returns which of ids pass the filter, reading the recording_at index
// entries (the filter's fields) rather than each recording.
func (f Filter) kept(x *store.Txn, uid string, ids map[string]float64) (map[string]float64, error) {
	out := map[string]float64{}
	if f.Person != "" {
		named, err := personIDs(x, uid, f.Person)
		if err != nil {
			return nil, err
		}
		ids = only(ids, named)
	}
	err := x.Scan(indexPrefix(uid, SortRecordingAt), nil, false, true, func(_, v []byte) (bool, error) {
		e, err := decodeEntry(v)
		if err != nil {
			return false, err
		}
		if sc, ok := ids[e.ID]; ok && f.keeps(e) {
			out[e.ID] = sc
		}
		return true, nil
	})
	return out, err
}

// only keeps the entries of ids that are in keep.
func only[V any](ids map[string]V, keep map[string]bool) map[string]V {
	out := make(map[string]V, min(len(ids), len(keep)))
	for id, v := range ids {
		if keep[id] {
			out[id] = v
		}
	}
	return out
}
