package auth

import (
	"fmt"
	"net/http"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/ratelimit"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Per-client limits on the sign-in endpoints, beside the per-address ones
// pkg/identity keeps (resend wait, lock-out after wrong codes). Without them
// one client could mail codes to every address, lock many people out by
// guessing wrong on purpose, or list which addresses have accounts.
var (
	sendCodeRate = ratelimit.Rate{Burst: 10, Every: 30 * time.Second} // 10 at once, then 2 a minute
	verifyRate   = ratelimit.Rate{Burst: 20, Every: 15 * time.Second} // room for typos, not for sweeps
	checkRate    = ratelimit.Rate{Burst: 20, Every: 3 * time.Second}  // the login screen asks once per address typed
)

type throttles struct {
	sendCode, verify, check *ratelimit.Limiter
}

func newThrottles(now func() time.Time) throttles {
	return throttles{
		sendCode: ratelimit.New(sendCodeRate, now),
		verify:   ratelimit.New(verifyRate, now),
		check:    ratelimit.New(checkRate, now),
	}
}

// perClient refuses a caller past its limit with 429 and Retry-After.
func perClient(l *ratelimit.Limiter, next httpx.Handler) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if ok, wait := l.Allow(httpx.ClientKey(r)); !ok {
			e := apperr.New(apperr.TooMany, "RATE_LIMITED", fmt.Sprintf("Too many attempts from this device. Please wait %d seconds and try again.", int(wait.Seconds())))
			e.RetryAfter = wait
			return e
		}
		return next(w, r)
	}
}
