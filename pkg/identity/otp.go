package identity

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// The sign-in code rules of the embedded provider.
const (
	CodeLength     = 6
	CodeTTL        = 600 * time.Second
	ResendInterval = 60 * time.Second
	MaxFailures    = 5
	LockDuration   = 15 * time.Minute
)

// Messages the app matches on (spec §8): keep their key words.
const (
	msgInvalidCode = "Invalid verification code"
	msgExpiredCode = "Verification code expired. Please request a new one."
	msgLocked      = "Too many failed attempts. Please try again in 15 minutes."
)

// otpState is what is kept per address: never the code itself, only its keyed hash.
type otpState struct {
	CodeHash    []byte    `json:"codeHash,omitempty"`
	ExpiresAt   time.Time `json:"expiresAt"`
	SentAt      time.Time `json:"sentAt"`
	Failures    int       `json:"failures"`
	LockedUntil time.Time `json:"lockedUntil"`
}

// OTP issues and checks e-mail sign-in codes.
type OTP struct {
	db     *store.DB
	pepper []byte // keys the code hash, so a copied database does not give codes away
	now    func() time.Time
}

// NewOTP returns the code service. pepper is a secret of at least 32 bytes.
func NewOTP(db *store.DB, pepper []byte, now func() time.Time) *OTP {
	if now == nil {
		now = time.Now
	}
	return &OTP{db: db, pepper: pepper, now: now}
}

// Deliver sends a freshly issued code to its address.
type Deliver func(ctx context.Context, email, code string) error

// Send issues a new code for email and hands it to deliver. When delivery fails
// the code is withdrawn, so the person may ask again at once.
func (o *OTP) Send(ctx context.Context, email string, deliver Deliver) (time.Duration, error) {
	code, err := newCode()
	if err != nil {
		return 0, err
	}
	var previous otpState
	err = o.db.Update(func(x *store.Txn) error {
		st, err := o.load(x, email)
		if err != nil {
			return err
		}
		previous = st
		now := o.now()
		if now.Before(st.LockedUntil) {
			return lockedError(st.LockedUntil.Sub(now))
		}
		if wait := st.SentAt.Add(ResendInterval).Sub(now); wait > 0 {
			secs := int(math.Ceil(wait.Seconds()))
			e := apperr.Newf(apperr.TooMany, "RESEND_TOO_SOON", "Please wait %d seconds before requesting a new code", secs)
			e.RetryAfter = wait
			return e
		}
		st.CodeHash, st.ExpiresAt, st.SentAt = o.hash(email, code), now.Add(CodeTTL), now
		return x.SetJSON(otpKey(email), st)
	})
	if err != nil {
		return 0, err
	}
	if err := deliver(ctx, email, code); err != nil {
		_ = o.db.Update(func(x *store.Txn) error { return x.SetJSON(otpKey(email), previous) })
		return 0, fmt.Errorf("identity: deliver code: %w", err)
	}
	return CodeTTL, nil
}

// Verify checks code for email. A right code is used up; wrong ones count towards
// the lock-out, which then refuses even the right code until it ends.
func (o *OTP) Verify(ctx context.Context, email, code string) error {
	if !isCode(code) {
		return apperr.New(apperr.Invalid, "INVALID_CODE", msgInvalidCode)
	}
	var result error
	err := o.db.Update(func(x *store.Txn) error {
		st, err := o.load(x, email)
		if err != nil {
			return err
		}
		now := o.now()
		result = o.check(&st, email, code, now)
		return x.SetJSON(otpKey(email), st)
	})
	if err != nil {
		return err
	}
	return result
}

// check applies one attempt to st and says how it went.
func (o *OTP) check(st *otpState, email, code string, now time.Time) error {
	if now.Before(st.LockedUntil) {
		return lockedError(st.LockedUntil.Sub(now))
	}
	if len(st.CodeHash) > 0 && hmac.Equal(st.CodeHash, o.hash(email, code)) {
		if now.After(st.ExpiresAt) {
			st.CodeHash = nil
			return apperr.New(apperr.Invalid, "CODE_EXPIRED", msgExpiredCode)
		}
		st.CodeHash, st.Failures, st.LockedUntil = nil, 0, time.Time{}
		return nil
	}
	st.Failures++
	if st.Failures >= MaxFailures {
		st.Failures, st.CodeHash, st.LockedUntil = 0, nil, now.Add(LockDuration)
		return lockedError(LockDuration)
	}
	if len(st.CodeHash) > 0 && now.After(st.ExpiresAt) {
		return apperr.New(apperr.Invalid, "CODE_EXPIRED", msgExpiredCode)
	}
	return apperr.New(apperr.Invalid, "INVALID_CODE", msgInvalidCode)
}

func (o *OTP) load(x *store.Txn, email string) (otpState, error) {
	var st otpState
	err := x.GetJSON(otpKey(email), &st)
	if errors.Is(err, store.ErrNotFound) {
		return otpState{}, nil
	}
	return st, err
}

func (o *OTP) hash(email, code string) []byte {
	m := hmac.New(sha256.New, o.pepper)
	m.Write([]byte(email + "\x00" + code))
	return m.Sum(nil)
}

func otpKey(email string) []byte { return store.Key("otp", email) }

func lockedError(left time.Duration) error {
	e := apperr.New(apperr.TooMany, "TOO_MANY_ATTEMPTS", msgLocked)
	e.RetryAfter = left
	return e
}

// newCode draws a uniformly random 6-digit code from the system CSPRNG.
func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("identity: random code: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

func isCode(s string) bool {
	if len(s) != CodeLength {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
