package push_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/natstest"
	"github.com/pocket-companion/pocket/tests/pushtest"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// stores builds each kind of subscription store on clock.
func stores(t *testing.T) map[string]func(clock *fakeclock.Clock) *push.Subscriptions {
	broker := natstest.Start(t)
	return map[string]func(*fakeclock.Clock) *push.Subscriptions{
		"badger": func(clock *fakeclock.Clock) *push.Subscriptions {
			return push.NewSubscriptions(storetest.Open(t), clock.Now, loopbackPolicy)
		},
		"nats key-value": func(clock *fakeclock.Clock) *push.Subscriptions {
			// A fresh bucket each time: the bucket is shared by name.
			conn := broker.Connect(t, "kv")
			_ = conn.JS.DeleteKeyValue(ctx, push.SubscriptionsBucket)
			subs, err := push.NewSharedSubscriptions(ctx, conn.JS, clock.Now, loopbackPolicy)
			if err != nil {
				t.Fatal(err)
			}
			return subs
		},
	}
}

func endpointsOf(t *testing.T, subs *push.Subscriptions, uid string) []string {
	t.Helper()
	list, err := subs.List(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range list {
		out = append(out, s.Endpoint)
	}
	slices.Sort(out)
	return out
}

func TestSubscriptionStores_KeepUsersApartWhateverTheirIDs(t *testing.T) {
	svc := pushtest.Start(t, "", "")
	for name, open := range stores(t) {
		t.Run(name, func(t *testing.T) {
			subs := open(fakeclock.New(time.Unix(0, 0)))
			phone := svc.NewDevice("phone")
			// uids a NATS subject could not hold as they are, and one that is
			// what the first would become if it were encoded carelessly.
			users := []string{"alice@example.com", "a.b*>c", "=YWxpY2VAZXhhbXBsZS5jb20", "alice"}
			for _, uid := range users {
				d := svc.NewDevice(strings.NewReplacer("@", "-", ".", "-", "*", "-", ">", "-", "=", "-").Replace(uid))
				if err := subs.Subscribe(ctx, uid, subscription(d)); err != nil {
					t.Fatalf("%s: %v", uid, err)
				}
			}
			if err := subs.Subscribe(ctx, "alice", subscription(phone)); err != nil {
				t.Fatal(err)
			}
			for _, uid := range users[:3] {
				if eps := endpointsOf(t, subs, uid); len(eps) != 1 {
					t.Fatalf("%s has %v, want its one device", uid, eps)
				}
			}
			if eps := endpointsOf(t, subs, "alice"); len(eps) != 2 {
				t.Fatalf("alice has %v", eps)
			}
			// Another user unsubscribing alice's endpoint changes nothing of hers.
			if err := subs.Unsubscribe(ctx, "alice@example.com", phone.Endpoint); err != nil {
				t.Fatal(err)
			}
			if err := subs.Unsubscribe(ctx, "alice", phone.Endpoint); err != nil {
				t.Fatal(err)
			}
			if eps := endpointsOf(t, subs, "alice"); len(eps) != 1 || eps[0] == phone.Endpoint {
				t.Fatalf("after unsubscribing the phone alice has %v", eps)
			}
		})
	}
}

func TestSubscriptionStores_KeepTheNewestPerUser(t *testing.T) {
	svc := pushtest.Start(t, "", "")
	for name, open := range stores(t) {
		t.Run(name, func(t *testing.T) {
			clock := fakeclock.New(time.Unix(0, 0))
			subs := open(clock)
			var endpoints []string
			for i := range push.MaxPerUser + 2 {
				d := svc.NewDevice(name[:1] + strings.Repeat("d", i+1))
				endpoints = append(endpoints, d.Endpoint)
				clock.Advance(time.Second)
				if err := subs.Subscribe(ctx, "alice", subscription(d)); err != nil {
					t.Fatal(err)
				}
				if i == 0 { // a refresh keeps its age: it is still the oldest
					clock.Advance(time.Second)
					_ = subs.Subscribe(ctx, "alice", subscription(d))
				}
			}
			want := slices.Clone(endpoints[2:])
			slices.Sort(want)
			if got := endpointsOf(t, subs, "alice"); !slices.Equal(got, want) {
				t.Fatalf("kept %d: %v, want the newest %d", len(got), got, push.MaxPerUser)
			}
		})
	}
}

// Signing out of all devices forgets every device of that user, in either
// store, and no one else's.
func TestSubscriptionStores_ForgetUserDropsEveryDeviceOfThatUserOnly(t *testing.T) {
	svc := pushtest.Start(t, "", "")
	for name, open := range stores(t) {
		t.Run(name, func(t *testing.T) {
			subs := open(fakeclock.New(time.Unix(0, 0)))
			for _, d := range []string{"phone", "laptop"} {
				if err := subs.Subscribe(ctx, "alice", subscription(svc.NewDevice(name[:1]+"-alice-"+d))); err != nil {
					t.Fatal(err)
				}
			}
			if err := subs.Subscribe(ctx, "bob", subscription(svc.NewDevice(name[:1]+"-bob"))); err != nil {
				t.Fatal(err)
			}
			if err := subs.ForgetUser(ctx, "alice"); err != nil {
				t.Fatal(err)
			}
			if eps := endpointsOf(t, subs, "alice"); len(eps) != 0 {
				t.Fatalf("alice still has %v", eps)
			}
			if eps := endpointsOf(t, subs, "bob"); len(eps) != 1 {
				t.Fatalf("bob has %v, want his one device", eps)
			}
		})
	}
}
