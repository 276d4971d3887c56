// Package accesstoken keeps personal access tokens: long-lived credentials a
// signed-in user makes for scripts, each limited to a few scopes, shown once
// and stored only as a hash.
//
// A token is "pkt_" and 32 bytes from crypto/rand (256 bits, base64url). It
// is stored as its SHA-256 and looked up by it. A plain hash is enough here,
// unlike for passwords: a slow hash (argon2, bcrypt) protects guessable
// secrets from a stolen database, but nobody can enumerate 2^256 tokens
// however fast each guess is, and a fast hash keeps the check on every
// request one digest and one read (GitHub's and Stripe's tokens are kept
// the same way).
package accesstoken

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// Prefix starts every token, so a token found in a log or a repository says
// what it is, and the server tells it from an ID token without parsing it.
const Prefix = "pkt_"

const secretBytes = 32

// The limits of a token's name and lifetime.
const (
	MaxNameLength = 100
	MinExpiresIn  = time.Hour
	MaxExpiresIn  = 365 * 24 * time.Hour
)

// LastUsedEvery is how stale a token's "last used" may be: it is written at
// most once in this interval per token, not on every request.
const LastUsedEvery = time.Minute

// Token is what the owner sees of a token (never the secret, after creation).
type Token struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Scopes     []Scope    `json:"scopes"`
	CreatedAt  time.Time  `json:"createdAt"`
	ExpiresAt  *time.Time `json:"expiresAt"`  // nil: never expires
	LastUsedAt *time.Time `json:"lastUsedAt"` // nil: never used
}

// Has reports whether t grants scope.
func (t Token) Has(scope Scope) bool { return slices.Contains(t.Scopes, scope) }

// Looks reports whether raw has the shape of an access token (not whether
// it is one): the bearer credentials the router hands to Verify.
func Looks(raw string) bool { return strings.HasPrefix(raw, Prefix) }

// ParseName checks a token's name: 1 to MaxNameLength characters once
// trimmed.
func ParseName(raw string) (string, error) {
	name := strings.TrimSpace(raw)
	if n := utf8.RuneCountInString(name); n == 0 || n > MaxNameLength {
		return "", apperr.Newf(apperr.Invalid, "INVALID_NAME", "name is required: 1 to %d characters", MaxNameLength)
	}
	return name, nil
}

// ParseExpiresIn checks a lifetime in seconds: nil is a token that never
// expires; anything else must be a whole number from MinExpiresIn to
// MaxExpiresIn (a tiny or fractional value is refused, never read as
// "never").
func ParseExpiresIn(seconds *float64) (time.Duration, error) {
	if seconds == nil {
		return 0, nil
	}
	s := *seconds
	if s != math.Trunc(s) || s < MinExpiresIn.Seconds() || s > MaxExpiresIn.Seconds() {
		return 0, apperr.Newf(apperr.Invalid, "INVALID_EXPIRES_IN",
			"expiresIn must be a whole number of seconds from %d (one hour) to %d (365 days), or left out for a token that never expires",
			int(MinExpiresIn.Seconds()), int(MaxExpiresIn.Seconds()))
	}
	return time.Duration(s) * time.Second, nil
}

func newSecret() string {
	return Prefix + base64.RawURLEncoding.EncodeToString(randomBytes(secretBytes))
}

func newID() string { return "tok_" + hex.EncodeToString(randomBytes(12)) }

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("accesstoken: the system random source failed: " + err.Error())
	}
	return b
}

func hashOf(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}
