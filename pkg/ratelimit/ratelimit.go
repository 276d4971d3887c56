// Package ratelimit keeps one token bucket per key (a user, a share link, an
// e-mail address, a client address) on golang.org/x/time/rate, and says how
// long a refused caller should wait. Memory is bounded: beyond maxKeys,
// buckets that have refilled (idle callers) are forgotten, which loses nothing.
package ratelimit

import (
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rate is Burst calls at once, then one more every Every.
type Rate struct {
	Burst int
	Every time.Duration
}

const maxKeys = 10000

// Limiter is safe for concurrent use.
type Limiter struct {
	rate    Rate
	now     func() time.Time
	mu      sync.Mutex
	buckets map[string]*rate.Limiter
}

// New returns a limiter with rate r; now defaults to time.Now.
func New(r Rate, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{rate: r, now: now, buckets: map[string]*rate.Limiter{}}
}

// Allow takes a token for key, or says how long until one is available
// (rounded up to whole seconds, as a Retry-After header carries it).
func (l *Limiter) Allow(key string) (bool, time.Duration) { return l.AllowN(key, 1) }

// AllowN takes n tokens for key at once, or none (a task of n calls that
// must not stop half-way).
func (l *Limiter) AllowN(key string, n int) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	r := l.bucket(key, now).ReserveN(now, n)
	if !r.OK() {
		return false, l.rate.Every * time.Duration(n)
	}
	wait := r.DelayFrom(now)
	if wait == 0 {
		return true, 0
	}
	r.CancelAt(now) // a refused call spends nothing
	return false, time.Duration(math.Ceil(wait.Seconds())) * time.Second
}

// Peek says whether key has a token left, without taking it, or how long
// until it will have one: for a limit on outcomes (wrong codes), checked
// before the call and charged after it only if it counts.
func (l *Limiter) Peek(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[key]
	if b == nil {
		return true, 0
	}
	missing := 1 - b.TokensAt(now)
	if missing <= 0 {
		return true, 0
	}
	wait := time.Duration(missing * float64(l.rate.Every))
	return false, time.Duration(math.Ceil(wait.Seconds())) * time.Second
}

// Charge takes a token for key even when none is left (the bucket owes it):
// what it counts has already happened. Calls that passed Peek together are
// all charged, so the bucket can overdraw by the number of calls in flight.
func (l *Limiter) Charge(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	l.bucket(key, now).ReserveN(now, 1)
}

// bucket is key's bucket, made full on first use. l.mu is held.
func (l *Limiter) bucket(key string, now time.Time) *rate.Limiter {
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= maxKeys {
			l.forgetIdle(now)
		}
		b = rate.NewLimiter(rate.Every(l.rate.Every), l.rate.Burst)
		l.buckets[key] = b
	}
	return b
}

func (l *Limiter) forgetIdle(now time.Time) {
	for k, b := range l.buckets {
		if b.TokensAt(now) >= float64(l.rate.Burst) {
			delete(l.buckets, k)
		}
	}
}

// Keys is how many callers are remembered (for tests and metrics).
func (l *Limiter) Keys() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}
