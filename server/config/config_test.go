package config

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/push"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoad_DefaultsMatchTheContract(t *testing.T) {
	c, err := Load("t", nil, envOf(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.DataDir != "./data" || c.PublicURL != "http://127.0.0.1:8080" ||
		c.Seed != "fixtures" || c.DemoEmail != "demo@example.com" || c.MailFrom != "Pocket <no-reply@localhost>" ||
		c.Google.Issuer != "https://accounts.google.com" || c.LogLevel != "info" {
		t.Fatalf("defaults = %+v", c)
	}
	if !c.SeedEnabled() || c.GoogleConfigured() || c.AppleConfigured() {
		t.Fatal("default switches wrong")
	}
}

func TestLoad_FlagsOverrideEnvironment(t *testing.T) {
	env := envOf(map[string]string{"POCKET_ADDR": "0.0.0.0:1", "POCKET_DATA_DIR": "/env", "POCKET_SEED": "none"})
	c, err := Load("t", []string{"--addr", "127.0.0.1:9", "--public-url", "https://pocket.example/"}, env, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9" || c.DataDir != "/env" || c.PublicURL != "https://pocket.example" || c.SeedEnabled() {
		t.Fatalf("got %+v", c)
	}
}

func TestLoad_SecretsFromFilesAndRedacted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secret")
	_ = os.WriteFile(path, []byte("s3cret\n"), 0o600)
	env := envOf(map[string]string{
		"POCKET_GOOGLE_CLIENT_ID": "id", "POCKET_GOOGLE_CLIENT_SECRET_FILE": path,
		"POCKET_SMTP_URL": "smtp://user:hunter2@mail:25",
	})
	c, err := Load("t", nil, env, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Google.ClientSecret != "s3cret" || !c.GoogleConfigured() {
		t.Fatalf("secret file not read: %+v", c.Google)
	}
	printed := c.Redacted()
	all := strings.Join([]string{printed["POCKET_GOOGLE_CLIENT_SECRET"], printed["POCKET_SMTP_URL"]}, " ")
	if strings.Contains(all, "s3cret") || strings.Contains(all, "hunter2") || !strings.Contains(all, "user") {
		t.Fatalf("redacted = %q", all)
	}
}

func TestLoad_RejectsBadValues(t *testing.T) {
	cases := map[string]map[string]string{
		"public url not http": {"POCKET_PUBLIC_URL": "ftp://x"},
		"public url no host":  {"POCKET_PUBLIC_URL": "http://"},
		"smtp url wrong":      {"POCKET_SMTP_URL": "mail.example.com:25"},
		"log level unknown":   {"POCKET_LOG_LEVEL": "loud"},
		"secret file missing": {"POCKET_LLM_API_KEY_FILE": "/does/not/exist"},
	}
	for name, env := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := Load("t", nil, envOf(env), io.Discard); err == nil {
				t.Fatal("want an error")
			}
		})
	}
	if _, err := Load("t", []string{"stray"}, envOf(nil), io.Discard); err == nil {
		t.Fatal("stray arguments must fail")
	}
}

func TestLoad_MetricsTokenFromFileFlagAndRedacted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "metrics-token")
	_ = os.WriteFile(path, []byte("scrape-me\n"), 0o600)
	c, err := Load("t", nil, envOf(map[string]string{"POCKET_METRICS_TOKEN_FILE": path}), io.Discard)
	if err != nil || c.MetricsToken != "scrape-me" {
		t.Fatalf("token from file = %q, %v", c.MetricsToken, err)
	}
	if got := c.Redacted()["POCKET_METRICS_TOKEN"]; got != "[redacted]" {
		t.Fatalf("printed as %q", got)
	}
	c, err = Load("t", []string{"--metrics-token", "from-flag"}, envOf(map[string]string{"POCKET_METRICS_TOKEN": "from-env"}), io.Discard)
	if err != nil || c.MetricsToken != "from-flag" {
		t.Fatalf("flag = %q, %v", c.MetricsToken, err)
	}
	if c, _ := Load("t", nil, envOf(nil), io.Discard); c.MetricsToken != "" {
		t.Fatalf("default = %q", c.MetricsToken)
	}
}

func TestLoad_UpstreamURLTurnsOnRelayMode(t *testing.T) {
	for name, load := range map[string]func() (Config, error){
		"environment": func() (Config, error) {
			return Load("t", nil, envOf(map[string]string{"POCKET_UPSTREAM_URL": "https://provider.example/"}), io.Discard)
		},
		"flag": func() (Config, error) {
			return Load("t", []string{"--upstream-url", "https://provider.example/"}, envOf(nil), io.Discard)
		},
	} {
		t.Run(name, func(t *testing.T) {
			c, err := load()
			if err != nil || !c.Relay() || c.UpstreamURL != "https://provider.example" {
				t.Fatalf("got %+v, %v", c, err)
			}
			if c.UpstreamJWKSURL != "https://provider.example/api/v1/auth/jwks" || c.UpstreamTimeout != 15*time.Second {
				t.Fatalf("defaults: jwks %q timeout %v", c.UpstreamJWKSURL, c.UpstreamTimeout)
			}
		})
	}
	if c, err := Load("t", nil, envOf(nil), io.Discard); err != nil || c.Relay() {
		t.Fatalf("unset upstream must be embedded mode: %+v %v", c, err)
	}
}

