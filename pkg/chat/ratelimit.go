package chat

import (
	"math"
	"sync"
	"time"
)

// Rate is a token bucket: Burst sends at once, then one more every Every.
type Rate struct {
	Burst int
	Every time.Duration
}

// Limits are the send limits: per signed-in user and per share link (all of
// a link's visitors together, since a link can be passed around).
type Limits struct {
	Owner   Rate
	Visitor Rate
}

func (l Limits) withDefaults() Limits {
	if l.Owner.Burst <= 0 || l.Owner.Every <= 0 {
		l.Owner = Rate{Burst: 10, Every: 6 * time.Second} // 10 at once, 10 a minute sustained
	}
	if l.Visitor.Burst <= 0 || l.Visitor.Every <= 0 {
		l.Visitor = Rate{Burst: 6, Every: 10 * time.Second}
	}
	return l
}

// maxBuckets bounds memory: beyond it, buckets that have refilled (idle
// callers) are forgotten, which loses nothing.
const maxBuckets = 10000

// Limiter keeps one token bucket per key. It is safe for concurrent use.
type Limiter struct {
	rate    Rate
	now     func() time.Time
	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// NewLimiter returns a limiter with rate r.
func NewLimiter(r Rate, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{rate: r, now: now, buckets: map[string]*bucket{}}
}

// Allow takes a token for key, or says how long until one is available.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[key]
	if b == nil {
		if len(l.buckets) >= maxBuckets {
			l.forgetIdle(now)
		}
		b = &bucket{tokens: float64(l.rate.Burst), at: now}
		l.buckets[key] = b
	}
	b.tokens = l.refilled(b, now)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) * float64(l.rate.Every))
	return false, time.Duration(math.Ceil(float64(wait)/float64(time.Second))) * time.Second
}

func (l *Limiter) refilled(b *bucket, now time.Time) float64 {
	gained := float64(now.Sub(b.at)) / float64(l.rate.Every)
	return math.Min(float64(l.rate.Burst), b.tokens+gained)
}

func (l *Limiter) forgetIdle(now time.Time) {
	for k, b := range l.buckets {
		if l.refilled(b, now) >= float64(l.rate.Burst) {
			delete(l.buckets, k)
		}
	}
}
