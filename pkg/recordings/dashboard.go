package recordings

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Page sizes of the dashboard (spec §7 and §9).
const (
	DefaultLimit = 20
	MaxLimit     = 100
)

// SortOrder is asc or desc.
type SortOrder string

// The two orders.
const (
	Desc SortOrder = "desc"
	Asc  SortOrder = "asc"
)

// DashboardQuery holds spec §7's dashboard parameters, already typed. Zero
// values mean the defaults: limit 20, sorted by recording_at, newest first,
// empty recordings left out, no other filter.
type DashboardQuery struct {
	Limit            int
	Cursor           string
	FolderID         string
	IncludeEmpty     bool
	HasSummarization *bool
	Search           string
	StartDate        time.Time       // inclusive; zero: unbounded
	EndDate          time.Time       // inclusive; zero: unbounded
	Person           string          // see Filter.Person
	Flags            map[string]bool // see Filter.Flags
	SortBy           SortField
	SortOrder        SortOrder
}

// Page is one dashboard page: items in the list-item shape and the cursor of
// the next page ("" at the end).
type Page struct {
	Data       []json.RawMessage `json:"data"`
	NextCursor string            `json:"nextCursor"`
}

// Dashboard lists the owner's recordings in the requested order with keyset
// paging: the cursor holds the last item's index key, so recordings inserted or
// updated between pages never make another repeat or vanish. A page costs
// O(page) reads when the filters exclude little; a first page read again
// while the library has not changed comes from memory (firstPages). The page
// may be shared with other callers: do not modify it.
func (s *Service) Dashboard(ctx context.Context, uid string, q DashboardQuery) (Page, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return Page{}, err
	}
	if err := q.normalize(); err != nil {
		return Page{}, err
	}
	after, err := decodeCursor(q.Cursor, q.SortBy, q.SortOrder)
	if err != nil {
		return Page{}, err
	}
	var matches map[string]bool
	if q.Search != "" {
		if matches, err = s.matching(uid, q.Search); err != nil {
			return Page{}, err
		}
	}
	cacheKey, cacheable := q.firstPageKey(uid)
	page := Page{Data: []json.RawMessage{}}
	err = s.db.View(func(x *store.Txn) error {
		var head string
		if cacheable {
			kept, h, hit, err := s.firstPages.read(x, uid, cacheKey)
			if err != nil || hit {
				page = kept
				return err
			}
			head = h
		}
		if matches, err = q.narrowToPerson(x, uid, matches); err != nil {
			return err
		}
		keys, ids, more, err := scanPage(ctx, x, uid, q, after, matches)
		if err != nil {
			return err
		}
		if page.Data, err = itemsIn(x, uid, ids); err != nil {
			return err
		}
		if more {
			page.NextCursor = encodeCursor(q.SortBy, q.SortOrder, keys[len(keys)-1][len(indexPrefix(uid, q.SortBy)):])
		}
		if cacheable {
			s.firstPages.put(cacheKey, head, page)
		}
		return nil
	})
	return page, err
}

// itemsIn reads the list items of ids, in that order, together (one
// statement on PostgreSQL rather than a round trip each).
func itemsIn(x *store.Txn, uid string, ids []string) ([]json.RawMessage, error) {
	keys := make([][]byte, len(ids))
	for i, id := range ids {
		keys[i] = itemKey(uid, id)
	}
	values, err := x.GetMany(keys)
	if err != nil {
		return nil, err
	}
	items := make([]json.RawMessage, 0, len(ids))
	for i, id := range ids {
		item, ok := values[string(keys[i])]
		if !ok {
			return nil, fmt.Errorf("recordings: item %s: %w", id, store.ErrNotFound)
		}
		items = append(items, item)
	}
	return items, nil
}

func (q *DashboardQuery) normalize() error {
	switch {
	case q.Limit == 0:
		q.Limit = DefaultLimit
	case q.Limit < 0:
		return apperr.Invalidf("limit must be a positive integer")
	case q.Limit > MaxLimit:
		q.Limit = MaxLimit
	}
	if q.SortBy == "" {
		q.SortBy = SortRecordingAt
	}
	if !validSort(q.SortBy) {
		return apperr.Invalidf("sort_by must be one of recording_at, created_at, updated_at, duration, title")
	}
	if q.SortOrder == "" {
		q.SortOrder = Desc
	}
	if q.SortOrder != Desc && q.SortOrder != Asc {
		return apperr.Invalidf("sort_order must be asc or desc")
	}
	return q.filter().validate()
}

