package recordings

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/store"
)

// State is what a device keeps of one recording: the list item (the shape the
// dashboard answers), the speakers member as stored (the names the
// transcript shows), its folder and whether the list hides it.
type State struct {
	ID       string
	Item     json.RawMessage
	Speakers json.RawMessage
	FolderID string
	Empty    bool
}

// syncState is what a device keeps beside the list item, written with it so
// a pull reads two small values instead of the whole record (transcript and
// all): a 10,000-recording pull went from 2.5 s to a fraction of that.
type syncState struct {
	FolderID string          `json:"f,omitempty"`
	Empty    bool            `json:"e,omitempty"`
	Speakers json.RawMessage `json:"s,omitempty"`
}

func syncStateKey(uid, id string) []byte { return store.Key("rsync", uid, id) }

func putSyncState(x *store.Txn, uid string, st *stored) error {
	return x.SetJSON(syncStateKey(uid, st.ID), syncState{FolderID: st.Book.FolderID, Empty: st.Book.Empty, Speakers: st.speakersWithNames()})
}

// StateIn reads a recording's current state in x; ok is false when it is
// deleted or was never there.
func StateIn(x *store.Txn, uid, id string) (State, bool, error) {
	states, err := StatesIn(x, uid, []string{id})
	st, ok := states[id]
	return st, ok, err
}

// StatesIn reads the current states of the recordings ids in x, their list
// items and sync states in one read of the store (on PostgreSQL one
// statement for a pull's whole page); the deleted and the never-there are
// not in the map.
func StatesIn(x *store.Txn, uid string, ids []string) (map[string]State, error) {
	keys := make([][]byte, 0, 2*len(ids))
	for _, id := range ids {
		keys = append(keys, itemKey(uid, id), syncStateKey(uid, id))
	}
	values, err := x.GetMany(keys)
	if err != nil {
		return nil, err
	}
	states := make(map[string]State, len(ids))
	for i, id := range ids {
		item, ok := values[string(keys[2*i])]
		if !ok {
			continue // deleted (unindexed) or never there
		}
		synced, ok := values[string(keys[2*i+1])]
		if !ok {
			st, live, err := stateFromRecord(x, uid, id) // written before the sync state existed
			if err != nil {
				return nil, err
			}
			if live {
				states[id] = st
			}
			continue
		}
		var ss syncState
		if err := json.Unmarshal(synced, &ss); err != nil {
			return nil, fmt.Errorf("recordings: sync state of %s: %w", id, err)
		}
		states[id] = State{ID: id, Item: item, Speakers: ss.Speakers, FolderID: ss.FolderID, Empty: ss.Empty}
	}
	return states, nil
}

func stateFromRecord(x *store.Txn, uid, id string) (State, bool, error) {
	st, err := loadLive(x, uid, id)
	if errors.Is(err, apperr.ErrNotFound) {
		return State{}, false, nil
	}
	if err != nil {
		return State{}, false, err
	}
	return State{
		ID:       st.ID,
		Item:     st.listItem(),
		Speakers: st.speakersWithNames(),
		FolderID: st.Book.FolderID,
		Empty:    st.Book.Empty,
	}, true, nil
}

// FolderIn reads a folder in x; ok is false when it is gone.
func FolderIn(x *store.Txn, uid, id string) (Folder, bool, error) {
	var f Folder
	err := x.GetJSON(folderKey(uid, id), &f)
	if errors.Is(err, store.ErrNotFound) {
		return Folder{}, false, nil
	}
	return f, err == nil, err
}

// BackfillChangeLog gives every live recording and folder an entry in its
// owner's change log, for data written before the log existed. It runs once
// per data directory (a meta flag) and one transaction per entity.
func (s *Service) BackfillChangeLog() (int, error) {
	done, err := s.metaFlag(backfillFlag)
	if err != nil || done {
		return 0, err
	}
	n := 0
	for _, prefix := range []string{"folder", "rec"} {
		keys, err := s.keysUnder(store.Prefix(prefix))
		if err != nil {
			return n, err
		}
		for _, k := range keys {
			logged, err := s.backfillOne(prefix, k)
			if err != nil {
				return n, err
			}
			if logged {
				n++
			}
		}
	}
	return n, s.db.Update(func(x *store.Txn) error { return x.Set(metaKey(backfillFlag), []byte("1")) })
}

const backfillFlag = "changelog-backfilled"

func metaKey(name string) []byte { return store.Key("meta", name) }

func (s *Service) metaFlag(name string) (bool, error) {
	var has bool
	err := s.db.View(func(x *store.Txn) (err error) { has, err = x.Has(metaKey(name)); return })
	return has, err
}

func (s *Service) keysUnder(prefix []byte) ([][]byte, error) {
	var keys [][]byte
	err := s.db.View(func(x *store.Txn) error {
		return x.Scan(prefix, nil, false, false, func(k, _ []byte) (bool, error) {
			keys = append(keys, k)
			return true, nil
		})
	})
	return keys, err
}

// backfillOne logs the entity at key (rec/<uid>/<id> or folder/<uid>/<id>)
// unless it is deleted or already logged.
func (s *Service) backfillOne(prefix string, key []byte) (bool, error) {
	uid, id, ok := splitOwnerKey(key, prefix)
	if !ok {
		return false, nil
	}
	kind := changelog.Recording
	if prefix == "folder" {
		kind = changelog.Folder
	}
	logged := false
	err := s.db.Update(func(x *store.Txn) error {
		logged = false
		if v, err := changelog.Version(x, uid, kind, id); err != nil || v != 0 {
			return err
		}
		if kind == changelog.Recording {
			if _, live, err := StateIn(x, uid, id); err != nil || !live {
				return err
			}
		}
		logged = true
		_, err := changelog.Append(x, uid, kind, id, false, s.now())
		return err
	})
	return logged, err
}

func splitOwnerKey(key []byte, prefix string) (uid, id string, ok bool) {
	rest := string(key[len(prefix)+1:])
	for i := 0; i < len(rest); i++ {
		if rest[i] == '/' {
			return rest[:i], rest[i+1:], i > 0 && i < len(rest)-1
		}
	}
	return "", "", false
}
