package relaysync

import (
	"sync"
	"time"

	"github.com/pocket-companion/pocket/pkg/ratelimit"
)

// budget is each user's allowance of upstream requests for background work,
// and their back-off after the upstream failed or said 429.
//
// The bucket holds a fifth of the rate and refills with the rest over a
// minute, so no window of 60 s ever sees more than Rate requests (a bucket
// of the full rate would allow twice that across a minute's boundary), yet a
// refresh can list a few pages at once.
type budget struct {
	lim   *ratelimit.Limiter
	burst int
	now   func() time.Time

	mu       sync.Mutex
	until    map[string]time.Time // uid -> no requests before
	failures map[string]int
}

const (
	firstBackoff = time.Second
	maxBackoff   = 5 * time.Minute
)

func newBudget(perMinute int, now func() time.Time) *budget {
	burst := max(1, perMinute/5)
	refill := max(1, perMinute-burst)
	return &budget{
		lim:   ratelimit.New(ratelimit.Rate{Burst: burst, Every: time.Minute / time.Duration(refill)}, now),
		burst: burst,
		now:   now, until: map[string]time.Time{}, failures: map[string]int{},
	}
}

// take spends n requests of uid's at once (at most the bucket's size), or
// none: false when the budget is short or the user is backing off. A
// refresh pays for its whole listing up front, so refills trickling in one
// at a time are never spent on a listing that cannot finish.
func (b *budget) take(uid string, n int) bool {
	b.mu.Lock()
	blocked := b.now().Before(b.until[uid])
	b.mu.Unlock()
	if blocked {
		return false
	}
	ok, _ := b.lim.AllowN(uid, min(max(n, 1), b.burst))
	return ok
}

// failed backs uid off: for retryAfter when the upstream said so, else
// exponentially from a second to five minutes.
func (b *budget) failed(uid string, retryAfter time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.failures[uid]++
	wait := retryAfter
	if wait <= 0 {
		wait = firstBackoff << min(b.failures[uid]-1, 16)
		wait = min(wait, maxBackoff)
	}
	b.until[uid] = b.now().Add(wait)
}

// succeeded ends uid's back-off.
func (b *budget) succeeded(uid string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.failures, uid)
	delete(b.until, uid)
}
