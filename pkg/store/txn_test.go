package store

import (
	"errors"
	"testing"
	"time"
)

// A transaction reads what it wrote, before and after other writes and
// deletes of the same key, as Badger's transactions do (PostgreSQL sends
// the writes it holds before each read); a value handed out may be changed by the caller without changing the next
// read, and a key written with a TTL reads back with its expiry.
func TestTxn_ReadsItsOwnWritesSetsOverwritesAndDeletes(t *testing.T) {
	db := openMemory(t)
	k, gone, brief := Key("t", "k"), Key("t", "gone"), Key("t", "brief")
	mustUpdate(t, db, func(x *Txn) error { return x.Set(gone, []byte("before")) })
	want := func(x *Txn, key []byte, value string) {
		t.Helper()
		v, err := x.Get(key)
		if value == "" {
			if !errors.Is(err, ErrNotFound) {
				t.Fatalf("%s = %q %v; want not found", key, v, err)
			}
			return
		}
		if err != nil || string(v) != value {
			t.Fatalf("%s = %q %v; want %q", key, v, err, value)
		}
	}
	mustUpdate(t, db, func(x *Txn) error {
		want(x, k, "")
		if err := x.Set(k, []byte("one")); err != nil {
			return err
		}
		want(x, k, "one")
		v, _ := x.Get(k)
		v[0] = 'X' // the caller's copy
		want(x, k, "one")
		if err := x.Set(k, []byte("two")); err != nil {
			return err
		}
		want(x, k, "two")
		if err := x.Delete(gone); err != nil {
			return err
		}
		want(x, gone, "")
		if err := x.Set(gone, []byte("again")); err != nil {
			return err
		}
		want(x, gone, "again")
		if err := x.Delete(k); err != nil {
			return err
		}
		want(x, k, "")
		if err := x.SetTTL(brief, []byte("soon"), time.Hour); err != nil {
			return err
		}
		want(x, brief, "soon")
		at, err := x.ExpiresAt(brief)
		if err != nil || at < uint64(time.Now().Add(59*time.Minute).Unix()) {
			t.Fatalf("expires at %d %v; want about an hour ahead", at, err)
		}
		return nil
	})
	mustView(t, db, func(x *Txn) error {
		want(x, k, "")
		want(x, gone, "again")
		want(x, brief, "soon")
		return nil
	})
}
