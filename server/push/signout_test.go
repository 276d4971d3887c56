package push_test

import (
	"testing"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/tests/pushtest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// Signing out of all devices forgets every push subscription of that person
// (a signed-out device must not go on getting summary notices, whose titles
// are the person's own), and no one else's. A later summary reaches only a
// device subscribed after.
func TestLogoutAll_ForgetsEveryPushSubscriptionOfThatUser(t *testing.T) {
	var (
		tokens *identity.Tokens
		subs   *push.Subscriptions
	)
	s := servertest.Start(t, loopback, fx.Populate(&tokens, &subs))
	alice, bob := s.SignIn(t, "alice@example.com"), s.SignIn(t, "bob@example.com")
	svc := pushtest.Start(t, publicKey(t, client(s, alice.IDToken)), s.Cfg.Push.VAPIDSubject)
	oldPhone, oldLaptop := svc.NewDevice("alice-phone"), svc.NewDevice("alice-laptop")
	subscribe(t, client(s, alice.IDToken), oldPhone)
	subscribe(t, client(s, alice.IDToken), oldLaptop)
	subscribe(t, client(s, bob.IDToken), svc.NewDevice("bob-phone"))

	alice.MustOK("POST", "/api/v1/auth/logout-all", nil)

	aliceUID, bobUID := alice.UID(tokens), bob.UID(tokens)
	if left, err := subs.List(ctx, aliceUID); err != nil || len(left) != 0 {
		t.Fatalf("alice's subscriptions after logout-all: %v %v", left, err)
	}
	if kept, err := subs.List(ctx, bobUID); err != nil || len(kept) != 1 {
		t.Fatalf("bob's subscriptions: %v %v", kept, err)
	}

	again := s.NewSession(t, tokens, aliceUID)
	newPhone := svc.NewDevice("alice-new-phone")
	subscribe(t, client(s, again.IDToken), newPhone)
	upload(t, again, "rec-after-logout-all")
	if m := svc.WaitMessages(t, 1)[0]; m.Device != newPhone {
		t.Fatalf("the summary went to %s", m.Device.Endpoint)
	}
	if n := svc.Requests(oldPhone) + svc.Requests(oldLaptop); n != 0 {
		t.Fatalf("signed-out devices got %d pushes", n)
	}
}
