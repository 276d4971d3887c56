package share

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// An unlock cookie opens the link it was sealed for, with the password it
// was sealed under, until it expires; nothing else opens it.
func TestUnlocks_CookieOpensOnlyItsLinkUntilItExpires(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	u := newUnlocks([]byte("0123456789abcdef0123456789abcdef"), func() time.Time { return now }, DefaultAttempts)
	a := stored{Link: Link{ID: LinkID("token-a")}, PasswordHash: "$argon2id$a"}
	b := stored{Link: Link{ID: LinkID("token-b")}, PasswordHash: "$argon2id$a"}
	value := u.seal(a, now.Add(UnlockTTL))
	with := func(name, v string) context.Context {
		return WithCookies(context.Background(), []*http.Cookie{{Name: name, Value: v}})
	}
	if !u.opened(with(CookieName(a.ID), value), a) {
		t.Fatal("the cookie does not open its own link")
	}
	if u.opened(with(CookieName(b.ID), value), b) {
		t.Fatal("link A's cookie, renamed, opens link B")
	}
	if u.opened(context.Background(), a) {
		t.Fatal("no cookie opens the link")
	}
	changed := a
	changed.PasswordHash = "$argon2id$b"
	if u.opened(with(CookieName(a.ID), value), changed) {
		t.Fatal("a cookie made under the old password opens the link after a change")
	}
	other := newUnlocks([]byte("another key, another server 0000"), u.now, DefaultAttempts)
	if other.opened(with(CookieName(a.ID), value), a) {
		t.Fatal("a cookie signed with another key opens the link")
	}
	for _, forged := range []string{"", "x", value + "x", "99999999999." + value[len("1764590400."):]} {
		if u.opened(with(CookieName(a.ID), forged), a) {
			t.Errorf("forged value %q opens the link", forged)
		}
	}
	now = now.Add(UnlockTTL)
	if u.opened(with(CookieName(a.ID), value), a) {
		t.Fatal("the cookie still opens the link after its 2 hours")
	}
}
