package relay_test

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/pocket-companion/pocket/pkg/identity"
)

// fakeUpstream is an upstream whose answers a test writes: it publishes a
// JWK Set like the real one, and mints tokens for it.
type fakeUpstream struct {
	*httptest.Server
	mux    *http.ServeMux
	key    ed25519.PrivateKey
	tokens *identity.Tokens
	// jwksFetches counts fetches of the key set.
	jwksFetches atomic.Int32
}

func newFakeUpstream(t *testing.T) *fakeUpstream {
	f := &fakeUpstream{mux: http.NewServeMux()}
	_, f.key, _ = ed25519.GenerateKey(rand.Reader)
	f.tokens = identity.NewTokens(nil, f.key, "http://upstream.test", nil)
	f.mux.HandleFunc("GET /api/v1/auth/jwks", func(w http.ResponseWriter, _ *http.Request) {
		f.jwksFetches.Add(1)
		_ = json.NewEncoder(w).Encode(f.tokens.JWKS())
	})
	f.Server = httptest.NewServer(f.mux)
	t.Cleanup(f.Close)
	return f
}

// token is a valid ID token of this upstream for uid.
func (f *fakeUpstream) token(t *testing.T, uid string) string {
	tok, _, err := f.tokens.IssueIDToken(identity.User{UID: uid, Email: uid + "@example.com"}, "")
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// signed is a token of key with the given audience and expiry.
func signed(t *testing.T, key ed25519.PrivateKey, aud string, exp time.Time) string {
	claims := identity.Claims{RegisteredClaims: jwt.RegisteredClaims{
		Subject: "u1", Audience: jwt.ClaimStrings{aud}, ExpiresAt: jwt.NewNumericDate(exp),
		IssuedAt: jwt.NewNumericDate(exp.Add(-time.Hour)),
	}}
	s, err := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRelay_RefusesTokensTheUpstreamDidNotIssueForUs(t *testing.T) {
	f := newFakeUpstream(t)
	f.mux.HandleFunc("GET /api/v1/folders", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`{"success":true,"data":[]}`))
	})
	rel := startRelayToFake(t, f.URL, nil)
	_, otherKey, _ := ed25519.GenerateKey(rand.Reader)
	for name, token := range map[string]string{
		"signed by another key": signed(t, otherKey, "pocket", time.Now().Add(time.Hour)),
		"expired":               signed(t, f.key, "pocket", time.Now().Add(-time.Minute)),
		"for another audience":  signed(t, f.key, "someone-else", time.Now().Add(time.Hour)),
	} {
		t.Run(name, func(t *testing.T) {
			if r := rel.WithToken(t, token).Do("GET", "/api/v1/folders", nil); r.Status != http.StatusUnauthorized {
				t.Fatalf("got %d %s", r.Status, r.Body)
			}
		})
	}
	if r := rel.WithToken(t, f.token(t, "u1")).Do("GET", "/api/v1/folders", nil); r.Status != 200 {
		t.Fatalf("the upstream's own token: %d %s", r.Status, r.Body)
	}
}

// Tokens naming keys the upstream never had do not each make the relay
// fetch the upstream's key set again: one fetch a minute at most.
func TestRelay_ForgedTokensDoNotMakeTheRelayRefetchTheUpstreamsKeys(t *testing.T) {
	f := newFakeUpstream(t)
	f.mux.HandleFunc("GET /api/v1/folders", func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`{"success":true,"data":[]}`))
	})
	rel := startRelayToFake(t, f.URL, nil)
	if r := rel.WithToken(t, f.token(t, "u1")).Do("GET", "/api/v1/folders", nil); r.Status != 200 {
		t.Fatalf("the upstream's own token: %d %s", r.Status, r.Body)
	}
	for i := 0; i < 30; i++ {
		_, key, _ := ed25519.GenerateKey(rand.Reader)
		forged := identity.NewTokens(nil, key, "http://upstream.test", nil) // its own kid
		tok, _, _ := forged.IssueIDToken(identity.User{UID: "u1"}, "")
		if r := rel.WithToken(t, tok).Do("GET", "/api/v1/folders", nil); r.Status != http.StatusUnauthorized {
			t.Fatalf("forged token %d: %d %s", i, r.Status, r.Body)
		}
	}
	if got := f.jwksFetches.Load(); got != 1 {
		t.Fatalf("the key set was fetched %d times, want once", got)
	}
}
