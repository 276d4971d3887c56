package relay_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"connectrpc.com/connect"
	"github.com/gorilla/websocket"
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/gen/pocket/push/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/push/v1/pushv1connect"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/live"
	"github.com/pocket-companion/pocket/server/relay"
	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/pushtest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// signOutPair is an embedded upstream and a relay in front of it whose
// session answers age on clock; push subscriptions may point at loopback.
type signOutPair struct {
	*pair
	clock  *fakeclock.Clock
	tokens *identity.Tokens // the upstream's
	push   *pushtest.Service
	subs   *push.Subscriptions // the relay's own
}

func startSignOutPair(t *testing.T) *signOutPair {
	p := &signOutPair{pair: &pair{}, clock: fakeclock.New(time.Now())}
	p.up = servertest.Start(t, nil, fx.Populate(&p.tokens))
	p.relay = servertest.Start(t, func(c *config.Config) {
		c.UpstreamURL, c.UpstreamJWKSURL = p.up.URL, p.up.URL+"/api/v1/auth/jwks"
		c.Push.AllowLoopback = "1"
	}, fx.Decorate(func(o relay.Options) relay.Options {
		o = testOptions(o)
		o.Sessions.Now = p.clock.Now
		return o
	}), fx.Populate(&p.subs))
	p.push = pushtest.Start(t, "", "")
	return p
}

// surfaces are the relay's own ways in for one token: a cached read, a
// pull from the mirror, a push subscription and a live socket.
type surfaces struct {
	t      *testing.T
	p      *signOutPair
	c      *servertest.Client
	socket *websocket.Conn
}

// open uses every surface once (filling the relay's cache) and opens a socket.
func (p *signOutPair) open(t *testing.T, c *servertest.Client) *surfaces {
	s := &surfaces{t: t, p: p, c: c}
	for range 2 { // the second answer is the relay's cached one
		c.MustOK("GET", "/api/v1/recordings/dashboard", nil)
	}
	if err := s.pull(); err != nil {
		t.Fatalf("pull before sign-out: %v", err)
	}
	if err := s.subscribe(); err != nil {
		t.Fatalf("push subscribe before sign-out: %v", err)
	}
	s.socket = p.relay.OpenEvents(t, c.IDToken)
	return s
}

func (s *surfaces) pull() error {
	_, err := syncv1connect.NewSyncServiceClient(http.DefaultClient, s.p.relay.URL, bearer(s.c.IDToken)).
		Pull(context.Background(), connect.NewRequest(&syncv1.PullRequest{}))
	return err
}

func (s *surfaces) subscribe() error {
	d := s.p.push.NewDevice(s.t.Name())
	_, err := pushv1connect.NewPushServiceClient(http.DefaultClient, s.p.relay.URL, bearer(s.c.IDToken)).
		Subscribe(context.Background(), connect.NewRequest(&pushv1.SubscribeRequest{Subscription: &pushv1.Subscription{
			Endpoint: d.Endpoint, P256Dh: d.P256dh(), Auth: d.Auth(),
		}}))
	return err
}

// wantRefused checks every surface refuses the token: 401, Unauthenticated,
// the socket closed as signed out.
func (s *surfaces) wantRefused() {
	t := s.t
	t.Helper()
	if r := s.c.Do("GET", "/api/v1/recordings/dashboard", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("cached read: %d %s", r.Status, r.Body)
	}
	if r := s.c.Do("GET", upstream.SessionPath, nil); r.Status != http.StatusUnauthorized {
		t.Errorf("session check: %d %s", r.Status, r.Body)
	}
	wantUnauthenticated(t, "pull", s.pull())
	wantUnauthenticated(t, "push subscribe", s.subscribe())
	servertest.WantClosed(t, s.socket, live.CloseSignedOut)
}

