package recordings

import (
	"context"

	"github.com/pocket-companion/pocket/pkg/search"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Candidate is a recording that shares words with a question, with its
// score; InScope is false for one outside the question's scope.
type Candidate struct {
	ID      string
	Score   float64
	InScope bool
}

// Candidates ranks the owner's recordings for a natural-language question,
// best first: any of the question's words counts (search.Related), where
// Search needs every word. Only the owner's postings are read: the key
// prefix is theirs.
//
// They are the best n inside scope (the zero Scope: the whole library) and,
// for an active scope, the best n of the whole library too, InScope false
// when outside it: a scoped question's passages are weighed against the
// library's (see library.Retrieve) though only the scope's are cited. One
// read of the postings serves both.
func (s *Service) Candidates(ctx context.Context, uid, question string, n int, scope Scope) ([]Candidate, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	out := []Candidate{}
	if n <= 0 {
		return out, nil
	}
	var total, inside map[string]float64
	err := s.db.View(func(x *store.Txn) error {
		docs, err := s.countDocs(x, uid)
		if err == nil {
			total, err = search.IndexOf(uid).Related(x, question, docs)
		}
		if err == nil {
			inside, err = scope.within(x, uid, total)
		}
		return err
	})
	if err != nil || len(inside) == 0 {
		return out, err
	}
	picked := 0 // of the scope's
	for i, id := range search.Rank(total) {
		_, in := inside[id]
		if in && picked < n || scope.Active() && i < n {
			out = append(out, Candidate{ID: id, Score: total[id], InScope: in})
		}
		if in {
			picked++
		}
		if picked >= n && i >= n-1 {
			break
		}
	}
	return out, nil
}
