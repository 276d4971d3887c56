package store

import (
	"errors"
	"fmt"
	"syscall"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// A nearly full disk refuses writes with StorageFull before Badger touches
// its memory-mapped log (where a full disk is a SIGBUS, not an error); reads
// go on, and the write succeeds once space is back.
func TestUpdate_RefusesWritesWhileTheDiskIsNearlyFull(t *testing.T) {
	db, err := Open(Options{Dir: t.TempDir(), MinFreeBytes: 100})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(func(x *Txn) error { return x.Set([]byte("k/1"), []byte("kept")) }); err != nil {
		t.Fatal(err)
	}
	free := uint64(99)
	db.space.free = func(string) (uint64, error) { return free, nil }

	ran := false
	err = db.Update(func(x *Txn) error { ran = true; return x.Set([]byte("k/2"), []byte("new")) })
	if !apperr.Is(err, apperr.StorageFull) || ran {
		t.Fatalf("write on a full disk: err %v, ran %v; want StorageFull without running", err, ran)
	}
	if err := db.View(func(x *Txn) error {
		v, err := x.Get([]byte("k/1"))
		if err == nil && string(v) != "kept" {
			err = fmt.Errorf("k/1 = %q", v)
		}
		return err
	}); err != nil {
		t.Fatalf("read on a full disk: %v", err)
	}

	free = 100
	if err := db.Update(func(x *Txn) error { return x.Set([]byte("k/2"), []byte("new")) }); err != nil {
		t.Fatalf("write once space is back: %v", err)
	}
}

// A write Badger itself could not make for lack of space says so too.
func TestStorageError_NamesENOSPC(t *testing.T) {
	err := storageError(fmt.Errorf("write vlog: %w", syscall.ENOSPC))
	if !apperr.Is(err, apperr.StorageFull) || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("ENOSPC became %v", err)
	}
	if other := errors.New("other"); storageError(other) != other { //nolint:errorlint // identity: the error must come back as it was, not wrapped
		t.Fatal("other failures must pass through")
	}
}
