package store

import (
	"bytes"
	"errors"
	"fmt"
	"time"
)

// CopyCursorKey marks a copy into this store that has not finished: the
// last key it copied, so the next run resumes after it.
var CopyCursorKey = Key("meta", "copy-cursor")

// copyBatch is how many keys one write of a copy holds.
const copyBatch = 500

// ErrNotEmpty is the answer to a copy into a store that holds data and no
// unfinished copy: a copy never mixes two stores' keys.
var ErrNotEmpty = errors.New("the target store already holds data (a copy is made into an empty one)")

// CopyAll copies every key of src into dst, in key order, each with what is
// left of its lifetime (keys whose lifetime ran out are left behind),
// copyBatch keys per transaction. Each batch records where it ended, so a
// copy that was stopped resumes there when run again; the mark goes once
// the copy is complete. report is told the count copied after each batch;
// an error from it stops the copy (to be resumed).
func CopyAll(src, dst *DB, report func(copied int) error) error {
	from, err := copyStart(dst)
	if err != nil {
		return err
	}
	copied := 0
	for {
		batch, err := readBatch(src, from)
		if err != nil {
			return err
		}
		if len(batch) == 0 {
			return dst.Update(func(x *Txn) error { return x.Delete(CopyCursorKey) })
		}
		if err := writeBatch(dst, batch); err != nil {
			return err
		}
		copied += len(batch)
		from = batch[len(batch)-1].key
		if err := report(copied); err != nil {
			return err
		}
	}
}

// copyStart is the key a copy resumes after (nil: from the start), or
// ErrNotEmpty.
func copyStart(dst *DB) (from []byte, err error) {
	err = dst.View(func(x *Txn) error {
		cursor, err := x.Get(CopyCursorKey)
		if err == nil {
			from = cursor
			return nil
		}
		if !errors.Is(err, ErrNotFound) {
			return err
		}
		return x.Scan(nil, nil, false, false, func([]byte, []byte) (bool, error) { return false, ErrNotEmpty })
	})
	return from, err
}

type copied struct {
	key, value []byte
	ttl        time.Duration // 0: none
}

// readBatch reads the next copyBatch keys after from (all when from is nil).
func readBatch(src *DB, from []byte) (batch []copied, err error) {
	now := time.Now().Unix()
	err = src.View(func(x *Txn) error {
		return x.Scan(nil, from, false, true, func(k, v []byte) (bool, error) {
			if from != nil && bytes.Equal(k, from) {
				return true, nil
			}
			exp, err := x.ExpiresAt(k)
			if err != nil {
				return false, fmt.Errorf("store: copy %q: %w", k, err)
			}
			ttl := time.Duration(0)
			if exp > 0 {
				left := int64(exp) - now //nolint:gosec // G115: Unix seconds
				if left <= 0 {
					return true, nil
				}
				ttl = time.Duration(left) * time.Second
			}
			batch = append(batch, copied{k, v, ttl})
			return len(batch) < copyBatch, nil
		})
	})
	return batch, err
}

func writeBatch(dst *DB, batch []copied) error {
	return dst.Update(func(x *Txn) error {
		for _, c := range batch {
			if err := x.t.set(c.key, c.value, c.ttl); err != nil {
				return err
			}
		}
		return x.Set(CopyCursorKey, batch[len(batch)-1].key)
	})
}
