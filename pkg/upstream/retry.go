package upstream

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/pocket-companion/pocket/pkg/retry"
)

// retryWait decides whether attempt i (1-based) of tries is followed by
// another, and after how long: only after a transport failure or a
// 502/503/504, never once the breaker refused, and never for a Retry-After
// longer than the client is willing to wait (the caller gets that answer).
func (c *Client) retryWait(i, tries int, resp *http.Response, err error) (time.Duration, bool) {
	if i >= tries {
		return 0, false
	}
	if err != nil {
		if c.BreakerOpen() || callerGaveUp(err) {
			return 0, false
		}
		return c.backoff(i), true
	}
	if !gatewayFailure(resp.StatusCode) {
		return 0, false
	}
	wait := c.backoff(i)
	if ra := retry.After(resp.Header.Get("Retry-After"), time.Now()); ra > 0 {
		if ra > c.opts.MaxRetryWait {
			return 0, false
		}
		wait = ra
	}
	return wait, true
}

// backoff doubles per attempt, capped, with equal jitter so that many relays
// retrying at once spread out.
func (c *Client) backoff(i int) time.Duration {
	d := min(c.opts.Backoff<<(i-1), c.opts.MaxRetryWait)
	return d/2 + rand.N(d/2+1) //nolint:gosec // G404: retry jitter needs spread, not secrecy
}

func sleep(ctx context.Context, d time.Duration) error { return retry.Sleep(ctx, d) }
