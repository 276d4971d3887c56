package share

import (
	"errors"

	"github.com/pocket-companion/pocket/pkg/store"
)

// countView adds one public open to the link's count and moves its last view
// to now. Nothing about the visitor is kept. A link gone since it resolved is
// not counted (a revoke raced the open).
func (s *Service) countView(id string) error {
	return s.db.Update(func(x *store.Txn) error {
		st, err := lookup(x, id)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		at := s.now().UTC()
		st.Views++
		st.LastViewedAt = &at
		return x.SetJSON(linkKey(id), st)
	})
}