func TestLoad_RefusesBadUpstreamSettings(t *testing.T) {
	for name, env := range map[string]map[string]string{
		"not a URL":        {"POCKET_UPSTREAM_URL": "provider.example"},
		"ftp":              {"POCKET_UPSTREAM_URL": "ftp://provider.example"},
		"timeout not time": {"POCKET_UPSTREAM_TIMEOUT": "soon"},
		"timeout zero":     {"POCKET_UPSTREAM_TIMEOUT": "0s"},
		"bad jwks":         {"POCKET_UPSTREAM_URL": "https://p.example", "POCKET_UPSTREAM_JWKS_URL": "keys"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := Load("t", nil, envOf(env), io.Discard); err == nil || !strings.Contains(err.Error(), "POCKET_UPSTREAM") {
				t.Fatalf("got %v", err)
			}
		})
	}
}

func TestLoad_PushDefaults(t *testing.T) {
	c, err := Load("t", nil, envOf(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Push.VAPIDSubject != "mailto:no-reply@localhost" || c.VAPIDKeysGiven() || c.PushAllowsLoopback() {
		t.Fatalf("push defaults = %+v", c.Push)
	}
	c, err = Load("t", nil, envOf(map[string]string{"POCKET_PUBLIC_URL": "https://pocket.example", "POCKET_PUSH_ALLOW_LOOPBACK": "1"}), io.Discard)
	if err != nil || c.Push.VAPIDSubject != "https://pocket.example" || !c.PushAllowsLoopback() {
		t.Fatalf("push with an https site = %+v, %v", c.Push, err)
	}
}

// A pair generated by webpush.GenerateVAPIDKeys, for tests only.
const (
	testVAPIDPublic  = "BOeEI3NMwdvDnvpwMkjp9ztbg2W2_l1yvMAnFXRf7sVn3CDhPJv5V2mBEwNFLUZWTNH_72XAIXU39x_fgAO74SE"
	testVAPIDPrivate = "pai624qjg3UhO36pz1R-Jnc5XEuvd_e6vzs2YJA4C_I"
)

func TestLoad_VAPIDKeysComeInPairs(t *testing.T) {
	for name, env := range map[string]map[string]string{
		"public alone":  {"POCKET_VAPID_PUBLIC_KEY": testVAPIDPublic},
		"private alone": {"POCKET_VAPID_PRIVATE_KEY": testVAPIDPrivate},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Load("t", nil, envOf(env), io.Discard)
			if err == nil || !strings.Contains(err.Error(), "must be set together") {
				t.Fatalf("error %v", err)
			}
		})
	}
	c, err := Load("t", nil, envOf(map[string]string{"POCKET_VAPID_PUBLIC_KEY": testVAPIDPublic, "POCKET_VAPID_PRIVATE_KEY": testVAPIDPrivate}), io.Discard)
	if err != nil || !c.VAPIDKeysGiven() {
		t.Fatalf("the pair: %v", err)
	}
	if c.Redacted()["POCKET_VAPID_PRIVATE_KEY"] != "[redacted]" {
		t.Fatal("the private key must be redacted")
	}
}

func TestLoad_RejectsBadPushSettings(t *testing.T) {
	cases := map[string]map[string]string{
		"mismatched pair":  {"POCKET_VAPID_PUBLIC_KEY": testVAPIDPublic, "POCKET_VAPID_PRIVATE_KEY": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAE"},
		"subject plain":    {"POCKET_VAPID_SUBJECT": "ops@pocket.example"},
		"subject http":     {"POCKET_VAPID_SUBJECT": "http://pocket.example"},
		"loopback not 0/1": {"POCKET_PUSH_ALLOW_LOOPBACK": "yes"},
	}
	for name, env := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := Load("t", nil, envOf(env), io.Discard); err == nil {
				t.Fatal("want an error")
			}
		})
	}
}

func TestLoad_PushHosts(t *testing.T) {
	c, err := Load("t", nil, envOf(nil), io.Discard)
	if err != nil || !slices.Equal(c.PushEndpoints().Hosts, push.DefaultHosts) || c.PushEndpoints().AllowLoopback {
		t.Fatalf("default policy %+v, %v", c.PushEndpoints(), err)
	}
	c, err = Load("t", nil, envOf(map[string]string{"POCKET_PUSH_HOSTS": " fcm.googleapis.com, *.Push.Example. ,"}), io.Discard)
	if want := []string{"fcm.googleapis.com", "*.push.example"}; err != nil || !slices.Equal(c.PushEndpoints().Hosts, want) {
		t.Fatalf("hosts %v, %v; want %v", c.PushEndpoints().Hosts, err, want)
	}
	for _, bad := range []string{"10.0.0.1", "push.example:8443", "*", "a.*.example", ",", "[::1]"} {
		_, err := Load("t", nil, envOf(map[string]string{"POCKET_PUSH_HOSTS": bad}), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "POCKET_PUSH_HOSTS") {
			t.Errorf("POCKET_PUSH_HOSTS=%q: error %v", bad, err)
		}
	}
}

func TestLoad_RefusesADatabaseForARelay(t *testing.T) {
	_, err := Load("test", nil, func(k string) string {
		return map[string]string{"POCKET_UPSTREAM_URL": "https://upstream.example", "POCKET_DATABASE_URL": "postgres://db.example/pocket"}[k]
	}, io.Discard)
	if !errors.Is(err, ErrRelayWithDatabase) {
		t.Fatalf("Load = %v, want ErrRelayWithDatabase", err)
	}
}
