package identity

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

func newTokensFixture(t *testing.T) (*Tokens, *clock) {
	c := newClock()
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	return NewTokens(memDB(t), key, "http://127.0.0.1:8080", c.now), c
}

func TestCustomToken_IsSingleUseAndShortLived(t *testing.T) {
	ctx := context.Background()
	tk, c := newTokensFixture(t)
	token, _ := tk.NewCustomToken(ctx, "u1")
	if len(token) < 40 {
		t.Fatalf("token %q is too short for 256 random bits", token)
	}
	uid, err := tk.RedeemCustomToken(ctx, token)
	if err != nil || uid != "u1" {
		t.Fatalf("redeem = %q, %v", uid, err)
	}
	if _, err := tk.RedeemCustomToken(ctx, token); !apperr.Is(err, apperr.Unauthenticated) {
		t.Fatalf("second redeem must fail unauthenticated, got %v", err)
	}
	late, _ := tk.NewCustomToken(ctx, "u1")
	c.advance(CustomTokenTTL + time.Second)
	if _, err := tk.RedeemCustomToken(ctx, late); !apperr.Is(err, apperr.Unauthenticated) {
		t.Fatalf("expired custom token must fail, got %v", err)
	}
}

func TestIDToken_VerifiesAndExpiresAfterAnHour(t *testing.T) {
	tk, c := newTokensFixture(t)
	token, ttl, err := tk.IssueIDToken(User{UID: "u1", Email: "a@example.com"}, "")
	if err != nil || ttl != time.Hour {
		t.Fatalf("issue: %v %v", ttl, err)
	}
	claims, err := tk.VerifyIDToken(token)
	if err != nil || claims.Subject != "u1" || claims.Email != "a@example.com" {
		t.Fatalf("verify: %+v %v", claims, err)
	}
	c.advance(time.Hour + time.Second)
	if _, err := tk.VerifyIDToken(token); err == nil {
		t.Fatal("an ID token older than an hour must not verify")
	}
}

func TestIDToken_RejectsForgeries(t *testing.T) {
	tk, _ := newTokensFixture(t)
	other, _ := newTokensFixture(t)
	foreign, _, _ := other.IssueIDToken(User{UID: "u1"}, "")
	good, _, _ := tk.IssueIDToken(User{UID: "u1"}, "")
	parts := strings.Split(good, ".")
	cases := map[string]string{
		"signed by another key": foreign,
		"alg none":              "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0." + parts[1] + ".",
		"tampered payload":      parts[0] + "." + parts[1] + "x." + parts[2],
		"garbage":               "not-a-token",
		"empty":                 "",
	}
	for name, token := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := tk.VerifyIDToken(token); err == nil {
				t.Fatal("forged token verified")
			}
		})
	}
}

func TestRefreshToken_RotatesSlidesAndRevokes(t *testing.T) {
	ctx := context.Background()
	tk, c := newTokensFixture(t)
	first, _ := tk.NewRefreshToken(ctx, "u1")
	c.advance(RefreshTokenTTL - time.Hour)
	uid, _, second, err := tk.UseRefreshToken(ctx, first)
	if err != nil || uid != "u1" || second == "" || second == first {
		t.Fatalf("use: %q %q %v", uid, second, err)
	}
	// The session slides: the new token outlives the first one's expiry.
	c.advance(2 * time.Hour)
	_, _, third, err := tk.UseRefreshToken(ctx, second)
	if err != nil {
		t.Fatalf("a used session must slide its expiry forward: %v", err)
	}
	if err := tk.RevokeRefreshToken(ctx, third); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := tk.UseRefreshToken(ctx, third); !apperr.Is(err, apperr.Unauthenticated) {
		t.Fatalf("revoked session must be unauthenticated, got %v", err)
	}
}

