package upstream

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"

	"github.com/pocket-companion/pocket/pkg/tokencache"
)

// ErrInvalidToken is a token the upstream did not sign, or not for us, or expired.
var ErrInvalidToken = errors.New("upstream: invalid ID token")

// Identity is who an upstream ID token says its bearer is.
type Identity struct {
	UID       string
	Email     string
	ExpiresAt time.Time
	// SessionID is the sign-in session the token belongs to (its "sid"),
	// empty for an upstream that does not name sessions.
	SessionID string
}

// TokenVerifierOptions configure NewTokenVerifier.
type TokenVerifierOptions struct {
	JWKSURL  string
	Audience string // the upstream's ID tokens say "pocket"
	// CacheSize bounds the tokens remembered as verified [10000].
	CacheSize int
	HTTP      *http.Client     // fetches the key set [http.DefaultClient]
	Now       func() time.Time // [time.Now]
	// RefetchEvery spaces fetches of the key set for unknown key ids [DefaultRefetchEvery].
	RefetchEvery time.Duration
}

// TokenVerifier checks the upstream's ID tokens against its published JWK
// Set (fetched on first use, refetched when a token names an unknown key,
// at most once per RefetchEvery),
// and remembers each verified token until it expires, keyed by its hash: a
// token is verified once, not on every request, and never kept in clear.
type TokenVerifier struct {
	verifier *oidc.IDTokenVerifier
	verified *tokencache.Cache[Identity]
}

// NewTokenVerifier builds a verifier for the key set at o.JWKSURL.
func NewTokenVerifier(o TokenVerifierOptions) (*TokenVerifier, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Audience == "" {
		o.Audience = "pocket"
	}
	keys := newKeySet(o.JWKSURL, o.HTTP, o.Now, o.RefetchEvery)
	v := oidc.NewVerifier("", keys, &oidc.Config{
		ClientID:             o.Audience,
		SupportedSigningAlgs: []string{oidc.EdDSA},
		// The issuer is the upstream's public URL, which deployments set to
		// the relay's own origin; the key set is what we trust.
		SkipIssuerCheck: true,
		Now:             o.Now,
	})
	return &TokenVerifier{verifier: v, verified: tokencache.New[Identity](o.CacheSize, o.Now)}, nil
}

// Verify returns the identity in token, or an error wrapping ErrInvalidToken
// (or ErrUnavailable when the key set could not be fetched).
func (v *TokenVerifier) Verify(ctx context.Context, token string) (Identity, error) {
	if id, found, expired := v.verified.Get(token); expired {
		return Identity{}, fmt.Errorf("%w: expired", ErrInvalidToken)
	} else if found {
		return id, nil
	}
	t, err := v.verifier.Verify(ctx, token)
	if err != nil {
		return Identity{}, fmt.Errorf("%w: %w", ErrInvalidToken, err)
	}
	var claims struct {
		Email     string `json:"email"`
		SessionID string `json:"sid"`
	}
	if err := t.Claims(&claims); err != nil || t.Subject == "" || t.Expiry.IsZero() {
		return Identity{}, fmt.Errorf("%w: no subject or expiry", ErrInvalidToken)
	}
	id := Identity{UID: t.Subject, Email: claims.Email, ExpiresAt: t.Expiry, SessionID: claims.SessionID}
	v.verified.Add(token, id, t.Expiry)
	return id, nil
}
