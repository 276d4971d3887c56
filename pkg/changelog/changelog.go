// Package changelog is each user's log of changes to their library, the
// source of incremental sync. Every write to a recording or folder appends,
// inside the writer's own transaction, one entry naming what changed; a
// device pulls the entries after its cursor and reads the entities' current
// state.
//
// The log keeps one entry per entity: appending for an entity removes its
// previous entry, so a pull from the start returns each live entity once, and
// a library edited a thousand times is no longer to pull than one edited
// once. Deletions stay as tombstones for at least Retention; Prune then drops
// them and raises the user's floor, and a cursor below the floor is told to
// resync (it might have missed a deletion).
//
// Keys (see pkg/store):
//
//	chead/<uid>                    -> head: last sequence number and the log's epoch
//	clog/<uid>/<seq>               -> entry (kind, id, deleted, when)
//	clast/<uid>/<kind>/<id>        -> seq of the entity's entry
//	ctomb/<deletedAt ms>/<uid>/<seq> -> nothing: tombstones in the order they expire
//	cfloor/<uid>                   -> seq: entries at or below it may have been pruned
//
// Sequence numbers come from one counter per user read and written in the
// appending transaction, so two writers of one user conflict and one is
// re-run: numbers are handed out in commit order and a reader never sees
// seq n+1 committed before seq n.
package changelog

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/pocket-companion/pocket/pkg/ids"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Retention is how long tombstones are kept at least.
const Retention = 30 * 24 * time.Hour

// Kind names what an entry is about.
type Kind string

// The kinds of entity that sync.
const (
	Recording Kind = "recording"
	Folder    Kind = "folder"
	// Highlight is a marked passage of a recording (pkg/highlights).
	Highlight Kind = "highlight"
	// Template is one of the user's own summary templates (pkg/templates).
	Template Kind = "template"
)

// Entry is one change: the entity's latest write.
type Entry struct {
	Seq     uint64 `json:"-"`
	Kind    Kind   `json:"k"`
	ID      string `json:"id"`
	Deleted bool   `json:"d,omitempty"`
	At      int64  `json:"at"` // Unix milliseconds of the write
}

type head struct {
	Seq   uint64 `json:"seq"`
	Epoch string `json:"epoch"`
}

func headKey(uid string) []byte            { return store.Key("chead", uid) }
func logKey(uid string, seq uint64) []byte { return store.Key("clog", uid, store.U64(seq)) }
func logPrefix(uid string) []byte          { return store.Prefix("clog", uid) }
func lastKey(uid string, k Kind, id string) []byte {
	return store.Key("clast", uid, string(k), id)
}
func tombKey(at int64, uid string, seq uint64) []byte {
	return store.Key("ctomb", store.I64(at), uid, store.U64(seq))
}
func floorKey(uid string) []byte { return store.Key("cfloor", uid) }

// Append records that the entity changed (or was deleted) at `at`, and
// returns its new sequence number. It must run in the transaction that made
// the change, so the log and the data never disagree.
func Append(x *store.Txn, uid string, kind Kind, id string, deleted bool, at time.Time) (uint64, error) {
	h, err := readHead(x, uid)
	if err != nil {
		return 0, err
	}
	if h.Epoch == "" {
		h.Epoch = ids.UUID()
	}
	h.Seq++
	if err := dropPrevious(x, uid, kind, id); err != nil {
		return 0, err
	}
	e := Entry{Kind: kind, ID: id, Deleted: deleted, At: at.UnixMilli()}
	if err := x.SetJSON(logKey(uid, h.Seq), e); err != nil {
		return 0, err
	}
	if err := x.Set(lastKey(uid, kind, id), u64(h.Seq)); err != nil {
		return 0, err
	}
	if deleted {
		if err := x.Set(tombKey(e.At, uid, h.Seq), nil); err != nil {
			return 0, err
		}
	}
	if err := x.SetJSON(headKey(uid), h); err != nil {
		return 0, err
	}
	return h.Seq, nil
}

// dropPrevious removes the entity's older entry (and its expiry index).
func dropPrevious(x *store.Txn, uid string, kind Kind, id string) error {
	b, err := x.Get(lastKey(uid, kind, id))
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	seq := binary.BigEndian.Uint64(b)
	var old Entry
	switch err := x.GetJSON(logKey(uid, seq), &old); {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil:
		return fmt.Errorf("changelog: read entry %d: %w", seq, err)
	}
	if old.Deleted {
		if err := x.Delete(tombKey(old.At, uid, seq)); err != nil {
			return err
		}
	}
	return x.Delete(logKey(uid, seq))
}

// Version is the sequence number of the entity's latest entry (0: none).
func Version(x *store.Txn, uid string, kind Kind, id string) (uint64, error) {
	b, err := x.Get(lastKey(uid, kind, id))
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return binary.BigEndian.Uint64(b), nil
}

func readHead(x *store.Txn, uid string) (head, error) {
	var h head
	err := x.GetJSON(headKey(uid), &h)
	if errors.Is(err, store.ErrNotFound) {
		return head{}, nil
	}
	if err != nil {
		return head{}, fmt.Errorf("changelog: read head of %s: %w", uid, err)
	}
	return h, nil
}

func u64(n uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], n)
	return b[:]
}

func decodeEntry(key, value []byte) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(value, &e); err != nil {
		return e, fmt.Errorf("changelog: decode entry: %w", err)
	}
	e.Seq = binary.BigEndian.Uint64(key[len(key)-8:])
	return e, nil
}
