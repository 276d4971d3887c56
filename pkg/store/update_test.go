package store

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/tests/pgtest"
)

// increment is a read-modify-write of one counter: the shape of every write
// that can lose a race (a chat session's message count, a recording's views).
func increment(key []byte) func(*Txn) error {
	return func(x *Txn) error {
		var n int
		if err := x.GetJSON(key, &n); err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		return x.SetJSON(key, n+1)
	}
}

func TestUpdate_ConcurrentIncrementsOfOneKeyAllLand(t *testing.T) {
	db := openMemory(t)
	key := Key("counter")
	const writers, each = 8, 20
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				if err := db.Update(increment(key)); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("an increment failed: %v", err)
	}
	var n int
	mustView(t, db, func(x *Txn) error { return x.GetJSON(key, &n) })
	if n != writers*each {
		t.Fatalf("counter is %d after %d increments", n, writers*each)
	}
}

// Many writers of one key whose transactions take a while (an upload indexes
// its words before committing): the shape of every device of one user
// writing at once, since each write takes the next number of the user's
// change log. Every write must land; racing optimistically, most of them
// gave up after their re-runs and the server answered 500.
func TestUpdate_ManySlowWritersOfOneKeyAllLand(t *testing.T) {
	expectEverySlowIncrementLands(t, openMemory(t), 32, 10, 2*time.Millisecond)
}

// Under overload a re-run can wait longer for the lane than its bound (the
// soak found it: writes queued behind each other's exclusive re-runs for over
// 2 s, ran without the lane, conflicted 8 times and answered 500). A re-run
// that did not get the lane is not a re-run alone, so it does not use up the
// writer's tries.
func TestUpdate_WritersThatCannotGetTheLaneInTimeStillLand(t *testing.T) {
	db := openMemory(t)
	db.lane.wait = time.Millisecond // every exclusive wait times out, as under overload
	expectEverySlowIncrementLands(t, db, 16, 5, 3*time.Millisecond)
}

// expectEverySlowIncrementLands has writers goroutines each increment one
// counter each times, every transaction taking slow before it writes.
func expectEverySlowIncrementLands(t *testing.T, db *DB, writers, each int, slow time.Duration) {
	t.Helper()
	key := Key("chead", "u1")
	var wg sync.WaitGroup
	var failed atomic.Int64
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				if err := db.Update(func(x *Txn) error {
					time.Sleep(slow)
					return increment(key)(x)
				}); err != nil {
					failed.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	var n int
	mustView(t, db, func(x *Txn) error { return x.GetJSON(key, &n) })
	if failed.Load() > 0 || n != writers*each {
		t.Fatalf("%d writes failed; the counter is %d after %d writes", failed.Load(), n, writers*each)
	}
}

func TestUpdate_GivesUpAfterBoundedConflictsWithAWrappedError(t *testing.T) {
	db := openMemory(t)
	db.lane.wait = 10 * time.Millisecond // the nested write waits for the re-run's lane, then goes ahead
	key := Key("contested")
	attempts := 0
	err := db.Update(func(x *Txn) error {
		attempts++
		if _, err := x.Get(key); err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		// Another writer commits the key this transaction has read, so its own
		// commit always conflicts.
		if err := db.Update(func(y *Txn) error { return y.Set(key, []byte("theirs")) }); err != nil {
			return err
		}
		return x.Set(key, []byte("mine"))
	})
	if !errors.Is(err, errConflict) || !strings.Contains(err.Error(), "store: update kept conflicting") {
		t.Fatalf("err = %v, want a wrapped conflict", err)
	}
	// What a caller answers: try again shortly (503, Retry-After), not an internal error.
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.Unavailable || e.Code != "STORE_BUSY" || e.RetryAfter <= 0 {
		t.Fatalf("err = %v (%+v), want apperr Unavailable STORE_BUSY with a Retry-After", err, e)
	}
	want := conflictRetries
	if pgtest.Enabled() {
		want = sharedConflictRetries // other replicas race a re-run too
	}
	if attempts != want {
		t.Fatalf("ran %d times, want %d", attempts, want)
	}
	mustView(t, db, func(x *Txn) error {
		if v, _ := x.Get(key); string(v) != "theirs" {
			t.Fatalf("value %q: a conflicting transaction must not commit", v)
		}
		return nil
	})
}

func TestUpdate_OtherErrorsReturnAtOnceAndCommitNothing(t *testing.T) {
	db := openMemory(t)
	boom := errors.New("boom")
	attempts := 0
	err := db.Update(func(x *Txn) error {
		attempts++
		if err := x.Set(Key("half"), []byte("written")); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) || attempts != 1 {
		t.Fatalf("err %v after %d attempts, want boom after 1", err, attempts)
	}
	mustView(t, db, func(x *Txn) error {
		if ok, _ := x.Has(Key("half")); ok {
			t.Fatal("a failed transaction's write was committed")
		}
		return nil
	})
}
