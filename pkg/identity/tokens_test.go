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
	token, ttl, err := tk.IssueIDToken(User{UID: "u1", Email: "a@example.com"})
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
	foreign, _, _ := other.IssueIDToken(User{UID: "u1"})
	good, _, _ := tk.IssueIDToken(User{UID: "u1"})
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

func TestRefreshToken_SlidesAndRevokes(t *testing.T) {
	ctx := context.Background()
	tk, c := newTokensFixture(t)
	token, _ := tk.NewRefreshToken(ctx, "u1")
	c.advance(RefreshTokenTTL - time.Hour)
	if uid, err := tk.UseRefreshToken(ctx, token); err != nil || uid != "u1" {
		t.Fatalf("use: %q %v", uid, err)
	}
	c.advance(2 * time.Hour)
	if _, err := tk.UseRefreshToken(ctx, token); err != nil {
		t.Fatalf("a used session must slide its expiry forward: %v", err)
	}
	if err := tk.RevokeRefreshToken(ctx, token); err != nil {
		t.Fatal(err)
	}
	if _, err := tk.UseRefreshToken(ctx, token); !apperr.Is(err, apperr.Unauthenticated) {
		t.Fatalf("revoked session must be unauthenticated, got %v", err)
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
	for in, want := range map[string]string{" A@Example.COM ": "a@example.com", "x@y.z": "x@y.z"} {
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
