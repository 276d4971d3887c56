package store

import (
	"errors"
	"strings"
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

// A read transaction's reads all come from one snapshot, its first included:
// a write committed between them is not seen, though on PostgreSQL the
// transaction begins only with that first read.
func TestView_ReadsOneSnapshotFromItsFirstRead(t *testing.T) {
	db := openMemory(t)
	a, b := Key("t", "a"), Key("t", "b")
	write := func(value string) {
		mustUpdate(t, db, func(x *Txn) error {
			if err := x.Set(a, []byte(value)); err != nil {
				return err
			}
			return x.Set(b, []byte(value))
		})
	}
	write("old")
	var seen []string
	mustView(t, db, func(x *Txn) error {
		for i, key := range [][]byte{a, b, a} {
			v, err := x.Get(key)
			if err != nil {
				return err
			}
			seen = append(seen, string(v))
			if i == 0 {
				write("new") // commits while the view is open
			}
		}
		return nil
	})
	if got := strings.Join(seen, " "); got != "old old old" {
		t.Fatalf("the view read %q; want the snapshot of its first read, old old old", got)
	}
	mustView(t, db, func(x *Txn) error {
		v, err := x.Get(b)
		if err == nil && string(v) != "new" {
			t.Fatalf("a later view reads %q; want new", v)
		}
		return err
	})
}

// GetMany answers the keys that exist, an empty value among them, with the
// transaction's own writes and deletes, and leaves out the missing ones.
func TestTxn_GetManyReadsTheKeysThatExist(t *testing.T) {
	db := openMemory(t)
	a, b, empty, gone, never := Key("t", "a"), Key("t", "b"), Key("t", "empty"), Key("t", "gone"), Key("t", "never")
	mustUpdate(t, db, func(x *Txn) error {
		for _, k := range [][]byte{a, gone} {
			if err := x.Set(k, []byte("was")); err != nil {
				return err
			}
		}
		return x.Set(empty, []byte{})
	})
	mustUpdate(t, db, func(x *Txn) error {
		if err := x.Set(b, []byte("new")); err != nil {
			return err
		}
		if err := x.Delete(gone); err != nil {
			return err
		}
		got, err := x.GetMany([][]byte{a, b, empty, gone, never, a})
		if err != nil {
			return err
		}
		v, hasEmpty := got[string(empty)]
		if len(got) != 3 || string(got[string(a)]) != "was" || string(got[string(b)]) != "new" || !hasEmpty || len(v) != 0 {
			t.Fatalf("GetMany = %q; want a=was, b=new (written in this transaction), empty present and empty, nothing else", got)
		}
		none, err := x.GetMany(nil)
		if err != nil || len(none) != 0 {
			t.Fatalf("GetMany(nil) = %q %v; want nothing", none, err)
		}
		return nil
	})
}
