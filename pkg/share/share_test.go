package share

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// library says which (owner, recording) pairs exist.
type library map[string]bool

func (l library) Exists(_ context.Context, owner, id string) (bool, error) {
	return l[owner+"/"+id], nil
}

type fixture struct {
	svc *Service
	lib library
	now time.Time
}

func newFixture(t *testing.T) *fixture {
	db := storetest.Open(t)
	f := &fixture{lib: library{"alice/r1": true, "alice/r2": true, "bob/b1": true}, now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	f.svc = NewService(db, f.lib, "https://pocket.test", func() time.Time { return f.now })
	return f
}

func TestCreate_MakesAnUnguessableLinkWithItsURL(t *testing.T) {
	f := newFixture(t)
	link, err := f.svc.Create(context.Background(), "alice", "r1", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := base64.RawURLEncoding.DecodeString(link.Token)
	if err != nil || len(raw)*8 < 128 {
		t.Fatalf("token %q carries %d bits", link.Token, len(raw)*8)
	}
	if link.URL != "https://pocket.test/shared/recording?token="+link.Token {
		t.Fatalf("url = %s", link.URL)
	}
	if link.ExpiresAt == nil || !link.ExpiresAt.Equal(f.now.Add(time.Hour)) {
		t.Fatalf("expiresAt = %v", link.ExpiresAt)
	}
	other, _ := f.svc.Create(context.Background(), "alice", "r1", 0)
	if other.Token == link.Token || other.ExpiresAt != nil {
		t.Fatalf("second link %+v", other)
	}
}

func TestCreate_Refusals(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	if _, err := f.svc.Create(ctx, "alice", "b1", 0); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("sharing another owner's recording: %v", err)
	}
	if _, err := f.svc.Create(ctx, "alice", "missing", 0); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("sharing a missing recording: %v", err)
	}
	if _, err := f.svc.Create(ctx, "alice", "r1", -time.Second); !apperr.Is(err, apperr.Invalid) {
		t.Fatalf("negative expiry: %v", err)
	}
	if _, err := f.svc.Create(ctx, "alice", "r1", MaxExpiry+time.Hour); !apperr.Is(err, apperr.Invalid) {
		t.Fatalf("expiry beyond the limit: %v", err)
	}
	for _, d := range []time.Duration{time.Nanosecond, MinExpiry - time.Nanosecond} {
		if _, err := f.svc.Create(ctx, "alice", "r1", d); !errors.Is(err, ErrExpiryOutOfRange) {
			t.Fatalf("expiry of %v: %v", d, err)
		}
	}
}

// TestExpiryOf_ChecksSecondsBeforeTheyBecomeADuration: 1e-10 s is 0.1 ns,
// which as a Duration is 0 ("never"); read as seconds first, it is refused.
func TestExpiryOf_ChecksSecondsBeforeTheyBecomeADuration(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]time.Duration{
		"": 0, "null": 0, "60": time.Minute, "3600": time.Hour, "1.5e2": 150 * time.Second, "31536000": MaxExpiry,
	} {
		if got, err := ExpiryOf(json.RawMessage(raw)); err != nil || got != want {
			t.Errorf("%q: %v, %v; want %v", raw, got, err, want)
		}
	}
	for _, raw := range []string{"1e-10", "59.9", "0", "-60", "31536000.5", "1e400", `"60"`, "true", "[]"} {
		if _, err := ExpiryOf(json.RawMessage(raw)); !errors.Is(err, ErrExpiryOutOfRange) {
			t.Errorf("%q: %v", raw, err)
		}
	}
}

func TestResolve_StatusesInSpecOrder(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	live, _ := f.svc.Create(ctx, "alice", "r1", 0)
	expiring, _ := f.svc.Create(ctx, "alice", "r1", time.Minute)
	revoked, _ := f.svc.Create(ctx, "alice", "r1", 0)
	gone, _ := f.svc.Create(ctx, "alice", "r2", 0)
	_ = f.svc.Revoke(ctx, "alice", revoked.Token)
	delete(f.lib, "alice/r2")
	f.now = f.now.Add(time.Minute)

	cases := []struct {
		name  string
		token string
		want  error
	}{
		{"no token", "", ErrNoToken},
		{"unknown token", "bm90LWEtdG9rZW4", ErrInvalid},
		{"revoked", revoked.Token, ErrInvalid},
		{"expired at its expiry instant", expiring.Token, ErrExpired},
		{"recording deleted", gone.Token, ErrNotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.svc.Resolve(ctx, tc.token)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	link, err := f.svc.Resolve(ctx, live.Token)
	if err != nil || link.OwnerUID != "alice" || link.RecordingID != "r1" {
		t.Fatalf("live link: %+v %v", link, err)
	}
}

func TestRevoke_OnlyByTheOwner(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	link, _ := f.svc.Create(ctx, "alice", "r1", 0)
	if err := f.svc.Revoke(ctx, "bob", link.Token); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("bob revoking alice's link: %v", err)
	}
	if _, err := f.svc.Resolve(ctx, link.Token); err != nil {
		t.Fatalf("a refused revoke must leave the link working: %v", err)
	}
	if err := f.svc.Revoke(ctx, "alice", link.Token); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Revoke(ctx, "alice", link.Token); err != nil {
		t.Fatalf("revoking twice is harmless: %v", err)
	}
}

func TestList_NewestFirstWithRevokedMarked(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	first, _ := f.svc.Create(ctx, "alice", "r1", 0)
	f.now = f.now.Add(time.Second)
	second, _ := f.svc.Create(ctx, "alice", "r1", time.Hour)
	_, _ = f.svc.Create(ctx, "alice", "r2", 0)
	_ = f.svc.Revoke(ctx, "alice", first.Token)
	links, err := f.svc.List(ctx, "alice", "r1")
	if err != nil || len(links) != 2 {
		t.Fatalf("list = %+v %v", links, err)
	}
	if links[0].ID != second.ID || links[1].RevokedAt == nil {
		t.Fatalf("order or revocation wrong: %+v", links)
	}
	for _, l := range links {
		if l.Token != "" || l.URL != "" {
			t.Fatalf("a listed link carries its token: %+v", l)
		}
	}
	if links[0].Hint != second.Token[len(second.Token)-4:] {
		t.Fatalf("hint %q does not end the token", links[0].Hint)
	}
	if _, err := f.svc.List(ctx, "bob", "r1"); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("bob listing alice's links: %v", err)
	}
}
