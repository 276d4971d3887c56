package push_test

import (
	"encoding/base64"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/storetest"
)

func TestSubscribe_RejectsWhatNoPushServiceIssues(t *testing.T) {
	r := newRig(t, nil)
	good := subscription(r.svc.NewDevice("phone"))
	good.Endpoint = "https://fcm.googleapis.com/fcm/send/abc"
	b64 := base64.RawURLEncoding.EncodeToString
	notOnCurve := append([]byte{4}, make([]byte, 64)...)
	cases := []struct {
		name, want string
		edit       func(*push.Subscription)
	}{
		{"no endpoint", "endpoint is required", func(s *push.Subscription) { s.Endpoint = "" }},
		{"relative endpoint", "absolute https URL", func(s *push.Subscription) { s.Endpoint = "/push/abc" }},
		{"http endpoint", "must be an https URL", func(s *push.Subscription) { s.Endpoint = "http://push.example/abc" }},
		{"other scheme", "must be an https URL", func(s *push.Subscription) { s.Endpoint = "ftp://push.example/abc" }},
		{"endpoint too long", "at most 2048 bytes", func(s *push.Subscription) { s.Endpoint += strings.Repeat("a", 2048) }},
		{"credentials in endpoint", "absolute https URL", func(s *push.Subscription) { s.Endpoint = "https://u:p@push.example/abc" }},
		{"p256dh not base64url", "p256dh must be base64url", func(s *push.Subscription) { s.P256dh = "!!!" }},
		{"p256dh compressed", "65-byte uncompressed", func(s *push.Subscription) { s.P256dh = b64(make([]byte, 33)) }},
		{"p256dh off the curve", "not a point on the P-256 curve", func(s *push.Subscription) { s.P256dh = b64(notOnCurve) }},
		{"auth too short", "auth must be base64url of a 16-byte secret", func(s *push.Subscription) { s.Auth = b64(make([]byte, 8)) }},
		{"auth missing", "auth must be", func(s *push.Subscription) { s.Auth = "" }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sub := good
			c.edit(&sub)
			err := r.subs.Subscribe(ctx, "alice", sub)
			if !apperr.Is(err, apperr.Invalid) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want Invalid containing %q", err, c.want)
			}
		})
	}
	if err := r.subs.Subscribe(ctx, "alice", good); err != nil {
		t.Fatalf("the valid subscription: %v", err)
	}
}

func TestSubscribe_AcceptsPaddedKeys(t *testing.T) {
	r := newRig(t, nil)
	sub := subscription(r.svc.NewDevice("phone"))
	sub.Auth += "=="
	sub.P256dh += "="
	if err := r.subs.Subscribe(ctx, "alice", sub); err != nil {
		t.Fatal(err)
	}
}

func TestSubscribe_LoopbackHTTPOnlyWhenAllowed(t *testing.T) {
	d := newRig(t, nil).svc.NewDevice("phone") // http://127.0.0.1:port/push/phone
	for _, endpoint := range []string{d.Endpoint, "http://localhost:9/push/x", "http://[::1]:9/push/x"} {
		sub := subscription(d)
		sub.Endpoint = endpoint
		strict := push.NewSubscriptions(storetest.Open(t), nil, push.EndpointPolicy{})
		if err := strict.Subscribe(ctx, "alice", sub); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("%s without allowLoopback: error %v, want Invalid", endpoint, err)
		}
		lenient := push.NewSubscriptions(storetest.Open(t), nil, loopbackPolicy)
		if err := lenient.Subscribe(ctx, "alice", sub); err != nil {
			t.Errorf("%s with allowLoopback: %v", endpoint, err)
		}
	}
	sub := subscription(d)
	sub.Endpoint = "http://push.example/abc"
	if err := push.NewSubscriptions(storetest.Open(t), nil, loopbackPolicy).Subscribe(ctx, "alice", sub); !apperr.Is(err, apperr.Invalid) {
		t.Fatalf("allowLoopback must not admit http to other hosts: %v", err)
	}
}

func TestSubscriptions_AnotherUserCannotChangeOrRemoveThem(t *testing.T) {
	r := newRig(t, nil)
	phone := r.device(t, "alice", "phone")
	mine := subscription(phone)

	if err := r.subs.Unsubscribe(ctx, "bob", phone.Endpoint); err != nil {
		t.Fatal(err)
	}
	// Bob subscribing Alice's endpoint with his own keys is his subscription.
	forged := subscription(r.svc.NewDevice("bob-keys"))
	forged.Endpoint = phone.Endpoint
	if err := r.subs.Subscribe(ctx, "bob", forged); err != nil {
		t.Fatal(err)
	}
	got, _ := r.subs.List(ctx, "alice")
	if len(got) != 1 || got[0] != mine {
		t.Fatalf("alice's subscriptions = %+v, want hers unchanged", got)
	}
	if err := r.subs.Unsubscribe(ctx, "bob", phone.Endpoint); err != nil {
		t.Fatal(err)
	}
	if got, _ := r.subs.List(ctx, "alice"); len(got) != 1 {
		t.Fatal("bob's unsubscribe removed alice's subscription")
	}
	if err := r.subs.Unsubscribe(ctx, "alice", phone.Endpoint); err != nil {
		t.Fatal(err)
	}
	if got, _ := r.subs.List(ctx, "alice"); len(got) != 0 {
		t.Fatalf("after alice's unsubscribe: %v", got)
	}
}

func TestSubscriptions_RefuseAnEmptyOrPathLikeUser(t *testing.T) {
	r := newRig(t, nil)
	sub := subscription(r.svc.NewDevice("phone"))
	for _, uid := range []string{"", "alice/../bob"} {
		if err := r.subs.Subscribe(ctx, uid, sub); !apperr.Is(err, apperr.Unauthenticated) {
			t.Errorf("uid %q: %v", uid, err)
		}
	}
}

func TestSubscriptions_KeepTheNewestPerUser(t *testing.T) {
	clock := fakeclock.New(time.Unix(0, 0))
	subs := push.NewSubscriptions(storetest.Open(t), clock.Now, loopbackPolicy)
	svc := newRig(t, nil).svc
	var endpoints []string
	for i := range push.MaxPerUser + 2 {
		d := svc.NewDevice(strings.Repeat("d", i+1))
		endpoints = append(endpoints, d.Endpoint)
		if err := subs.Subscribe(ctx, "alice", subscription(d)); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			// Refreshing the first keeps its age: it is still the oldest.
			clock.Advance(time.Second)
			_ = subs.Subscribe(ctx, "alice", subscription(d))
		}
	}
	got, _ := subs.List(ctx, "alice")
	var have []string
	for _, s := range got {
		have = append(have, s.Endpoint)
	}
	slices.Sort(have)
	want := slices.Clone(endpoints[2:])
	slices.Sort(want)
	if !slices.Equal(have, want) {
		t.Fatalf("kept %d subscriptions %v, want the newest %d", len(have), have, push.MaxPerUser)
	}
}

func TestUnsubscribe_NeedsAnEndpoint(t *testing.T) {
	r := newRig(t, nil)
	if err := r.subs.Unsubscribe(ctx, "alice", ""); !errors.Is(err, apperr.ErrInvalid) {
		t.Fatalf("error %v", err)
	}
}
