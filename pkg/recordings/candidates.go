package recordings

import (
	"context"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Candidate is a recording that shares words with a question, with its score.
type Candidate struct {
	ID    string
	Score float64
}

// Candidates ranks the owner's recordings for a natural-language question,
// best first, at most n. Unlike Search, a recording need not contain every
// word: a question says more words than any one answer repeats, so each
// word adds its own BM25 score (from the same postings and field weights as
// the search box) and recordings with the rarer, more telling words rise.
// Only the owner's postings are read: the key prefix is theirs.
func (s *Service) Candidates(ctx context.Context, uid, question string, n int) ([]Candidate, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	terms := tokenize(question)
	out := []Candidate{}
	if len(terms) == 0 || n <= 0 {
		return out, nil
	}
	total := map[string]float64{}
	err := s.db.View(func(x *store.Txn) error {
		docs, err := s.countDocs(x, uid)
		if err != nil {
			return err
		}
		seen := map[string]bool{}
		for _, t := range terms {
			if seen[t] { // a word said twice in the question counts once
				continue
			}
			seen[t] = true
			byTerm, err := postingsFor(x, uid, t, false)
			if err != nil {
				return err
			}
			for id, sc := range wordScores(byTerm, t, docs) {
				total[id] += sc
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, id := range rank(total)[:min(n, len(total))] {
		out = append(out, Candidate{ID: id, Score: total[id]})
	}
	return out, nil
}
