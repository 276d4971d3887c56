package recordings

import (
	"errors"

	"github.com/pocket-companion/pocket/pkg/store"
)

const peopleFlag = "people-indexed"

// BackfillPeople indexes the people of recordings stored before the person
// index existed. It runs once per data directory (a meta flag), a batch of
// recordings a transaction (one each took 102 s for 100,000 here, batches 75 s:
// the rest is rewriting every recording); deleted recordings stay out of the index.
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
	for len(keys) > 0 {
		var used, indexed int
		err := s.db.Update(func(x *store.Txn) error {
			var err error
			used, indexed, err = indexPeopleBatch(x, keys)
			return err
		})
		if err != nil {
			return n, err
		}
		keys, n = keys[used:], n+indexed
	}
	return n, s.db.Update(func(x *store.Txn) error { return x.Set(metaKey(peopleFlag), []byte("1")) })
}

// A backfill transaction stays well inside Badger's and PostgreSQL's limits
// on what one transaction writes.
var peopleBatch = 200 // a variable for tests

const peopleBatchBytes = 2 << 20

// indexPeopleBatch indexes the people of the first of keys, as many as one
// transaction should write, and answers how many keys it used and indexed.
func indexPeopleBatch(x *store.Txn, keys [][]byte) (used, indexed int, err error) {
	var written int64
	for used < len(keys) && used < peopleBatch && written < peopleBatchBytes {
		size, err := x.ValueSize(keys[used])
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return used, indexed, err
		}
		ok, err := indexPeopleOf(x, keys[used])
		if err != nil {
			return used, indexed, err
		}
		if ok {
			indexed++
		}
		used, written = used+1, written+size
	}
	return used, indexed, nil
}

// indexPeopleOf indexes the people of the live recording at key rec/<uid>/<id>.
func indexPeopleOf(x *store.Txn, key []byte) (bool, error) {
	uid, id, ok := splitOwnerKey(key, "rec")
	if !ok {
		return false, nil
	}
	st, err := loadLive(x, uid, id)
	if err != nil {
		return false, nil // deleted, gone since the scan or unreadable: nothing to index
	}
	st.derive()
	if err := writePeople(x, uid, st); err != nil {
		return false, err
	}
	return true, writeRecord(x, uid, st)
}

// MarkBackfillsDoneIfEmpty marks the change log's and the person index's
// backfills done in a store that holds no recordings or folders yet: every
// one written from then on is logged and indexed as it is written.
func (s *Service) MarkBackfillsDoneIfEmpty() error {
	for _, flag := range []string{backfillFlag, peopleFlag} {
		if err := s.db.MarkDoneIfNone(flag, store.Prefix("rec"), store.Prefix("folder")); err != nil {
			return err
		}
	}
	return nil
}
