package templates

import (
	"context"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Restore files one of uid's templates from a backup with its id and
// timestamps, so folders naming it find it again. A template with that id
// already kept is left as it is (created false): restoring twice makes no
// second copy. The name and sections are checked as Create checks them, and
// a new template counts against the quota. A built-in's id is refused (the
// built-ins are never stored).
func (s *Store) Restore(_ context.Context, uid string, t Template) (created bool, err error) {
	if err := checkID(t.ID); err != nil {
		return false, err
	}
	d, err := Parse(t.Name, t.Sections)
	if err != nil {
		return false, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	out := Template{ID: t.ID, Name: d.Name, Sections: d.Sections, CreatedAt: orNow(t.CreatedAt, now), UpdatedAt: orNow(t.UpdatedAt, now)}
	err = s.db.Update(func(x *store.Txn) error {
		if has, err := x.Has(key(uid, t.ID)); err != nil || has {
			return err
		}
		if err := s.checkQuota(x, uid); err != nil {
			return err
		}
		created = true
		return s.write(x, uid, out)
	})
	return created && err == nil, err
}

func orNow(t *time.Time, now time.Time) *time.Time {
	if t == nil || t.IsZero() {
		return &now
	}
	u := t.UTC()
	return &u
}
