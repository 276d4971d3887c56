package relaysync

import (
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/fakeclock"
)

// A caller asking every 100 ms for three minutes never gets more than the
// rate in any window of 60 s.
func TestBudget_NoMinuteExceedsTheRate(t *testing.T) {
	for _, rate := range []int{1, 6, 50, 120} {
		clock := fakeclock.New(time.Unix(1_000_000, 0))
		b := newBudget(rate, clock.Now)
		var granted []time.Time
		for range 1800 {
			if b.take("u", 1) {
				granted = append(granted, clock.Now())
			}
			clock.Advance(100 * time.Millisecond)
		}
		for i := range granted {
			n := 0
			for _, g := range granted[i:] {
				if g.Sub(granted[i]) < time.Minute {
					n++
				}
			}
			if n > rate {
				t.Fatalf("rate %d: %d requests in the minute from %v", rate, n, granted[i])
			}
		}
		// A fifth at once, the rest spread over each minute.
		burst := max(1, rate/5)
		if want := burst + 3*max(1, rate-burst) - 1; len(granted) < want {
			t.Fatalf("rate %d: only %d requests in three minutes", rate, len(granted))
		}
	}
}

func TestBudget_BacksOffAfterFailuresAndHonoursRetryAfter(t *testing.T) {
	clock := fakeclock.New(time.Unix(1_000_000, 0))
	b := newBudget(600, clock.Now)
	b.failed("u", 0)
	if b.take("u", 1) {
		t.Fatal("a request right after a failure")
	}
	clock.Advance(time.Second)
	if !b.take("u", 1) {
		t.Fatal("still backing off a second after one failure")
	}
	b.failed("u", 0)
	b.failed("u", 0) // the second in a row waits 2 s
	clock.Advance(1500 * time.Millisecond)
	if b.take("u", 1) {
		t.Fatal("the back-off did not grow")
	}
	b.failed("u", 30*time.Second) // Retry-After: 30
	clock.Advance(29 * time.Second)
	if b.take("u", 1) || !b.take("other", 1) {
		t.Fatal("Retry-After not honoured for its user only")
	}
	clock.Advance(time.Second)
	if !b.take("u", 1) {
		t.Fatal("still blocked after Retry-After")
	}
}
