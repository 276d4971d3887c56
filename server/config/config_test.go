package config

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

func TestLoad_RefusesUpstreamURLForTheRelayThisVersionLacks(t *testing.T) {
	for name, load := range map[string]func() (Config, error){
		"environment": func() (Config, error) {
			return Load("t", nil, envOf(map[string]string{"POCKET_UPSTREAM_URL": "https://provider.example"}), io.Discard)
		},
		"flag": func() (Config, error) {
			return Load("t", []string{"--upstream-url", "https://provider.example"}, envOf(nil), io.Discard)
		},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := load()
			if !errors.Is(err, ErrRelayUnavailable) || !strings.Contains(err.Error(), "unset it to use the embedded provider") {
				t.Fatalf("got %v", err)
			}
		})
	}
}
