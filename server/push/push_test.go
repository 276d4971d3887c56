package push_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"go.uber.org/fx"

	pushv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/push/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/push/v1/pushv1connect"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/app"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/pushtest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

var ctx = context.Background()

// client is the generated Connect client, presenting token (none when "").
func client(s *servertest.Server, token string) pushv1connect.PushServiceClient {
	return pushv1connect.NewPushServiceClient(http.DefaultClient, s.URL, connect.WithInterceptors(
		connect.UnaryInterceptorFunc(func(next connect.UnaryFunc) connect.UnaryFunc {
			return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
				if token != "" {
					req.Header().Set("Authorization", "Bearer "+token)
				}
				return next(ctx, req)
			}
		})))
}

func wantCode(t *testing.T, err error, code connect.Code, message string) {
	t.Helper()
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != code || !strings.Contains(ce.Message(), message) {
		t.Fatalf("error %v, want code %v with %q", err, code, message)
	}
}

// loopback lets subscriptions point at the test's local push service.
func loopback(c *config.Config) { c.Push.AllowLoopback = "1" }

func publicKey(t *testing.T, c pushv1connect.PushServiceClient) string {
	t.Helper()
	res, err := c.GetVapidPublicKey(ctx, connect.NewRequest(&pushv1.GetVapidPublicKeyRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	return res.Msg.GetPublicKey()
}

func subscribe(t *testing.T, c pushv1connect.PushServiceClient, d *pushtest.Device) {
	t.Helper()
	_, err := c.Subscribe(ctx, connect.NewRequest(&pushv1.SubscribeRequest{Subscription: &pushv1.Subscription{
		Endpoint: d.Endpoint, P256Dh: d.P256dh(), Auth: d.Auth(),
	}}))
	if err != nil {
		t.Fatal(err)
	}
}

// upload posts a voice note without a summarization, which the server then
// summarises in the background (fixture 08).
func upload(t *testing.T, c *servertest.Client, id string) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "recordings", "08-voice-note-birthday-ideas.json"))
	if err != nil {
		t.Fatal(err)
	}
	var obj map[string]any
	_ = json.Unmarshal(raw, &obj)
	obj["recording"].(map[string]any)["id"] = id
	c.MustOK("POST", "/api/v1/recordings", obj)
}

func TestPushService_RefusesAnonymousCallers(t *testing.T) {
	s := servertest.Start(t, nil)
	c := client(s, "")
	_, err := c.GetVapidPublicKey(ctx, connect.NewRequest(&pushv1.GetVapidPublicKeyRequest{}))
	wantCode(t, err, connect.CodeUnauthenticated, "")
	_, err = c.Subscribe(ctx, connect.NewRequest(&pushv1.SubscribeRequest{}))
	wantCode(t, err, connect.CodeUnauthenticated, "")
	_, err = c.Unsubscribe(ctx, connect.NewRequest(&pushv1.UnsubscribeRequest{Endpoint: "https://push.example/x"}))
	wantCode(t, err, connect.CodeUnauthenticated, "")
}

func TestPushService_SummaryReadyReachesEveryDeviceOfItsOwner(t *testing.T) {
	s := servertest.Start(t, loopback)
	alice, bob := s.SignIn(t, "alice@example.com"), s.SignIn(t, "bob@example.com")
	ac, bc := client(s, alice.IDToken), client(s, bob.IDToken)
	svc := pushtest.Start(t, publicKey(t, ac), s.Cfg.Push.VAPIDSubject)
	phone := svc.NewDevice("alice-phone")
	subscribe(t, ac, phone)
	subscribe(t, bc, svc.NewDevice("bob-phone"))
	// Bob unsubscribing Alice's endpoint leaves her subscribed.
	if _, err := bc.Unsubscribe(ctx, connect.NewRequest(&pushv1.UnsubscribeRequest{Endpoint: phone.Endpoint})); err != nil {
		t.Fatal(err)
	}

	upload(t, alice, "rec-push-1")
	m := svc.WaitMessages(t, 1)[0]
	var p push.Payload
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		t.Fatalf("payload %q: %v", m.Payload, err)
	}
	if m.Device != phone || p.Type != "summary.ready" || p.RecordingID != "rec-push-1" || p.Title != "Mom's 60th – gift ideas" || p.Body == "" {
		t.Fatalf("push to %s: %+v", m.Device.Endpoint, p)
	}
	var d struct {
		Data struct{ Summarizations json.RawMessage }
	}
	alice.MustOK("GET", "/api/v1/recordings/rec-push-1", nil, &d)
	if !strings.Contains(string(d.Data.Summarizations), strings.TrimSuffix(p.Body, "…")) {
		t.Fatalf("body %q is not from the summary %.300s", p.Body, d.Data.Summarizations)
	}
	time.Sleep(100 * time.Millisecond)
	if n := len(svc.Messages()); n != 1 {
		t.Fatalf("%d pushes, want only alice's", n)
	}
	metrics := s.NewClient(t).Do("GET", "/metrics", nil)
	if !strings.Contains(string(metrics.Body), "pocket_push_sent_total 1") {
		t.Fatalf("metrics lack the sent push: %.2000s", metrics.Body)
	}
}

