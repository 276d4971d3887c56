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
	// WrongCodeRate counts only wrong codes, across every address: 10 within
	// 15 minutes, then one more every 90 seconds. Two addresses' worth of
	// lock-outs, so one person can still lock their own address by the
	// spec's rule (5 wrong codes), and a client cycling through addresses
	// is stopped before it locks more than two.
	WrongCodeRate = ratelimit.Rate{Burst: 10, Every: 90 * time.Second}
)

// Limits holds one bucket per client for each limit. Safe for concurrent use.
type Limits struct {
	sendCode, verify, check, wrongCodes *ratelimit.Limiter
}

// New returns fresh limits; now defaults to time.Now.
func New(now func() time.Time) *Limits {
	return &Limits{
		sendCode:   ratelimit.New(SendCodeRate, now),
		verify:     ratelimit.New(VerifyRate, now),
		check:      ratelimit.New(CheckRate, now),
		wrongCodes: ratelimit.New(WrongCodeRate, now),
	}
}

// SendCode guards POST /api/v1/auth/email/send-otp.
func (l *Limits) SendCode(next httpx.Handler) httpx.Handler { return perClient(l.sendCode, next) }

// CheckEmail guards GET /api/v1/auth-email/check.
func (l *Limits) CheckEmail(next httpx.Handler) httpx.Handler { return perClient(l.check, next) }

// VerifyCode guards POST /api/v1/auth/email/verify-otp: a limit on checks,
// and one on wrong codes that refuses a client past it before its next
// guess can count towards any address's lock-out.
func (l *Limits) VerifyCode(next httpx.Handler) httpx.Handler {
	return perClient(l.verify, func(w http.ResponseWriter, r *http.Request) error {
		client := httpx.ClientKey(r)
		if ok, wait := l.wrongCodes.Peek(client); !ok {
			return refusal("Too many wrong codes from this device", wait)
		}
		sw := &statusWriter{ResponseWriter: w}
		err := next(sw, r)
		if wrongCode(err, sw.status) {
			l.wrongCodes.Charge(client)
		}
		return err
	})
}

// wrongCode tells a refused check (a wrong or expired code, a locked
// address) from one that passed or that the server could not make: by the
// embedded handler's error, or by the status a relayed upstream answered.
func wrongCode(err error, status int) bool {
	if err != nil {
		e, ok := apperr.As(err)
		return ok && (e.Kind == apperr.Invalid || e.Kind == apperr.TooMany)
	}
	return status == http.StatusBadRequest || status == http.StatusTooManyRequests
}

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

// statusWriter remembers the status written through it.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

// Unwrap lets http.ResponseController reach the connection (a relayed answer is flushed as it streams).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
