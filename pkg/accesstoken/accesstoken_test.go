package accesstoken_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/storetest"
)

var ctx = context.Background()

func newTokens(t *testing.T, max int) (*accesstoken.Tokens, *store.DB, *fakeclock.Clock) {
	db := storetest.Open(t)
	clock := fakeclock.New(time.Now())
	return accesstoken.New(db, max, clock.Now), db, clock
}

func create(t *testing.T, tokens *accesstoken.Tokens, uid string, ttl time.Duration, scopes ...accesstoken.Scope) (accesstoken.Token, string) {
	t.Helper()
	tok, secret, err := tokens.Create(ctx, uid, "script", scopes, ttl)
	if err != nil {
		t.Fatal(err)
	}
	return tok, secret
}

func TestTokens_TheSecretIsStoredOnlyAsItsHash(t *testing.T) {
	tokens, db, _ := newTokens(t, 0)
	tok, secret := create(t, tokens, "u1", 0, accesstoken.RecordingsRead)
	if !strings.HasPrefix(secret, "pkt_") || len(secret) < len("pkt_")+43 {
		t.Fatalf("secret %q: want pkt_ and 256 bits", secret)
	}
	body := strings.TrimPrefix(secret, "pkt_")
	err := db.View(func(x *store.Txn) error {
		return x.Scan(nil, nil, false, true, func(k, v []byte) (bool, error) {
			if bytes.Contains(k, []byte(body)) || bytes.Contains(v, []byte(body)) {
				t.Errorf("key %q holds the secret", k)
			}
			return true, nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	got, uid, err := tokens.Verify(ctx, secret)
	if err != nil || uid != "u1" || got.ID != tok.ID || !got.Has(accesstoken.RecordingsRead) || got.Has(accesstoken.RecordingsWrite) {
		t.Fatalf("Verify = %+v %q %v", got, uid, err)
	}
}

func TestTokens_RevokedExpiredAndUnknownAreRefused(t *testing.T) {
	tokens, _, clock := newTokens(t, 0)
	revoked, revokedSecret := create(t, tokens, "u1", 0, accesstoken.Chat)
	_, expiring := create(t, tokens, "u1", time.Hour, accesstoken.Chat)
	if err := tokens.Revoke(ctx, "u2", revoked.ID); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("another user's revoke = %v, want NotFound", err)
	}
	if err := tokens.Revoke(ctx, "u1", revoked.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := tokens.Verify(ctx, expiring); err != nil {
		t.Fatalf("a token within its hour: %v", err)
	}
	clock.Advance(time.Hour)
	for name, secret := range map[string]string{"revoked": revokedSecret, "expired": expiring, "unknown": "pkt_" + strings.Repeat("A", 43), "an ID token": "eyJhbGciOi"} {
		if _, _, err := tokens.Verify(ctx, secret); !errors.Is(err, accesstoken.ErrInvalid) {
			t.Errorf("%s: Verify = %v, want ErrInvalid", name, err)
		}
	}
	if list, err := tokens.List(ctx, "u1"); err != nil || len(list) != 0 {
		t.Fatalf("list after revoke and expiry = %+v %v", list, err)
	}
}

func TestTokens_LastUsedIsWrittenAtMostOnceAMinute(t *testing.T) {
	tokens, _, clock := newTokens(t, 0)
	_, secret := create(t, tokens, "u1", 0, accesstoken.RecordingsRead)
	lastUsed := func() time.Time {
		list, err := tokens.List(ctx, "u1")
		if err != nil || len(list) != 1 {
			t.Fatalf("list = %+v %v", list, err)
		}
		if list[0].LastUsedAt == nil {
			return time.Time{}
		}
		return *list[0].LastUsedAt
	}
	if !lastUsed().IsZero() {
		t.Fatal("a new token was used")
	}
	_, _, _ = tokens.Verify(ctx, secret)
	first := lastUsed()
	if first.IsZero() {
		t.Fatal("first use not recorded")
	}
	clock.Advance(30 * time.Second)
	_, _, _ = tokens.Verify(ctx, secret)
	if lastUsed() != first {
		t.Fatal("last used rewritten within a minute")
	}
	clock.Advance(31 * time.Second)
	_, _, _ = tokens.Verify(ctx, secret)
	if !lastUsed().After(first) {
		t.Fatal("last used not moved on after a minute")
	}
}

func TestTokens_CapCountsLiveTokensOnly(t *testing.T) {
	tokens, _, _ := newTokens(t, 2)
	first, _ := create(t, tokens, "u1", 0, accesstoken.Chat)
	create(t, tokens, "u1", 0, accesstoken.Chat)
	create(t, tokens, "u2", 0, accesstoken.Chat) // another user's count is theirs
	_, _, err := tokens.Create(ctx, "u1", "third", []accesstoken.Scope{accesstoken.Chat}, 0)
	if e, ok := apperr.As(err); !ok || e.Code != "QUOTA_ACCESS_TOKENS" || e.Kind != apperr.TooLarge {
		t.Fatalf("third token = %v, want 413 QUOTA_ACCESS_TOKENS", err)
	}
	if err := tokens.Revoke(ctx, "u1", first.ID); err != nil {
		t.Fatal(err)
	}
	create(t, tokens, "u1", 0, accesstoken.Chat) // revoking freed a place
}

func TestTokens_RevokeAllEndsEveryTokenOfTheUser(t *testing.T) {
	tokens, _, _ := newTokens(t, 0)
	_, a := create(t, tokens, "u1", 0, accesstoken.Chat)
	_, b := create(t, tokens, "u1", time.Hour, accesstoken.RecordingsRead)
	_, other := create(t, tokens, "u2", 0, accesstoken.Chat)
	if err := tokens.RevokeAll(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{a, b} {
		if _, _, err := tokens.Verify(ctx, s); !errors.Is(err, accesstoken.ErrInvalid) {
			t.Errorf("Verify after RevokeAll = %v", err)
		}
	}
	if _, uid, err := tokens.Verify(ctx, other); err != nil || uid != "u2" {
		t.Fatalf("another user's token: %q %v", uid, err)
	}
}

func TestParse_RefusesBadInput(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	for _, v := range []*float64{f(1e-10), f(0), f(-3600), f(3599), f(3600.5), f(365*24*3600 + 1)} {
		if _, err := accesstoken.ParseExpiresIn(v); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("expiresIn %v: %v, want Invalid", *v, err)
		}
	}
	if d, err := accesstoken.ParseExpiresIn(f(3600)); err != nil || d != time.Hour {
		t.Errorf("an hour: %v %v", d, err)
	}
	if d, err := accesstoken.ParseExpiresIn(nil); err != nil || d != 0 {
		t.Errorf("no expiry: %v %v", d, err)
	}
	for _, scopes := range [][]string{nil, {}, {"admin"}, {"chat", "recordings:*"}} {
		if _, err := accesstoken.ParseScopes(scopes); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("scopes %q: %v", scopes, err)
		}
	}
	if got, err := accesstoken.ParseScopes([]string{"chat", "recordings:read", "chat"}); err != nil || len(got) != 2 || got[0] != accesstoken.RecordingsRead {
		t.Errorf("scopes deduplicated in order: %v %v", got, err)
	}
	for _, name := range []string{"", "   ", strings.Repeat("n", 101)} {
		if _, err := accesstoken.ParseName(name); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("name %q: %v", name, err)
		}
	}
}
