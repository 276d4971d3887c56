package upstream

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/pocket-companion/pocket/pkg/identity"
)

type jwksFixture struct {
	tokens *identity.Tokens
	key    ed25519.PrivateKey
	now    time.Time
	hits   atomic.Int32
	srv    *httptest.Server
}

// newJWKSFixture is an upstream's token service and its published key set.
func newJWKSFixture(t *testing.T) *jwksFixture {
	f := &jwksFixture{now: time.Now()}
	_, f.key, _ = ed25519.GenerateKey(rand.Reader)
	f.tokens = identity.NewTokens(nil, f.key, "http://upstream.test", func() time.Time { return f.now })
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		f.hits.Add(1)
		_ = json.NewEncoder(w).Encode(f.tokens.JWKS())
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *jwksFixture) verifier(t *testing.T, now func() time.Time) *TokenVerifier {
	v, err := NewTokenVerifier(TokenVerifierOptions{JWKSURL: f.srv.URL, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestTokenVerifier_AcceptsTheUpstreamsTokensOnceAndFromCache(t *testing.T) {
	f := newJWKSFixture(t)
	token, _, _ := f.tokens.IssueIDToken(identity.User{UID: "u1", Email: "a@example.com"}, "")
	v := f.verifier(t, nil)
	id, err := v.Verify(context.Background(), token)
	if err != nil || id.UID != "u1" || id.Email != "a@example.com" || id.ExpiresAt.IsZero() {
		t.Fatalf("verify = %+v, %v", id, err)
	}
	f.srv.Close() // the key set is gone: a verified token is remembered
	if again, err := v.Verify(context.Background(), token); err != nil || again != id {
		t.Fatalf("second verify = %+v, %v", again, err)
	}
	if f.hits.Load() != 1 {
		t.Fatalf("key set fetched %d times", f.hits.Load())
	}
}

func TestTokenVerifier_RefusesForeignExpiredAndWrongAudienceTokens(t *testing.T) {
	f := newJWKSFixture(t)
	other := newJWKSFixture(t)
	foreign, _, _ := other.tokens.IssueIDToken(identity.User{UID: "u1"}, "")
	wrongAudience := signed(t, f, jwt.ClaimStrings{"someone-else"}, f.now.Add(time.Hour))
	expired := signed(t, f, jwt.ClaimStrings{"pocket"}, f.now.Add(-time.Minute))
	noKid := signed(t, f, jwt.ClaimStrings{"pocket"}, f.now.Add(time.Hour))
	v := f.verifier(t, nil)
	for name, token := range map[string]string{
		"signed by another key": foreign, "wrong audience": wrongAudience, "expired": expired, "garbage": "x.y.z",
	} {
		t.Run(name, func(t *testing.T) {
			if id, err := v.Verify(context.Background(), token); !errors.Is(err, ErrInvalidToken) {
				t.Fatalf("verified as %+v (%v)", id, err)
			}
		})
	}
	if id, err := v.Verify(context.Background(), noKid); err != nil || id.UID != "u1" {
		t.Fatalf("a token of the right key without kid: %+v %v", id, err)
	}
}

func TestTokenVerifier_ForgetsARememberedTokenWhenItExpires(t *testing.T) {
	f := newJWKSFixture(t)
	token, ttl, _ := f.tokens.IssueIDToken(identity.User{UID: "u1"}, "")
	now := f.now
	v := f.verifier(t, func() time.Time { return now })
	if _, err := v.Verify(context.Background(), token); err != nil {
		t.Fatal(err)
	}
	now = now.Add(ttl + time.Second)
	if _, err := v.Verify(context.Background(), token); !errors.Is(err, ErrInvalidToken) {
		t.Fatalf("an expired remembered token: %v", err)
	}
}

// signed is an ID token of f's key with the given audience and expiry, and no kid.
func signed(t *testing.T, f *jwksFixture, aud jwt.ClaimStrings, exp time.Time) string {
	claims := identity.Claims{RegisteredClaims: jwt.RegisteredClaims{
		Subject: "u1", Audience: aud, ExpiresAt: jwt.NewNumericDate(exp), IssuedAt: jwt.NewNumericDate(f.now.Add(-2 * time.Hour)),
	}}
	s, err := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims).SignedString(f.key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