// A retired token used again, past the grace for tabs refreshing together,
// means a copy is in someone else's hands: the whole session ends, for the
// thief and the owner alike.
func TestRefreshToken_ReuseOfARetiredTokenRevokesTheSession(t *testing.T) {
	ctx := context.Background()
	tk, c := newTokensFixture(t)
	stolen, _ := tk.NewRefreshToken(ctx, "u1")
	_, _, owners, err := tk.UseRefreshToken(ctx, stolen)
	if err != nil {
		t.Fatal(err)
	}
	// Two tabs refreshing with the same cookie at once are not a theft.
	c.advance(5 * time.Second)
	if _, _, _, err := tk.UseRefreshToken(ctx, stolen); err != nil {
		t.Fatalf("reuse within the grace: %v", err)
	}
	c.advance(time.Minute)
	if _, _, _, err := tk.UseRefreshToken(ctx, stolen); !apperr.Is(err, apperr.Unauthenticated) || !strings.Contains(err.Error(), "used from somewhere else") {
		t.Fatalf("reuse after the grace = %v, want the session revoked", err)
	}
	if _, _, _, err := tk.UseRefreshToken(ctx, owners); !apperr.Is(err, apperr.Unauthenticated) {
		t.Fatalf("the session's current token still works after a theft: %v", err)
	}
}

// A data directory from before rotation holds refresh tokens with no
// session family: they keep working and start one.
func TestRefreshToken_ATokenFromBeforeRotationStillSignsIn(t *testing.T) {
	ctx := context.Background()
	tk, _ := newTokensFixture(t)
	legacy, err := tk.mint("rtok", "u1", RefreshTokenTTL)
	if err != nil {
		t.Fatal(err)
	}
	uid, _, next, err := tk.UseRefreshToken(ctx, legacy)
	if err != nil || uid != "u1" {
		t.Fatalf("legacy token: %q %v", uid, err)
	}
	if _, _, _, err := tk.UseRefreshToken(ctx, next); err != nil {
		t.Fatalf("its successor: %v", err)
	}
}

func TestLoadSecrets_PersistsAcrossRestarts(t *testing.T) {
	dir := t.TempDir()
	first, err := LoadSecrets(dir)
	if err != nil {
		t.Fatal(err)
	}
	second, err := LoadSecrets(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !first.SigningKey.Equal(second.SigningKey) || string(first.OTPPepper) != string(second.OTPPepper) {
		t.Fatal("secrets changed across a restart")
	}
	if len(first.OTPPepper) != 32 {
		t.Fatalf("pepper is %d bytes", len(first.OTPPepper))
	}
}

func TestNormalizeEmail(t *testing.T) {
	for in, want := range map[string]string{" A@Example.COM ": "a@example.com", "x@y.z": "x@y.z"} { //nolint:gocritic // mapKey: the spaces are what is trimmed
		if got, err := NormalizeEmail(in); err != nil || got != want {
			t.Errorf("NormalizeEmail(%q) = %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "no-at-sign", "Name <a@b.c>", "a@", "@b.c", "a b@c.d"} {
		if _, err := NormalizeEmail(bad); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("NormalizeEmail(%q) must be invalid, got %v", bad, err)
		}
	}
}

// The same token on every request (as a signed-in device sends it) against a
// new token each time: the cost of the signature check a repeat is spared.
func BenchmarkVerifyIDToken(b *testing.B) {
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	tk := NewTokens(nil, key, "http://127.0.0.1:8080", nil)
	b.Run("same_token", func(b *testing.B) {
		token, _, _ := tk.IssueIDToken(User{UID: "u1"}, "")
		for b.Loop() {
			if _, err := tk.VerifyIDToken(token); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("new_token", func(b *testing.B) {
		tokens := make([]string, 512)
		for i := range tokens {
			tokens[i], _, _ = tk.IssueIDToken(User{UID: "u1", Email: strings.Repeat("a", i%7) + "@example.com"}, "")
		}
		fresh := NewTokens(nil, key, "http://127.0.0.1:8080", nil)
		i := 0
		for b.Loop() {
			if i%len(tokens) == 0 {
				fresh = NewTokens(nil, key, "http://127.0.0.1:8080", nil)
			}
			if _, err := fresh.VerifyIDToken(tokens[i%len(tokens)]); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
}
