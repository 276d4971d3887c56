// Package fakeclock is a time source for tests: every reading is a distinct
// instant one millisecond after the last, like a real clock that never
// stands still, and tests can move it forward.
package fakeclock

import (
	"sync"
	"time"
)

// Clock is safe for concurrent use.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// New starts a clock at start.
func New(start time.Time) *Clock { return &Clock{t: start} }

// Now returns the next instant.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Millisecond)
	return c.t
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}
