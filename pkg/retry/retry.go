// Package retry holds what the server's outgoing HTTP clients (the model
// server, push services) share when they wait to try again: reading a
// Retry-After header, and a wait that ends early when its context does.
package retry

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// After reads a Retry-After value, seconds or an HTTP date (RFC 9110
// §10.2.3), as a wait from now; 0 when absent, malformed or past.
func After(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	if secs, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return 0
}

// Sleep waits d, or less when ctx ends first (then it answers ctx's error).
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
