package recordings

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/search"
	"github.com/pocket-companion/pocket/pkg/store"
)

// SearchFullText is the one search type (spec §7 search_type default).
const SearchFullText = "full_text"

// MaxQuery bounds a search query in characters.
const MaxQuery = 500

// SearchQuery holds spec §7's search parameters. Zero values are the defaults:
// limit 20, offset 0, full_text; the dashboard's filters narrow the results.
type SearchQuery struct {
	Q      string
	Limit  int
	Offset int
	Type   string
	Filter
}

// SearchResult is one page of ranked results and how many matched in all.
// Each item carries a `match` member (search.Match). Next is the offset of the
// next page, or -1 after the last.
type SearchResult struct {
	Data  []json.RawMessage `json:"data"`
	Total int               `json:"total"`
	Next  int               `json:"-"`
}

// Search ranks the owner's recordings containing every query word (the last
// one also as a prefix, for search-as-you-type) in title, description, summary
// and action items, or transcript: pkg/search's engine, narrowed by the
// dashboard's filters and paged.
func (s *Service) Search(ctx context.Context, uid string, q SearchQuery) (SearchResult, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return SearchResult{}, err
	}
	if err := q.normalize(); err != nil {
		return SearchResult{}, err
	}
	res := SearchResult{Data: []json.RawMessage{}, Next: -1}
	parsed := search.ParseQuery(q.Q)
	err := s.db.View(func(x *store.Txn) error {
		scores, err := s.score(x, uid, parsed)
		if err == nil && q.Active() {
			scores, err = q.kept(x, uid, scores)
		}
		if err != nil {
			return err
		}
		ranked := search.Rank(scores)
		res.Total = len(ranked)
		for i := q.Offset; i < len(ranked) && i < q.Offset+q.Limit; i++ {
			item, err := matchedItem(x, uid, ranked[i], parsed)
			if err != nil {
				return err
			}
			res.Data = append(res.Data, item)
		}
		if end := q.Offset + len(res.Data); end < res.Total {
			res.Next = end
		}
		return nil
	})
	return res, err
}

// matchedItem is the list item with its `match` member added.
func matchedItem(x *store.Txn, uid, id string, q search.Query) (json.RawMessage, error) {
	item, err := x.Get(itemKey(uid, id))
	if err != nil {
		return nil, fmt.Errorf("recordings: item %s: %w", id, err)
	}
	st, err := load(x, uid, id)
	if err != nil {
		return nil, fmt.Errorf("recordings: %s: %w", id, err)
	}
	match := q.Match(st.searchDoc())
	i := bytes.LastIndexByte(item, '}')
	if match == nil || i < 0 {
		return item, nil
	}
	b, err := json.Marshal(match)
	if err != nil {
		return nil, err
	}
	out := append(bytes.Clone(item[:i]), ',')
	if bytes.Equal(bytes.TrimSpace(item[:i]), []byte("{")) {
		out = out[:len(out)-1]
	}
	out = append(append(append(out, `"match":`...), b...), '}')
	return out, nil
}

func (q *SearchQuery) normalize() error {
	switch {
	case strings.TrimSpace(q.Q) == "":
		return apperr.Invalidf("q is required")
	case utf8.RuneCountInString(q.Q) > MaxQuery:
		return apperr.Invalidf("q must be at most %d characters", MaxQuery)
	case q.Type != "" && q.Type != SearchFullText:
		return apperr.Invalidf("search_type must be full_text")
	case q.Limit < 0:
		return apperr.Invalidf("limit must be a positive integer")
	case q.Offset < 0:
		return apperr.Invalidf("offset must not be negative")
	}
	if err := q.validate(); err != nil {
		return err
	}
	if q.Limit == 0 {
		q.Limit = DefaultLimit
	}
	q.Limit = min(q.Limit, MaxLimit)
	return nil
}

// matching is the set of recordings a dashboard `search` filter keeps.
func (s *Service) matching(uid, q string) (map[string]bool, error) {
	out := map[string]bool{}
	err := s.db.View(func(x *store.Txn) error {
		scores, err := s.score(x, uid, search.ParseQuery(q))
		for id := range scores {
			out[id] = true
		}
		return err
	})
	return out, err
}

// countDocs is how many recordings the owner has listed: search's idf.
func (s *Service) countDocs(x *store.Txn, uid string) (int, error) {
	if n, ok := s.docCounts.Load(uid); ok {
		return n.(int), nil
	}
	n := 0
	err := x.Scan(store.Prefix("ritem", uid), nil, false, false, func(_, _ []byte) (bool, error) {
		n++
		return true, nil
	})
	if err == nil {
		s.docCounts.Store(uid, n)
	}
	return n, err
}

// score is the BM25 score of every recording that matches all of q's words.
func (s *Service) score(x *store.Txn, uid string, q search.Query) (map[string]float64, error) {
	if q.Empty() {
		return map[string]float64{}, nil
	}
	n, err := s.countDocs(x, uid)
	if err != nil {
		return nil, err
	}
	return search.IndexOf(uid).Search(x, q, n)
}