func TestPushService_UnsubscribedDeviceHearsNothing(t *testing.T) {
	s := servertest.Start(t, loopback)
	alice := s.SignIn(t, "alice@example.com")
	ac := client(s, alice.IDToken)
	svc := pushtest.Start(t, publicKey(t, ac), s.Cfg.Push.VAPIDSubject)
	off, on := svc.NewDevice("off"), svc.NewDevice("on")
	subscribe(t, ac, off)
	subscribe(t, ac, on)
	if _, err := ac.Unsubscribe(ctx, connect.NewRequest(&pushv1.UnsubscribeRequest{Endpoint: off.Endpoint})); err != nil {
		t.Fatal(err)
	}
	upload(t, alice, "rec-push-2")
	if m := svc.WaitMessages(t, 1)[0]; m.Device != on {
		t.Fatalf("push went to %s", m.Device.Endpoint)
	}
	time.Sleep(100 * time.Millisecond)
	if svc.Requests(off) != 0 {
		t.Fatal("the unsubscribed device was pushed to")
	}
}

func TestPushService_RejectsBadSubscriptions(t *testing.T) {
	s := servertest.Start(t, nil) // loopback not allowed
	alice := s.SignIn(t, "alice@example.com")
	c := client(s, alice.IDToken)
	d := pushtest.NewDevice("https://fcm.googleapis.com/fcm/send/1")
	cases := []struct {
		name, want string
		sub        *pushv1.Subscription
	}{
		{"missing", "subscription is required", nil},
		{"http endpoint", "https URL", &pushv1.Subscription{Endpoint: "http://push.example/1", P256Dh: d.P256dh(), Auth: d.Auth()}},
		{"loopback without the switch", "https URL", &pushv1.Subscription{Endpoint: "http://127.0.0.1:9/1", P256Dh: d.P256dh(), Auth: d.Auth()}},
		{"short key", "p256dh", &pushv1.Subscription{Endpoint: d.Endpoint, P256Dh: "AAAA", Auth: d.Auth()}},
		{"short auth", "auth", &pushv1.Subscription{Endpoint: d.Endpoint, P256Dh: d.P256dh(), Auth: "AAAA"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Subscribe(ctx, connect.NewRequest(&pushv1.SubscribeRequest{Subscription: tc.sub}))
			wantCode(t, err, connect.CodeInvalidArgument, tc.want)
		})
	}
	_, err := c.Unsubscribe(ctx, connect.NewRequest(&pushv1.UnsubscribeRequest{}))
	wantCode(t, err, connect.CodeInvalidArgument, "endpoint is required")
}

func TestPushService_KeysSurviveARestart(t *testing.T) {
	s := servertest.Start(t, nil)
	token := s.SignIn(t, "alice@example.com").IDToken
	before := publicKey(t, client(s, token))
	cfg := s.Cfg
	s.Stop()
	again := servertest.StartConfig(t, cfg)
	after := publicKey(t, client(again, token))
	if before != after || len(before) != 87 {
		t.Fatalf("public key %q before the restart, %q after", before, after)
	}
	if cfg.DatabaseURL != "" { // kept in the database every replica shares
		err := servertest.OpenStore(t, cfg).View(func(x *store.Txn) error { _, err := x.Get(store.Key("meta", "vapid-keys")); return err })
		if err != nil {
			t.Fatalf("meta/vapid-keys: %v", err)
		}
		return
	}
	if info, err := os.Stat(filepath.Join(cfg.DataDir, "keys", "vapid.json")); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v", err)
	}
}

