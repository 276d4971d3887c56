package share

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

func TestHasher_StoresArgon2idAndMatchesOnlyThePassword(t *testing.T) {
	h := newHasher()
	ctx := context.Background()
	encoded, err := h.hash(ctx, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(encoded, "$argon2id$v=19$m=19456,t=2,p=1$") || strings.Contains(encoded, "correct horse") {
		t.Fatalf("hash %q is not an argon2id PHC string, or holds the password", encoded)
	}
	again, _ := h.hash(ctx, "correct horse")
	if again == encoded {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	for password, want := range map[string]bool{"correct horse": true, "correct horsE": false, "correct horse ": false, "": false} {
		if got, err := h.matches(ctx, password, encoded); err != nil || got != want {
			t.Errorf("matches(%q) = %v %v, want %v", password, got, err, want)
		}
	}
	if _, err := h.matches(ctx, "x", "$argon2i$v=19$m=1,t=1,p=1$c2FsdA$a2V5"); err == nil {
		t.Error("a hash of another kind was read")
	}
}

func TestHasher_PasswordLengthIsBounded(t *testing.T) {
	h := newHasher()
	for _, p := range []string{"abc", strings.Repeat("a", MaxPassword+1)} {
		if _, err := h.hash(context.Background(), p); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("password of %d characters: %v", len(p), err)
		}
	}
	if _, err := h.hash(context.Background(), strings.Repeat("é", MaxPassword)); err != nil {
		t.Errorf("128 two-byte characters refused: %v", err)
	}
}

// Beyond Hashers at once, a hash waits briefly and is then refused with a
// Retry-After, instead of queueing without bound.
func TestHasher_AtMostTwoAtOnceThenBusy(t *testing.T) {
	h := newHasher()
	h.wait = 50 * time.Millisecond
	ctx := context.Background()
	for range Hashers {
		if _, err := h.acquire(ctx); err != nil {
			t.Fatal(err)
		}
	}
	_, err := h.hash(ctx, "correct horse")
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.Unavailable || e.RetryAfter <= 0 {
		t.Fatalf("third hash at once = %v, want 503 with Retry-After", err)
	}
}

func TestPasswordOf(t *testing.T) {
	cases := map[string]*string{``: nil, `null`: ptr(""), `""`: ptr(""), `"s3cret!"`: ptr("s3cret!")}
	for raw, want := range cases {
		got, err := PasswordOf(json.RawMessage(raw))
		if err != nil || (got == nil) != (want == nil) || (got != nil && *got != *want) {
			t.Errorf("PasswordOf(%s) = %v %v", raw, got, err)
		}
	}
	for _, raw := range []string{`5`, `true`, `["a"]`, `{}`} {
		if _, err := PasswordOf(json.RawMessage(raw)); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("PasswordOf(%s) = %v, want invalid", raw, err)
		}
	}
}

func ptr(s string) *string { return &s }
