// Package signinlimit is the per-client limits on e-mail sign-in, applied
// alike by the embedded provider (server/auth) and by a relay in front of
// one (server/relay), so a relay neither lifts them nor makes its users
// share one allowance. They sit beside the per-address rules pkg/identity
// keeps (the resend wait; five wrong codes lock an address for 15 minutes).
// Without them one client could mail codes to every address, keep many
// people locked out by guessing wrong on purpose, or list which addresses
// have accounts. Clients are told apart by httpx.ClientKey.
package signinlimit

import (
	"fmt"
	"net/http"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/ratelimit"
	"github.com/pocket-companion/pocket/server/httpx"
)

// The limits, per client address.
var (
	SendCodeRate = ratelimit.Rate{Burst: 10, Every: 30 * time.Second} // 10 at once, then 2 a minute
	VerifyRate   = ratelimit.Rate{Burst: 20, Every: 15 * time.Second} // room for typos, not for sweeps
	CheckRate    = ratelimit.Rate{Burst: 20, Every: 3 * time.Second}  // the login screen asks once per address typed
)

// Limits holds one bucket per client for each limit. Safe for concurrent use.
type Limits struct {
	sendCode, verify, check *ratelimit.Limiter
}

// New returns fresh limits; now defaults to time.Now.
func New(now func() time.Time) *Limits {
	return &Limits{
		sendCode: ratelimit.New(SendCodeRate, now),
		verify:   ratelimit.New(VerifyRate, now),
		check:    ratelimit.New(CheckRate, now),
	}
}

// SendCode guards POST /api/v1/auth/email/send-otp.
func (l *Limits) SendCode(next httpx.Handler) httpx.Handler { return perClient(l.sendCode, next) }

// CheckEmail guards GET /api/v1/auth-email/check.
func (l *Limits) CheckEmail(next httpx.Handler) httpx.Handler { return perClient(l.check, next) }

// VerifyCode guards POST /api/v1/auth/email/verify-otp.
func (l *Limits) VerifyCode(next httpx.Handler) httpx.Handler { return perClient(l.verify, next) }

// perClient refuses a caller past its limit with 429 and Retry-After.
func perClient(l *ratelimit.Limiter, next httpx.Handler) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if ok, wait := l.Allow(httpx.ClientKey(r)); !ok {
			return refusal("Too many attempts from this device", wait)
		}
		return next(w, r)
	}
}

func refusal(what string, wait time.Duration) error {
	e := apperr.New(apperr.TooMany, "RATE_LIMITED", fmt.Sprintf("%s. Please wait %d seconds and try again.", what, int(wait.Seconds())))
	e.RetryAfter = wait
	return e
}
