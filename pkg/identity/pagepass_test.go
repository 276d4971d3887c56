package identity

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

func TestPagePass_SpeaksForItsSessionsUser(t *testing.T) {
	ctx := context.Background()
	tk, _ := newTokensFixture(t)
	refresh, _ := tk.NewRefreshToken(ctx, "u1")
	pass, err := tk.IssuePagePass(ctx, refresh)
	if err != nil {
		t.Fatal(err)
	}
	if uid, err := tk.VerifyPagePass(ctx, pass); err != nil || uid != "u1" {
		t.Fatalf("verify = %q, %v", uid, err)
	}
	// A refresh rotates the token, not the session: the pass keeps working.
	if _, _, _, err := tk.UseRefreshToken(ctx, refresh); err != nil {
		t.Fatal(err)
	}
	if uid, err := tk.VerifyPagePass(ctx, pass); err != nil || uid != "u1" {
		t.Fatalf("after a refresh: %q, %v", uid, err)
	}
}

// Signing out (or a session revoked after a theft) ends its page pass with it.
func TestPagePass_EndsWithItsSession(t *testing.T) {
	ctx := context.Background()
	tk, c := newTokensFixture(t)
	refresh, _ := tk.NewRefreshToken(ctx, "u1")
	pass, _ := tk.IssuePagePass(ctx, refresh)
	if err := tk.RevokeRefreshToken(ctx, refresh); err != nil {
		t.Fatal(err)
	}
	if _, err := tk.VerifyPagePass(ctx, pass); !apperr.Is(err, apperr.Unauthenticated) {
		t.Fatalf("a signed-out session's pass = %v, want refused", err)
	}

	stolen, _ := tk.NewRefreshToken(ctx, "u2")
	_, _, _, _ = tk.UseRefreshToken(ctx, stolen)
	pass, _ = tk.IssuePagePass(ctx, stolen)
	c.advance(time.Minute)
	if _, _, _, err := tk.UseRefreshToken(ctx, stolen); err == nil {
		t.Fatal("reuse after the grace must revoke the session")
	}
	if _, err := tk.VerifyPagePass(ctx, pass); err == nil {
		t.Fatal("a pass of a session revoked for theft still works")
	}
}

func TestPagePass_RefusesWhatIsNotAPassOfThisServer(t *testing.T) {
	ctx := context.Background()
	tk, c := newTokensFixture(t)
	other, _ := newTokensFixture(t)
	refresh, _ := tk.NewRefreshToken(ctx, "u1")
	good, _ := tk.IssuePagePass(ctx, refresh)
	otherRefresh, _ := other.NewRefreshToken(ctx, "u1")
	foreign, _ := other.IssuePagePass(ctx, otherRefresh)
	idToken, _, _ := tk.IssueIDToken(User{UID: "u1"}, "")
	parts := strings.Split(good, ".")
	cases := map[string]string{
		"signed by another key": foreign,
		"an ID token":           idToken,
		"tampered payload":      parts[0] + "." + parts[1] + "x." + parts[2],
		"garbage":               "not-a-pass",
		"empty":                 "",
	}
	for name, pass := range cases {
		t.Run(name, func(t *testing.T) {
			if uid, err := tk.VerifyPagePass(ctx, pass); err == nil {
				t.Fatalf("verified as %q", uid)
			}
		})
	}
	// Nor may a pass stand in for an ID token.
	if _, err := tk.VerifyIDToken(good); err == nil {
		t.Fatal("a page pass verified as an ID token")
	}
	c.advance(RefreshTokenTTL + time.Hour)
	if _, err := tk.VerifyPagePass(ctx, good); err == nil {
		t.Fatal("a pass outlived its session's expiry")
	}
}
