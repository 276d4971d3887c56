package search

import (
	"math"
	"sort"

	"github.com/pocket-companion/pocket/pkg/store"
)

// BM25 parameters (the usual ones).
const (
	bm25K1 = 1.2
	bm25B  = 0.75
	// prefixDiscount ranks a word completed from a prefix just below the word
	// itself.
	prefixDiscount = 0.9
)

// Search scores every document that matches all of q's words, by BM25 per
// field weighted by field, so a title match beats any number of
// transcript-only mentions. docs is how many documents the owner has (the
// idf's N); an empty query finds nothing. Order the result with Rank.
func (ix Index) Search(x *store.Txn, q Query, docs int) (map[string]float64, error) {
	var total map[string]float64
	for i, t := range q.terms {
		byTerm, err := ix.postingsFor(x, t, q.prefix && i == len(q.terms)-1)
		if err != nil {
			return nil, err
		}
		word := wordScores(byTerm, t, docs)
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
	if total == nil {
		total = map[string]float64{}
	}
	return total, nil
}

// Related scores the documents for a natural-language question. Unlike
// Search, a document need not contain every word: a question says more words
// than any one answer repeats, so each distinct word adds its own score (the
// same postings and field weights as Search) and documents with the rarer,
// more telling words rise. No prefixes: a question is not typed as it is read.
func (ix Index) Related(x *store.Txn, question string, docs int) (map[string]float64, error) {
	total := map[string]float64{}
	seen := map[string]bool{}
	for _, t := range Tokenize(question) {
		if seen[t] { // a word said twice in the question counts once
			continue
		}
		seen[t] = true
		byTerm, err := ix.postingsFor(x, t, false)
		if err != nil {
			return nil, err
		}
		for id, sc := range wordScores(byTerm, t, docs) {
			total[id] += sc
		}
	}
	return total, nil
}

// Rank orders ids by score, best first, then by id so equal scores page
// deterministically.
func Rank(scores map[string]float64) []string {
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

// wordScores scores one query word; with prefix expansion a document gets the
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

// avgLens averages field lengths over the matching documents that have the
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
