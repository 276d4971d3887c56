package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dgraph-io/badger/v4"
)

type note struct {
	Text string `json:"text"`
}

func TestOpen_ReopenReadsBackWhatWasWrittenAndTTLEntriesExpire(t *testing.T) {
	dir := t.TempDir()
	db := openDisk(t, dir)
	mustUpdate(t, db, func(x *Txn) error {
		if err := x.SetJSON(Key("note", "plain"), note{"kept"}); err != nil {
			return err
		}
		if err := x.Set(Key("raw"), []byte{0, 1, 2}); err != nil {
			return err
		}
		if err := x.SetJSONTTL(Key("note", "hour"), note{"an hour"}, time.Hour); err != nil {
			return err
		}
		return x.SetJSONTTL(Key("note", "brief"), note{"a second"}, time.Second)
	})
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	db = openDisk(t, dir)
	mustView(t, db, func(x *Txn) error {
		for key, want := range map[string]string{"note/plain": "kept", "note/hour": "an hour"} {
			var n note
			if err := x.GetJSON([]byte(key), &n); err != nil || n.Text != want {
				t.Errorf("%s after reopen: %+v, %v", key, n, err)
			}
		}
		if raw, err := x.Get(Key("raw")); err != nil || !bytes.Equal(raw, []byte{0, 1, 2}) {
			t.Errorf("raw after reopen: %v, %v", raw, err)
		}
		return nil
	})

	// Badger keeps expiry in whole seconds, so the one-second entry is gone
	// within two; nobody reads or deletes it in between.
	deadline := time.Now().Add(5 * time.Second)
	for {
		var found bool
		mustView(t, db, func(x *Txn) error { var err error; found, err = x.Has(Key("note", "brief")); return err })
		if !found {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a one-second TTL entry is still there after 5 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	mustView(t, db, func(x *Txn) error {
		if err := x.GetJSON(Key("note", "brief"), &note{}); !errors.Is(err, ErrNotFound) {
			t.Errorf("expired entry: %v, want ErrNotFound", err)
		}
		if ok, err := x.Has(Key("note", "hour")); !ok || err != nil {
			t.Errorf("the hour-long entry went early: %v, %v", ok, err)
		}
		return nil
	})
}

func TestTxn_MissingKeysAndDeletes(t *testing.T) {
	db := openMemory(t)
	mustUpdate(t, db, func(x *Txn) error { return x.Set(Key("k"), []byte("v")) })
	mustUpdate(t, db, func(x *Txn) error {
		if err := x.Delete(Key("never-written")); err != nil {
			t.Errorf("deleting a missing key: %v", err)
		}
		return x.Delete(Key("k"))
	})
	mustView(t, db, func(x *Txn) error {
		if _, err := x.Get(Key("k")); !errors.Is(err, ErrNotFound) {
			t.Errorf("Get after delete: %v", err)
		}
		if ok, err := x.Has(Key("k")); ok || err != nil {
			t.Errorf("Has after delete: %v, %v", ok, err)
		}
		return nil
	})
}

// Value-log GC only reclaims files whose dead share Badger has counted during
// LSM compactions, so this DB is tuned small (tiny memtable and tables, values
// of 4 KiB in 1 MiB value-log files) and compacted by a reopen and a Flatten.
// The production options keep values below 1 MiB in the LSM tree, where GC
// has nothing to do; what is tested here is that CollectGarbage runs Badger's
// GC until it finds nothing left and that the live data survives it.
func TestCollectGarbage_ShrinksTheValueLogAndKeepsLiveData(t *testing.T) {
	dir := t.TempDir()
	db := openTuned(t, dir)
	const keys, rounds, kept = 500, 6, 100
	value := func(round, i int) []byte { return bytes.Repeat([]byte{byte('a' + round), byte(i)}, 2<<10) }
	for round := 0; round < rounds; round++ {
		for i := 0; i < keys; i++ {
			mustUpdate(t, db, func(x *Txn) error { return x.Set(Key("blob", fmt.Sprint(i)), value(round, i)) })
		}
	}
	for i := kept; i < keys; i++ {
		mustUpdate(t, db, func(x *Txn) error { return x.Delete(Key("blob", fmt.Sprint(i))) })
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db = openTuned(t, dir)
	if err := db.eng.(*badgerEngine).bdb.Flatten(1); err != nil {
		t.Fatal(err)
	}

	before := valueLogBytes(t, dir)
	db.CollectGarbage()
	after := valueLogBytes(t, dir)
	if after >= before {
		t.Fatalf("value log %d bytes before GC and %d after; five sixths of it is dead", before, after)
	}
	mustView(t, db, func(x *Txn) error {
		for i := 0; i < keys; i++ {
			got, err := x.Get(Key("blob", fmt.Sprint(i)))
			switch {
			case i < kept && (err != nil || !bytes.Equal(got, value(rounds-1, i))):
				t.Fatalf("blob %d after GC: %d bytes, %v", i, len(got), err)
			case i >= kept && !errors.Is(err, ErrNotFound):
				t.Fatalf("deleted blob %d is back after GC: %v", i, err)
			}
		}
		return nil
	})
}

func openDisk(t *testing.T, dir string) *DB {
	t.Helper()
	db, err := Open(Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func openTuned(t *testing.T, dir string) *DB {
	t.Helper()
	opts := badger.DefaultOptions(dir).
		WithLogger(nil).
		WithNumVersionsToKeep(1).
		WithValueThreshold(1 << 10).
		WithValueLogFileSize(1 << 20).
		WithMemTableSize(64 << 10).
		WithBaseTableSize(128 << 10).
		WithBaseLevelSize(512 << 10).
		WithNumLevelZeroTables(1).
		WithNumLevelZeroTablesStall(2)
	bdb, err := badger.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	db := &DB{eng: &badgerEngine{bdb: bdb}, lane: newWriteLane(), retries: conflictRetries}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func valueLogBytes(t *testing.T, dir string) int64 {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.vlog"))
	if err != nil || len(files) == 0 {
		t.Fatalf("value-log files in %s: %v, %v", dir, files, err)
	}
	var n int64
	for _, f := range files {
		info, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		n += info.Size()
	}
	return n
}
