package recordings

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/apperr"
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
// Each item carries a `match` member (see Match). Next is the offset of the
// next page, or -1 after the last.
type SearchResult struct {
	Data  []json.RawMessage `json:"data"`
	Total int               `json:"total"`
	Next  int               `json:"-"`
}

// Search ranks the owner's recordings containing every query word (the last
// one also as a prefix, for search-as-you-type) in title, description, summary
// and action items, or transcript. Scoring is BM25 per field, weighted by
// field, so a title match beats any number of transcript-only mentions.
func (s *Service) Search(ctx context.Context, uid string, q SearchQuery) (SearchResult, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return SearchResult{}, err
	}
	if err := q.normalize(); err != nil {
		return SearchResult{}, err
	}
	res := SearchResult{Data: []json.RawMessage{}, Next: -1}
	m := newMatcher(q.Q)
	err := s.db.View(func(x *store.Txn) error {
		scores, err := s.score(x, uid, q.Q)
		if err == nil && q.Active() {
			scores, err = q.kept(x, uid, scores)
		}
		if err != nil {
			return err
		}
		ranked := rank(scores)
		res.Total = len(ranked)
		for i := q.Offset; i < len(ranked) && i < q.Offset+q.Limit; i++ {
			item, err := matchedItem(x, uid, ranked[i], m)
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
func matchedItem(x *store.Txn, uid, id string, m matcher) (json.RawMessage, error) {
	item, err := x.Get(itemKey(uid, id))
	if err != nil {
		return nil, fmt.Errorf("recordings: item %s: %w", id, err)
	}
	st, err := load(x, uid, id)
	if err != nil {
		return nil, fmt.Errorf("recordings: %s: %w", id, err)
	}
	match := st.match(m)
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
		scores, err := s.score(x, uid, q)
		for id := range scores {
			out[id] = true
		}
		return err
	})
	return out, err
}

// BM25 parameters (the usual ones).
const (
	bm25K1 = 1.2
	bm25B  = 0.75
	// prefixDiscount ranks a word completed from a prefix just below the word
	// itself.
	prefixDiscount = 0.9
)

// hit is one indexed term's posting in one recording.
type hit struct {
	id string
	p  posting
}

// score returns the BM25 score of every recording that matches all words.
func (s *Service) score(x *store.Txn, uid, q string) (map[string]float64, error) {
	terms, prefix := queryTerms(q)
	if len(terms) == 0 {
		return map[string]float64{}, nil
	}
	n, err := s.countDocs(x, uid)
	if err != nil {
		return nil, err
	}
	var total map[string]float64
	for i, t := range terms {
		byTerm, err := postingsFor(x, uid, t, prefix && i == len(terms)-1)
		if err != nil {
			return nil, err
		}
		word := wordScores(byTerm, t, n)
		if total == nil {
			total = word
			continue
		}
		for id, sc := range total { // every word must match
			if w, ok := word[id]; ok {
				total[id] = sc + w
			} else {
				delete(total, id)
			}
		}
	}
	return total, nil
}

// wordScores scores one query word; with prefix expansion a recording gets the
// best of the words it contains.
func wordScores(byTerm map[string][]hit, word string, n int) map[string]float64 {
	out := map[string]float64{}
	for term, hits := range byTerm {
		avg := avgLens(hits)
		df := float64(len(hits))
		idf := math.Log(1 + (float64(n)-df+0.5)/(df+0.5))
		weight := 1.0
		if term != word {
			weight = prefixDiscount
		}
		for _, h := range hits {
			sc := weight * idf * fieldScore(h.p, avg)
			if sc > out[h.id] {
				out[h.id] = sc
			}
		}
	}
	return out
}

// fieldScore sums each field's saturated term frequency times its weight: a
// field's contribution is capped (k1+1), so a single title match (weight 8)
// outranks a transcript-only word said any number of times (weight 1) unless
// the title is several times longer than usual.
func fieldScore(p posting, avg [numFields]float64) float64 {
	var sc float64
	for f := 0; f < numFields; f++ {
		tf := float64(p.TF[f])
		if tf == 0 {
			continue
		}
		norm := 1.0
		if avg[f] > 0 {
			norm = 1 - bm25B + bm25B*float64(p.Len[f])/avg[f]
		}
		sc += fieldWeights[f] * tf * (bm25K1 + 1) / (tf + bm25K1*norm)
	}
	return sc
}

// avgLens averages field lengths over the matching recordings that have the
// field: a cheap stand-in for library-wide averages that needs no counter
// every write would contend on.
func avgLens(hits []hit) [numFields]float64 {
	var sum, n [numFields]float64
	for _, h := range hits {
		for f := range sum {
			if h.p.Len[f] > 0 {
				sum[f] += float64(h.p.Len[f])
				n[f]++
			}
		}
	}
	var avg [numFields]float64
	for f := range avg {
		if n[f] > 0 {
			avg[f] = sum[f] / n[f]
		}
	}
	return avg
}

// postingsFor reads the postings of term, or of every term it prefixes.
func postingsFor(x *store.Txn, uid, term string, prefix bool) (map[string][]hit, error) {
	base := store.Prefix("term", uid)
	scan := store.Prefix("term", uid, term)
	if prefix {
		scan = append(bytes.Clone(base), term...)
	}
	out := map[string][]hit{}
	err := x.Scan(scan, nil, false, true, func(k, v []byte) (bool, error) {
		rest := k[len(base):]
		slash := bytes.IndexByte(rest, '/')
		if slash < 0 {
			return true, nil
		}
		t, idPart := string(rest[:slash]), rest[slash+1:]
		if isBlockPosting(idPart) {
			hits, err := decodeBlock(v)
			out[t] = append(out[t], hits...)
			return err == nil, err
		}
		p, err := decodePosting(v)
		if err != nil {
			return false, err
		}
		out[t] = append(out[t], hit{id: string(idPart), p: p})
		return true, nil
	})
	return out, err
}

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

// rank orders ids by score, then id so equal scores page deterministically.
func rank(scores map[string]float64) []string {
	ids := make([]string, 0, len(scores))
	for id := range scores {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		a, b := scores[ids[i]], scores[ids[j]]
		return a > b || (a == b && ids[i] < ids[j])
	})
	return ids
}
