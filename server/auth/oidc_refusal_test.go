package auth_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/oidctest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

var verified = oidctest.User{Subject: "g-9", Email: "ada@example.com", EmailVerified: true}

func TestOIDCCallback_Refusals(t *testing.T) {
	env := startOIDC(t, nil)
	cases := []struct {
		name    string
		run     func(t *testing.T, b *browser) answer
		status  int
		message string
	}{
		{"access denied", func(t *testing.T, b *browser) answer {
			return b.get(env.googleCallback(t, b, oidctest.User{Deny: true}))
		}, 403, "Sign-in with Google was cancelled."},
		{"unknown state", func(t *testing.T, b *browser) answer {
			return b.get(env.s.URL + "/api/v1/auth/google/callback?code=abc&state=never-issued")
		}, 400, "expired or was already used"},
		{"no state", func(t *testing.T, b *browser) answer {
			return b.get(env.s.URL + "/api/v1/auth/google/callback?code=abc")
		}, 400, "expired or was already used"},
		{"reused state", func(t *testing.T, b *browser) answer {
			callback := env.googleCallback(t, b, verified)
			if first := b.get(callback).page(t); first.message.Token == "" {
				t.Fatalf("first use failed: %+v", first.message)
			}
			return b.get(callback)
		}, 400, "expired or was already used"},
		{"wrong nonce in the ID token", func(t *testing.T, b *browser) answer {
			u := verified
			u.Nonce = "a-nonce-from-another-sign-in"
			return b.get(env.googleCallback(t, b, u))
		}, 401, "could not be verified"},
		{"unverified email", func(t *testing.T, b *browser) answer {
			u := verified
			u.EmailVerified = false
			return b.get(env.googleCallback(t, b, u))
		}, 403, "no verified email address"},
		{"email_verified missing", func(t *testing.T, b *browser) answer {
			u := verified
			u.EmailVerified = nil
			return b.get(env.googleCallback(t, b, u))
		}, 403, "no verified email address"},
		{"no email", func(t *testing.T, b *browser) answer {
			return b.get(env.googleCallback(t, b, oidctest.User{Subject: "g-10", EmailVerified: true}))
		}, 403, "no verified email address"},
		{"code the issuer does not know", func(t *testing.T, b *browser) answer {
			callback, _ := url.Parse(env.googleCallback(t, b, verified))
			q := callback.Query()
			q.Set("code", "forged-code-0123456789")
			callback.RawQuery = q.Encode()
			return b.get(callback.String())
		}, 502, "could not be completed"},
		{"missing code", func(t *testing.T, b *browser) answer {
			callback, _ := url.Parse(env.googleCallback(t, b, verified))
			return b.get(env.s.URL + callback.Path + "?state=" + url.QueryEscape(callback.Query().Get("state")))
		}, 400, "incomplete"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			page := tc.run(t, newBrowser(t)).page(t)
			if page.status != tc.status || page.message.Token != "" || page.message.Provider != "google" ||
				!strings.Contains(page.message.Error, tc.message) || page.origin != env.s.URL {
				t.Fatalf("got %d %+v to %s, want %d with %q", page.status, page.message, page.origin, tc.status, tc.message)
			}
		})
	}
	if logs := env.logs.String(); strings.Contains(logs, "forged-code-0123456789") {
		t.Fatalf("the log holds an authorization code:\n%s", logs)
	}
}

func TestOIDCCallback_StateOfOneProviderIsRefusedByTheOther(t *testing.T) {
	env := startOIDC(t, nil)
	b := newBrowser(t)
	google, _ := url.Parse(env.googleCallback(t, b, verified))
	page := b.post(env.s.URL+"/api/v1/auth/apple/callback", env.apple.URL, google.Query()).page(t)
	if page.status != 400 || page.message.Provider != "apple" || page.message.Token != "" {
		t.Fatalf("got %d %+v", page.status, page.message)
	}
	if again := b.get(google.String()).page(t); again.message.Token != "" {
		t.Fatal("the refused state must be used up")
	}
}

func TestOIDCStart_UnconfiguredProviderSaysSo(t *testing.T) {
	s := servertest.Start(t, nil)
	b := newBrowser(t)
	for provider, label := range map[string]string{"google": "Google", "apple": "Apple"} {
		page := b.get(s.URL + "/api/v1/auth/" + provider + "/start").page(t)
		want := "Sign-in with " + label + " is not configured on this server"
		if page.status != 404 || page.message.Provider != provider || page.message.Error != want || page.message.Token != "" {
			t.Fatalf("%s start = %d %+v", provider, page.status, page.message)
		}
	}
}

func TestProviders_ReportConfiguredOIDC(t *testing.T) {
	env := startOIDC(t, nil)
	var p map[string]bool
	env.s.NewClient(t).MustOK("GET", "/api/v1/auth/providers", nil, &p)
	if !p["google"] || !p["apple"] {
		t.Fatalf("both are configured, got %v", p)
	}
}

func TestOIDCStart_UnreachableIssuerGivesAClearPageAndTheServerKeepsRunning(t *testing.T) {
	// Port 1 refuses connections: the server must still start (no discovery at start).
	s := startOnKnownPort(t, func(c *config.Config) {
		c.Google = config.Google{ClientID: googleClient, ClientSecret: "s", Issuer: "http://127.0.0.1:1"}
	})
	page := newBrowser(t).get(s.URL + "/api/v1/auth/google/start").page(t)
	if page.status != 503 || !strings.Contains(page.message.Error, "Google sign-in is unavailable right now") {
		t.Fatalf("start = %d %+v", page.status, page.message)
	}
	s.NewClient(t).MustOK("GET", "/api/v1/auth/providers", nil)
}

func TestOIDCStart_RetriesDiscoveryAfterAFailure(t *testing.T) {
	env := startOIDC(t, nil)
	b := newBrowser(t)
	env.google.SetDown(true)
	if page := b.get(env.s.URL + "/api/v1/auth/google/start").page(t); page.status != 503 {
		t.Fatalf("start with the issuer down = %d %+v", page.status, page.message)
	}
	env.google.SetDown(false)
	env.google.Queue(verified)
	authorize := b.get(env.s.URL + "/api/v1/auth/google/start").redirect(t)
	if page := b.get(b.get(authorize.String()).redirect(t).String()).page(t); page.message.Token == "" {
		t.Fatalf("sign-in after the issuer came back: %+v", page.message)
	}
}

func TestAppleStart_UnusableKeyDisablesOnlyApple(t *testing.T) {
	env := startOIDC(t, func(c *config.Config) { c.Apple.PrivateKey = "not a key" })
	page := newBrowser(t).get(env.s.URL + "/api/v1/auth/apple/start").page(t)
	if page.status != 503 || !strings.Contains(page.message.Error, "not configured correctly") {
		t.Fatalf("apple start = %d %+v", page.status, page.message)
	}
	newBrowser(t).get(env.s.URL + "/api/v1/auth/google/start").redirect(t)
}