// filter is the part of the query search shares.
func (q DashboardQuery) filter() Filter {
	return Filter{FolderID: q.FolderID, HasSummarization: q.HasSummarization, StartDate: q.StartDate, EndDate: q.EndDate, Person: q.Person, Flags: q.Flags}
}

// narrowToPerson limits matches (nil: everything) to recordings naming the
// query's person, when it names one.
func (q DashboardQuery) narrowToPerson(x *store.Txn, uid string, matches map[string]bool) (map[string]bool, error) {
	if q.Person == "" {
		return matches, nil
	}
	named, err := personIDs(x, uid, q.Person)
	if err != nil || matches == nil {
		return named, err
	}
	return only(matches, named), nil
}

func validSort(f SortField) bool {
	for _, s := range sortFields {
		if s == f {
			return true
		}
	}
	return false
}

// scanPage walks the order's index from the cursor, keeping entries that pass
// the filters, until it has one more than the page (which proves a next page).
func scanPage(ctx context.Context, x *store.Txn, uid string, q DashboardQuery, after []byte, matches map[string]bool) (keys [][]byte, ids []string, more bool, err error) {
	prefix := indexPrefix(uid, q.SortBy)
	var from, cursorKey []byte
	if after != nil {
		cursorKey = append(bytes.Clone(prefix), after...)
		from = cursorKey
	}
	from, stop := dateBounds(prefix, q, from)
	seen := 0
	err = x.Scan(prefix, from, q.SortOrder == Desc, true, func(k, v []byte) (bool, error) {
		if seen++; seen%1024 == 0 && ctx.Err() != nil {
			return false, ctx.Err()
		}
		if cursorKey != nil && bytes.Equal(k, cursorKey) {
			return true, nil
		}
		e, err := decodeEntry(v)
		if err != nil {
			return false, err
		}
		if stop != nil && stop(e) {
			return false, nil
		}
		if !q.keep(e, matches) {
			return true, nil
		}
		if len(ids) == q.Limit {
			more = true
			return false, nil
		}
		keys, ids = append(keys, k), append(ids, e.ID)
		return true, nil
	})
	return keys, ids, more, err
}

func (q DashboardQuery) keep(e entry, matches map[string]bool) bool {
	switch {
	case e.Empty && !q.IncludeEmpty:
		return false
	case !q.filter().keeps(e):
		return false
	case matches != nil && !matches[e.ID]:
		return false
	}
	return true
}

// dateBounds lets the recording_at order seek straight to the date range and
// stop at its far end, instead of filtering the whole library.
func dateBounds(prefix []byte, q DashboardQuery, from []byte) ([]byte, func(entry) bool) {
	if q.SortBy != SortRecordingAt {
		return from, nil
	}
	var stop func(entry) bool
	if q.SortOrder == Desc {
		if !q.EndDate.IsZero() {
			bound := append(append(bytes.Clone(prefix), store.I64(q.EndDate.UnixMilli())...), 0xFF)
			if from == nil || bytes.Compare(bound, from) < 0 {
				from = bound
			}
		}
		if !q.StartDate.IsZero() {
			stop = func(e entry) bool { return e.RecordingAt < q.StartDate.UnixMilli() }
		}
		return from, stop
	}
	if !q.StartDate.IsZero() {
		bound := append(bytes.Clone(prefix), store.I64(q.StartDate.UnixMilli())...)
		if from == nil || bytes.Compare(bound, from) > 0 {
			from = bound
		}
	}
	if !q.EndDate.IsZero() {
		stop = func(e entry) bool { return e.RecordingAt > q.EndDate.UnixMilli() }
	}
	return from, stop
}

// cursor is opaque to clients. It names its order, so a cursor replayed
// against another sort is refused instead of silently skipping items; it holds
// only the key suffix, so it can never reach another user's prefix.
type cursor struct {
	Sort  SortField `json:"s"`
	Order SortOrder `json:"o"`
	After []byte    `json:"k"`
}

func encodeCursor(f SortField, o SortOrder, after []byte) string {
	b, _ := json.Marshal(cursor{Sort: f, Order: o, After: after})
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(s string, f SortField, o SortOrder) ([]byte, error) {
	if s == "" {
		return nil, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	var c cursor
	if err != nil || json.Unmarshal(b, &c) != nil || len(c.After) == 0 {
		return nil, apperr.Invalidf("cursor is not valid; start again without one")
	}
	if c.Sort != f || c.Order != o {
		return nil, apperr.Invalidf("cursor belongs to sort_by=%s&sort_order=%s; start again without one", c.Sort, c.Order)
	}
	return c.After, nil
}
