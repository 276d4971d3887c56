package jobs

import (
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// clock is a time the test moves.
type clock struct {
	mu sync.Mutex
	at time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.at }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.at = c.at.Add(d)
	c.mu.Unlock()
}

// twoWorkers are two replicas' views of one kind of job on one store.
func twoWorkers(t *testing.T) (a, b *Queue, c *clock) {
	db := storetest.Open(t)
	c = &clock{at: time.Unix(1_800_000_000, 0)}
	a, b = New(db, "summary", "a", 30*time.Second), New(db, "summary", "b", 30*time.Second)
	a.now, b.now = c.now, c.now
	return a, b, c
}

func due(t *testing.T, q *Queue) []string {
	t.Helper()
	var ids []string
	if err := q.Due(func(id string) bool { ids = append(ids, id); return true }); err != nil {
		t.Fatal(err)
	}
	return ids
}

func TestQueue_AJobIsOneWorkersUntilItsLeaseRunsOut(t *testing.T) {
	a, b, c := twoWorkers(t)
	if err := a.Add("u1/r1"); err != nil {
		t.Fatal(err)
	}
	if got := due(t, b); !slices.Equal(got, []string{"u1/r1"}) {
		t.Fatalf("due before anyone took it: %v", got)
	}
	if taken, tries, err := a.Take("u1/r1"); !taken || tries != 1 || err != nil {
		t.Fatalf("a takes a new job: %v, try %d, %v", taken, tries, err)
	}
	if taken, _, _ := b.Take("u1/r1"); taken {
		t.Fatal("b took a job a holds")
	}
	if got := due(t, b); len(got) != 0 {
		t.Fatalf("a held job is due: %v", got)
	}
	c.add(20 * time.Second)
	if kept, _ := a.Keep("u1/r1"); !kept {
		t.Fatal("a could not keep its job")
	}
	c.add(20 * time.Second) // 40 s after taking it, 20 s after keeping it
	if taken, _, _ := b.Take("u1/r1"); taken {
		t.Fatal("b took a job whose kept lease has not run out")
	}
	c.add(11 * time.Second) // a died: its lease runs out
	if got := due(t, b); !slices.Equal(got, []string{"u1/r1"}) {
		t.Fatalf("due after the lease ran out: %v", got)
	}
	if taken, tries, _ := b.Take("u1/r1"); !taken || tries != 2 {
		t.Fatal("b could not take over a job whose lease ran out")
	}
	if kept, _ := a.Keep("u1/r1"); kept {
		t.Fatal("a kept a job b took over")
	}
}

// Only the worker that holds a job may write its result: the other's
// transaction fails and writes nothing.
func TestQueue_FinishIsFencedByTheLease(t *testing.T) {
	a, b, c := twoWorkers(t)
	_ = a.Add("r1")
	_, _, _ = a.Take("r1")
	c.add(31 * time.Second)
	_, _, _ = b.Take("r1")
	result := store.Key("result", "r1")
	write := func(q *Queue, value string) error {
		return q.db.Update(func(x *store.Txn) error {
			if err := q.FinishIn(x, "r1"); err != nil {
				return err
			}
			return x.Set(result, []byte(value))
		})
	}
	if err := write(a, "a's"); !errors.Is(err, ErrLost) {
		t.Fatalf("a finishing a job taken over: %v, want ErrLost", err)
	}
	if err := write(b, "b's"); err != nil {
		t.Fatal(err)
	}
	if err := write(b, "again"); !errors.Is(err, ErrLost) {
		t.Fatalf("finishing a finished job: %v, want ErrLost", err)
	}
	_ = a.db.View(func(x *store.Txn) error {
		if v, _ := x.Get(result); string(v) != "b's" {
			t.Fatalf("result %q, want b's alone", v)
		}
		return nil
	})
	if got := due(t, a); len(got) != 0 {
		t.Fatalf("a finished job is due: %v", got)
	}
}

// Workers racing for the same jobs: each job is taken by exactly one.
func TestQueue_RacingWorkersTakeEachJobOnce(t *testing.T) {
	db := storetest.Open(t)
	const jobs, workers = 40, 4
	for i := range jobs {
		if err := New(db, "k", "", time.Minute).Add(string(rune('A' + i))); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	takenBy := map[string]int{}
	var wg sync.WaitGroup
	for w := range workers {
		q := New(db, "k", string(rune('a'+w)), time.Minute)
		wg.Go(func() {
			_ = q.Due(func(id string) bool {
				if ok, _, err := q.Take(id); ok && err == nil {
					mu.Lock()
					takenBy[id]++
					mu.Unlock()
				}
				return true
			})
		})
	}
	wg.Wait()
	for id, n := range takenBy {
		if n != 1 {
			t.Errorf("job %s taken %d times", id, n)
		}
	}
	if len(takenBy) != jobs {
		t.Fatalf("%d of %d jobs taken", len(takenBy), jobs)
	}
}
