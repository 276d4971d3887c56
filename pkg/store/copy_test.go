package store

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// A copy stopped after its first batch resumes where it stopped, ends with
// the source's keys and lifetimes and no mark of its own, and a copy into a
// store that holds data is refused.
func TestCopyAll_ResumesAfterAStopAndRefusesAStoreWithData(t *testing.T) {
	src, dst := openMemory(t), openMemory(t)
	const n = copyBatch*2 + 7
	mustUpdate(t, src, func(x *Txn) error {
		for i := range n {
			if err := x.Set(Key("k", U64(uint64(i))), []byte(fmt.Sprint(i))); err != nil {
				return err
			}
		}
		return x.SetTTL(Key("t", "session"), []byte("s"), time.Hour)
	})
	stop := errors.New("stopped")
	err := CopyAll(src, dst, func(copied int) error {
		if copied != copyBatch {
			t.Errorf("first report %d, want %d", copied, copyBatch)
		}
		return stop
	})
	if !errors.Is(err, stop) {
		t.Fatalf("the stopped copy returned %v", err)
	}
	var total int
	if err := CopyAll(src, dst, func(copied int) error { total = copied; return nil }); err != nil {
		t.Fatal(err)
	}
	if total != n+1-copyBatch {
		t.Fatalf("the resumed copy copied %d keys, want the %d left", total, n+1-copyBatch)
	}
	mustView(t, dst, func(x *Txn) error {
		count := 0
		if err := x.Scan(Prefix("k"), nil, false, true, func(k, v []byte) (bool, error) {
			if want := fmt.Sprint(count); string(v) != want || string(k) != string(Key("k", U64(uint64(count)))) {
				t.Fatalf("key %d holds %q", count, v)
			}
			count++
			return true, nil
		}); err != nil {
			return err
		}
		exp, err := x.ExpiresAt(Key("t", "session"))
		if count != n || err != nil || exp < uint64(time.Now().Add(59*time.Minute).Unix()) {
			t.Fatalf("%d keys copied, the session expires at %d (%v)", count, exp, err)
		}
		if has, _ := x.Has(CopyCursorKey); has {
			t.Fatal("the copy's mark is left in the finished store")
		}
		return nil
	})
	if err := CopyAll(src, dst, func(int) error { return nil }); !errors.Is(err, ErrNotEmpty) {
		t.Fatalf("a copy into a store with data: %v, want ErrNotEmpty", err)
	}
}
