package upstream

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/pocket-companion/pocket/pkg/identity"
)

// forged is a well-formed token for u1 signed by a key the upstream never had, naming kid.
func forged(t *testing.T, now time.Time, kid string) string {
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	claims := identity.Claims{RegisteredClaims: jwt.RegisteredClaims{
		Subject: "u1", Audience: jwt.ClaimStrings{"pocket"}, ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour)),
		IssuedAt: jwt.NewNumericDate(now),
	}}
	tok := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// afterOneFetch is a verifier that has fetched f's key set once, to verify
// a token of its key, on a clock the test moves.
func afterOneFetch(t *testing.T) (*jwksFixture, *time.Time, *TokenVerifier) {
	f := newJWKSFixture(t)
	now := f.now
	v := f.verifier(t, func() time.Time { return now })
	good, _, _ := f.tokens.IssueIDToken(identity.User{UID: "u1"}, "")
	if _, err := v.Verify(context.Background(), good); err != nil || f.hits.Load() != 1 {
		t.Fatalf("first verify: %v, %d fetches", err, f.hits.Load())
	}
	return f, &now, v
}

func TestTokenVerifier_ForgedTokensRefetchTheKeySetAtMostOnceAMinute(t *testing.T) {
	t.Parallel()
	f, now, v := afterOneFetch(t)
	flood := func(n int) {
		for i := 0; i < n; i++ {
			if _, err := v.Verify(context.Background(), forged(t, *now, fmt.Sprintf("kid-%d-%d", now.Unix(), i))); !errors.Is(err, ErrInvalidToken) {
				t.Fatalf("a forged token: %v", err)
			}
		}
	}
	flood(50)
	if got := f.hits.Load(); got != 1 {
		t.Fatalf("50 forged tokens within the minute of the first fetch made %d fetches in all, want 1", got)
	}
	*now = now.Add(time.Minute)
	flood(50)
	if got := f.hits.Load(); got != 2 {
		t.Fatalf("50 more a minute later made %d fetches in all, want 2", got)
	}
}

func TestTokenVerifier_AKnownKeyWithABadSignatureNeverRefetches(t *testing.T) {
	t.Parallel()
	f, now, v := afterOneFetch(t)
	for i := 0; i < 5; i++ {
		*now = now.Add(2 * time.Minute) // a fetch would be due, were the kid unknown
		if _, err := v.Verify(context.Background(), forged(t, *now, identity.KeyID(f.key.Public().(ed25519.PublicKey)))); !errors.Is(err, ErrInvalidToken) {
			t.Fatalf("a bad signature under the upstream's kid: %v", err)
		}
	}
	if got := f.hits.Load(); got != 1 {
		t.Fatalf("bad signatures under a known kid made %d fetches, want the first only", got)
	}
}

func TestTokenVerifier_ANewKeyOfTheUpstreamIsFetchedOnce(t *testing.T) {
	t.Parallel()
	f, now, v := afterOneFetch(t)
	_, f.key, _ = ed25519.GenerateKey(rand.Reader) // the upstream rotates its key
	f.tokens = identity.NewTokens(nil, f.key, "http://upstream.test", func() time.Time { return *now })
	*now = now.Add(time.Minute)
	for i := 0; i < 3; i++ {
		rotated, _, _ := f.tokens.IssueIDToken(identity.User{UID: fmt.Sprintf("u%d", i)}, "")
		if _, err := v.Verify(context.Background(), rotated); err != nil {
			t.Fatalf("a token of the new key: %v", err)
		}
	}
	if got := f.hits.Load(); got != 2 {
		t.Fatalf("the rotation took %d fetches in all, want 2", got)
	}
}

func TestTokenVerifier_RetriesAFailedFetchAfterSeconds(t *testing.T) {
	t.Parallel()
	f := newJWKSFixture(t)
	now := f.now
	var down atomic.Bool
	down.Store(true)
	keys := f.srv.Config.Handler
	f.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			f.hits.Add(1)
			http.Error(w, "starting", http.StatusServiceUnavailable)
			return
		}
		keys.ServeHTTP(w, r)
	})
	v := f.verifier(t, func() time.Time { return now })
	good, _, _ := f.tokens.IssueIDToken(identity.User{UID: "u1"}, "")
	if _, err := v.Verify(context.Background(), good); err == nil {
		t.Fatal("verified with the key set unavailable")
	}
	down.Store(false)
	if _, err := v.Verify(context.Background(), good); err == nil {
		t.Fatal("a second fetch at once")
	}
	now = now.Add(retryFailedFetch)
	if _, err := v.Verify(context.Background(), good); err != nil || f.hits.Load() != 2 {
		t.Fatalf("once the upstream is back: %v after %d fetches", err, f.hits.Load())
	}
}
