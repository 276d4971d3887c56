package identity

import (
	"context"
	"testing"
)

func TestSessions_SignOutEndsOneAndSignOutEverywhereEndsAllOfThatUser(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	tk, _ := newTokensFixture(t)
	start := func(uid string) (refresh, sid string) {
		first, _ := tk.NewRefreshToken(ctx, uid)
		_, sid, next, err := tk.UseRefreshToken(ctx, first)
		if err != nil || sid == "" {
			t.Fatalf("use: %q %v", sid, err)
		}
		return next, sid
	}
	alive := func(uid, sid string) bool {
		ok, err := tk.SessionAlive(ctx, uid, sid)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	phone, phoneSID := start("u1")
	_, laptopSID := start("u1")
	_, otherSID := start("u2")
	if !alive("u1", phoneSID) || !alive("u1", laptopSID) || alive("u2", phoneSID) || alive("u1", "") {
		t.Fatal("sessions must be alive for their own user only")
	}

	if uid, sid, err := tk.EndSession(ctx, phone); err != nil || uid != "u1" || sid != phoneSID {
		t.Fatalf("end session = %q %q %v", uid, sid, err)
	}
	if alive("u1", phoneSID) || !alive("u1", laptopSID) {
		t.Fatal("signing out must end that session only, at once")
	}

	if err := tk.EndAllSessions(ctx, "u1"); err != nil {
		t.Fatal(err)
	}
	if alive("u1", laptopSID) || !alive("u2", otherSID) {
		t.Fatal("signing out everywhere must end every session of that user and no one else's")
	}
	again, sid := start("u1")
	if !alive("u1", sid) {
		t.Fatal("a sign-in after signing out everywhere must work")
	}
	if _, _, _, err := tk.UseRefreshToken(ctx, again); err != nil {
		t.Fatalf("the new session must refresh: %v", err)
	}
}
