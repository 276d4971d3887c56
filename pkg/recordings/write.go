package recordings

import (
	"errors"
	"fmt"

	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
)

func sumKey(uid, summarizationID string) []byte { return store.Key("sum", uid, summarizationID) }
func viewKey(uid, id string) []byte             { return store.Key("rview", uid, id) }

// put writes st with its list item, index keys, postings and summarization
// lookups, after removing everything old (the previous version, or nil) had.
// It runs inside the caller's transaction so readers see all or nothing.
func put(x *store.Txn, uid string, st, old *stored) error {
	return putWith(x, uid, st, old, writePostings)
}

// putWith is put with the postings filed by writeP.
func putWith(x *store.Txn, uid string, st, old *stored, writeP postingsWriter) error {
	// Counted before anything is written, so a first count is of the store
	// as it was, and each write below charges its own change.
	if _, err := quota.Load(x, uid); err != nil {
		return err
	}
	if old != nil {
		if err := unindex(x, uid, old); err != nil {
			return err
		}
	}
	if err := writeP(x, uid, st, st.indexPostings()); err != nil {
		return fmt.Errorf("recordings: postings %s: %w", st.ID, err)
	}
	if err := writeIndex(x, uid, st); err != nil {
		return fmt.Errorf("recordings: index %s: %w", st.ID, err)
	}
	for _, sid := range st.Book.SummaryIDs {
		if err := x.Set(sumKey(uid, sid), []byte(st.ID)); err != nil {
			return err
		}
	}
	if err := x.Set(itemKey(uid, st.ID), st.listItem()); err != nil {
		return err
	}
	if err := quota.Charge(x, uid, quota.Delta{Recordings: 1}); err != nil {
		return err
	}
	if err := putSyncState(x, uid, st); err != nil {
		return err
	}
	return writeRecord(x, uid, st)
}

// writeRecord stores the record itself (given fields and bookkeeping) and
// counts its size in the owner's usage while it is listed. Every record it
// replaces was listed (a soft-deleted one is only ever rewritten by
// DeleteIn, which lists it no more), so the old size is all counted.
func writeRecord(x *store.Txn, uid string, st *stored) error {
	b, err := st.encode()
	if err != nil {
		return fmt.Errorf("recordings: encode %s: %w", st.ID, err)
	}
	old, err := x.ValueSize(recKey(uid, st.ID))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	if err := x.Set(recKey(uid, st.ID), b); err != nil {
		return err
	}
	size := int64(len(b))
	if st.Book.DeletedAt != nil {
		size = 0
	}
	return quota.Charge(x, uid, quota.Delta{Bytes: size - old})
}

// unindex removes st from the list, search and summarization lookups; the
// record itself stays (soft delete keeps it).
func unindex(x *store.Txn, uid string, st *stored) error {
	if err := dropIndex(x, uid, st); err != nil {
		return err
	}
	if err := dropPostings(x, uid, st); err != nil {
		return err
	}
	for _, sid := range st.Book.SummaryIDs {
		// Only drop a lookup that still points here: ids are the provider's,
		// and another recording may have claimed the same one since.
		cur, err := x.Get(sumKey(uid, sid))
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		if string(cur) == st.ID {
			if err := x.Delete(sumKey(uid, sid)); err != nil {
				return err
			}
		}
	}
	if err := x.Delete(syncStateKey(uid, st.ID)); err != nil {
		return err
	}
	if err := x.Delete(itemKey(uid, st.ID)); err != nil {
		return err
	}
	return quota.Charge(x, uid, quota.Delta{Recordings: -1})
}

// deleteRecord removes the record itself, freeing its size from the owner's
// usage when it was still listed (a soft-deleted one was freed then).
func deleteRecord(x *store.Txn, uid string, st *stored) error {
	size, err := x.ValueSize(recKey(uid, st.ID))
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := x.Delete(recKey(uid, st.ID)); err != nil {
		return err
	}
	if st.Book.DeletedAt != nil {
		return nil
	}
	return quota.Charge(x, uid, quota.Delta{Bytes: -size})
}
