package changelog

import (
	"bytes"
	"encoding/binary"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// pruneBatch bounds the tombstones dropped per transaction (Badger limits a
// transaction's size).
const pruneBatch = 500

// Prune drops tombstones written before `before` (callers pass now minus at
// least Retention) and raises each affected user's floor to the dropped
// sequence number, so a device that last pulled before it resyncs. It returns
// how many it dropped.
func Prune(db *store.DB, before time.Time) (int, error) {
	total := 0
	for {
		n, err := pruneSome(db, before.UnixMilli())
		total += n
		if err != nil || n < pruneBatch {
			return total, err
		}
	}
}

func pruneSome(db *store.DB, cutoff int64) (int, error) {
	n := 0
	err := db.Update(func(x *store.Txn) error {
		n = 0
		var keys [][]byte
		end := store.Key("ctomb", store.I64(cutoff))
		err := x.Scan(store.Prefix("ctomb"), nil, false, false, func(k, _ []byte) (bool, error) {
			if bytes.Compare(k, end) >= 0 || len(keys) == pruneBatch {
				return false, nil
			}
			keys = append(keys, k)
			return true, nil
		})
		if err != nil {
			return err
		}
		for _, k := range keys {
			if err := dropTombstone(x, k); err != nil {
				return err
			}
		}
		n = len(keys)
		return nil
	})
	return n, err
}

// dropTombstone removes the entry an expiry key points at. The key is
// ctomb/<8 bytes at>/<uid>/<8 bytes seq>.
func dropTombstone(x *store.Txn, key []byte) error {
	rest := key[len("ctomb/")+8+1:]
	uid := string(rest[:len(rest)-9])
	seq := binary.BigEndian.Uint64(rest[len(rest)-8:])
	var e Entry
	if err := x.GetJSON(logKey(uid, seq), &e); err == nil {
		if err := x.Delete(lastKey(uid, e.Kind, e.ID)); err != nil {
			return err
		}
	}
	if err := x.Delete(logKey(uid, seq)); err != nil {
		return err
	}
	floor, err := readFloor(x, uid)
	if err != nil {
		return err
	}
	if seq > floor {
		if err := x.Set(floorKey(uid), u64(seq)); err != nil {
			return err
		}
	}
	return x.Delete(key)
}