// wantServed checks every surface still serves the token.
func (s *surfaces) wantServed() {
	t := s.t
	t.Helper()
	s.c.MustOK("GET", "/api/v1/recordings/dashboard", nil)
	if r := s.c.Do("GET", upstream.SessionPath, nil); r.Status != http.StatusNoContent {
		t.Errorf("session check: %d %s", r.Status, r.Body)
	}
	if err := s.pull(); err != nil {
		t.Errorf("pull: %v", err)
	}
	if err := s.subscribe(); err != nil {
		t.Errorf("push subscribe: %v", err)
	}
	servertest.WantOpen(t, s.socket)
}

// Signing out through the relay ends the session on the relay's own
// surfaces at once (no waiting out a cache): its cached reads, sync from
// the mirror, push subscriptions and live sockets. Another session of the
// same person, and another person, go on.
func TestRelay_SignOutThroughTheRelayEndsTheSessionOnTheRelayAtOnce(t *testing.T) {
	t.Parallel()
	p := startSignOutPair(t)
	phone := p.signIn(t, "ada@example.com")
	laptop := p.relay.NewSession(t, p.tokens, phone.UID(p.tokens))
	bob := p.signIn(t, "bob@example.com")
	importRecording(t, phone, "r1", "zebra")
	onPhone, onLaptop, onBob := p.open(t, phone), p.open(t, laptop), p.open(t, bob)

	phone.MustOK("POST", "/api/v1/auth/logout", nil)

	onPhone.wantRefused()
	onLaptop.wantServed()
	onBob.wantServed()
}

// Signing out of all devices on the upstream itself (from a device that
// does not use this relay) reaches the relay within its session answers'
// lifetime: every session of that person is refused, no one else's.
func TestRelay_SignOutEverywhereOnTheUpstreamIsRefusedByTheRelayWithinItsTTL(t *testing.T) {
	t.Parallel()
	p := startSignOutPair(t)
	phone := p.signIn(t, "ada@example.com")
	bob := p.signIn(t, "bob@example.com")
	importRecording(t, phone, "r1", "zebra")
	onPhone, onBob := p.open(t, phone), p.open(t, bob)

	p.direct(t, phone).MustOK("POST", "/api/v1/auth/logout-all", nil)
	p.clock.Advance(upstream.DefaultSessionAliveFor)

	onPhone.wantRefused()
	onBob.wantServed()
}

// Signing out of all devices through the relay ends every session of that
// person on the relay at once, its sockets included, and forgets the push
// subscriptions kept on the relay.
func TestRelay_SignOutEverywhereThroughTheRelayEndsEverySessionThereAtOnce(t *testing.T) {
	t.Parallel()
	p := startSignOutPair(t)
	phone := p.signIn(t, "ada@example.com")
	laptop := p.relay.NewSession(t, p.tokens, phone.UID(p.tokens))
	bob := p.signIn(t, "bob@example.com")
	onPhone, onLaptop, onBob := p.open(t, phone), p.open(t, laptop), p.open(t, bob)

	phone.MustOK("POST", "/api/v1/auth/logout-all", nil)

	if left, err := p.subs.List(context.Background(), phone.UID(p.tokens)); err != nil || len(left) != 0 {
		t.Errorf("push subscriptions kept on the relay after logout-all: %v %v", left, err)
	}
	onPhone.wantRefused()
	onLaptop.wantRefused()
	onBob.wantServed()
	if kept, _ := p.subs.List(context.Background(), bob.UID(p.tokens)); len(kept) == 0 {
		t.Error("bob's push subscription on the relay is gone")
	}
}

func bearer(token string) connect.ClientOption {
	return connect.WithInterceptors(connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			req.Header().Set("Authorization", "Bearer "+token)
			return next(ctx, req)
		}
	}))
}

func wantUnauthenticated(t *testing.T, what string, err error) {
	t.Helper()
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != connect.CodeUnauthenticated {
		t.Errorf("%s: want Unauthenticated, got %v", what, err)
	}
}
