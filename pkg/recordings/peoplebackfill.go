package recordings

import (
	"github.com/pocket-companion/pocket/pkg/store"
)

const peopleFlag = "people-indexed"

// BackfillPeople indexes the people of recordings stored before the person
// index existed. It runs once per data directory (a meta flag), one
// transaction per recording; deleted recordings stay out of the index.
func (s *Service) BackfillPeople() (int, error) {
	done, err := s.metaFlag(peopleFlag)
	if err != nil || done {
		return 0, err
	}
	keys, err := s.keysUnder(store.Prefix("rec"))
	if err != nil {
		return 0, err
	}
	n := 0
	for _, k := range keys {
		uid, id, ok := splitOwnerKey(k, "rec")
		if !ok {
			continue
		}
		err := s.db.Update(func(x *store.Txn) error {
			st, err := loadLive(x, uid, id)
			if err != nil {
				return nil // deleted, gone since the scan or unreadable: nothing to index
			}
			st.derive()
			if err := writePeople(x, uid, st); err != nil {
				return err
			}
			n++
			return writeRecord(x, uid, st)
		})
		if err != nil {
			return n, err
		}
	}
	return n, s.db.Update(func(x *store.Txn) error { return x.Set(metaKey(peopleFlag), []byte("1")) })
}
