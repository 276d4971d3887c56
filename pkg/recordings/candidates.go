package recordings

import (
	"context"

	"github.com/pocket-companion/pocket/pkg/search"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Candidate is a recording that shares words with a question, with its score.
type Candidate struct {
	ID    string
	Score float64
}

// Candidates ranks the owner's recordings for a natural-language question,
// best first, at most n: any of the question's words counts (search.Related),
// where Search needs every word. Only the owner's postings are read: the key
// prefix is theirs.
func (s *Service) Candidates(ctx context.Context, uid, question string, n int) ([]Candidate, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	out := []Candidate{}
	if n <= 0 {
		return out, nil
	}
	var total map[string]float64
	err := s.db.View(func(x *store.Txn) error {
		docs, err := s.countDocs(x, uid)
		if err == nil {
			total, err = search.IndexOf(uid).Related(x, question, docs)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, id := range search.Rank(total)[:min(n, len(total))] {
		out = append(out, Candidate{ID: id, Score: total[id]})
	}
	return out, nil
}