// envKeys is a pair generated by webpush.GenerateVAPIDKeys, for tests only.
var envKeys = push.Keys{
	Public:  "BOeEI3NMwdvDnvpwMkjp9ztbg2W2_l1yvMAnFXRf7sVn3CDhPJv5V2mBEwNFLUZWTNH_72XAIXU39x_fgAO74SE",
	Private: "pai624qjg3UhO36pz1R-Jnc5XEuvd_e6vzs2YJA4C_I",
}

func TestPushService_SignsWithKeysFromTheEnvironment(t *testing.T) {
	s := servertest.Start(t, func(c *config.Config) {
		loopback(c)
		c.Push.VAPIDPublicKey, c.Push.VAPIDPrivateKey = envKeys.Public, envKeys.Private
		c.Push.VAPIDSubject = "https://pocket.example"
	})
	alice := s.SignIn(t, "alice@example.com")
	ac := client(s, alice.IDToken)
	if got := publicKey(t, ac); got != envKeys.Public {
		t.Fatalf("public key %q, want the configured one", got)
	}
	svc := pushtest.Start(t, envKeys.Public, "https://pocket.example")
	subscribe(t, ac, svc.NewDevice("phone"))
	upload(t, alice, "rec-push-3")
	svc.WaitMessages(t, 1) // verified against envKeys.Public and the subject
	if _, err := os.Stat(filepath.Join(s.Cfg.DataDir, "keys", "vapid.json")); !os.IsNotExist(err) {
		t.Fatalf("configured keys must not be replaced by generated ones: %v", err)
	}
}

func TestPushService_HalfAKeyPairStopsTheServer(t *testing.T) {
	for name, edit := range map[string]func(*config.Push){
		"public only":  func(p *config.Push) { p.VAPIDPublicKey = envKeys.Public },
		"private only": func(p *config.Push) { p.VAPIDPrivateKey = envKeys.Private },
	} {
		t.Run(name, func(t *testing.T) {
			cfg, err := config.Load("test", nil, func(k string) string {
				return map[string]string{"POCKET_ADDR": "127.0.0.1:0", "POCKET_SEED": "none"}[k]
			}, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			cfg.DataDir = t.TempDir()
			edit(&cfg.Push)
			err = fx.New(app.Options(cfg, slog.New(slog.DiscardHandler))).Err()
			if err == nil || !strings.Contains(err.Error(), "POCKET_VAPID_PUBLIC_KEY and POCKET_VAPID_PRIVATE_KEY must be set together") {
				t.Fatalf("start error %v", err)
			}
		})
	}
}

// The endpoints a probe saw accepted: each is refused at once, whether or
// not the test-only loopback switch is on (it admits loopback only).
func TestPushService_RefusesEndpointsInsideTheNetwork(t *testing.T) {
	d := pushtest.NewDevice("https://fcm.googleapis.com/fcm/send/1")
	for name, edit := range map[string]func(*config.Config){"default": nil, "loopback allowed": loopback} {
		t.Run(name, func(t *testing.T) {
			s := servertest.Start(t, edit)
			c := client(s, s.SignIn(t, "alice@example.com").IDToken)
			for endpoint, want := range map[string]string{
				"https://10.0.0.1/push/x":                  "not an IP address",
				"https://169.254.169.254/latest/meta-data": "not an IP address",
				"https://[fd00::1]/push/x":                 "not an IP address",
				"https://metadata.google.internal/x":       "not a known push service",
				"https://redis/push/x":                     "not a known push service",
				"https://fcm.googleapis.com:8080/x":        "port 443",
			} {
				_, err := c.Subscribe(ctx, connect.NewRequest(&pushv1.SubscribeRequest{Subscription: &pushv1.Subscription{
					Endpoint: endpoint, P256Dh: d.P256dh(), Auth: d.Auth(),
				}}))
				wantCode(t, err, connect.CodeInvalidArgument, want)
			}
		})
	}
	strict := servertest.Start(t, nil)
	c := client(strict, strict.SignIn(t, "alice@example.com").IDToken)
	for _, endpoint := range []string{"https://127.0.0.1:8443/push/x", "https://[::1]/push/x"} {
		_, err := c.Subscribe(ctx, connect.NewRequest(&pushv1.SubscribeRequest{Subscription: &pushv1.Subscription{
			Endpoint: endpoint, P256Dh: d.P256dh(), Auth: d.Auth(),
		}}))
		wantCode(t, err, connect.CodeInvalidArgument, "not an IP address")
	}
}
