// Package tokencache remembers bearer tokens already verified, so a token is
// checked (parsed, its signature verified) once rather than on every request.
// Tokens are kept by their SHA-256 hash, never in clear, each until its own
// expiry, in a least-recently-used set of bounded size.
package tokencache

import (
	"crypto/sha256"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
)

// DefaultSize bounds the tokens remembered when New is given no size.
const DefaultSize = 10000

// Cache maps verified tokens to what they say (T) until they expire.
type Cache[T any] struct {
	entries *lru.Cache[[sha256.Size]byte, entry[T]]
	now     func() time.Time
}

type entry[T any] struct {
	value     T
	expiresAt time.Time
}

// New makes a cache of at most size tokens (DefaultSize when size <= 0);
// now is the clock expiries are read against (time.Now when nil).
func New[T any](size int, now func() time.Time) *Cache[T] {
	if size <= 0 {
		size = DefaultSize
	}
	if now == nil {
		now = time.Now
	}
	entries, err := lru.New[[sha256.Size]byte, entry[T]](size)
	if err != nil {
		panic(err) // only for a size <= 0, ruled out above
	}
	return &Cache[T]{entries: entries, now: now}
}

// Get returns what token was verified as. found is false for a token never
// seen (or forgotten); expired is true for one seen but past its expiry,
// which is forgotten here.
func (c *Cache[T]) Get(token string) (value T, found, expired bool) {
	key := sha256.Sum256([]byte(token))
	e, ok := c.entries.Get(key)
	if !ok {
		return value, false, false
	}
	if !c.now().Before(e.expiresAt) {
		c.entries.Remove(key)
		return value, true, true
	}
	return e.value, true, false
}

// Add remembers a verified token until expiresAt.
func (c *Cache[T]) Add(token string, value T, expiresAt time.Time) {
	c.entries.Add(sha256.Sum256([]byte(token)), entry[T]{value: value, expiresAt: expiresAt})
}

// Len is how many tokens are remembered.
func (c *Cache[T]) Len() int { return c.entries.Len() }
