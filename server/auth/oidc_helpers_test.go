package auth_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/oidctest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

const (
	googleClient = "pocket-google.apps.example"
	appleClient  = "com.example.pocket.web"
	appleTeam    = "TEAM123456"
	appleKeyID   = "KEY7654321"
)

// oidcEnv is a server with Google and Apple sign-in pointing at local issuers.
type oidcEnv struct {
	s             *servertest.Server
	google, apple *oidctest.Issuer
	appleKey      *ecdsa.PrivateKey
	logs          *syncBuffer
}

// startOIDC starts issuers and the server. edit may change the configuration last.
func startOIDC(t *testing.T, edit func(*config.Config)) *oidcEnv {
	t.Helper()
	env := &oidcEnv{logs: &syncBuffer{}}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	env.appleKey = key
	env.google = oidctest.New(t, googleClient, func(s string) error {
		if s != "google-secret" {
			return errors.New("wrong secret")
		}
		return nil
	})
	env.apple = oidctest.New(t, appleClient, nil)
	env.apple.CheckSecret = func(s string) error { return appleSecretError(s, &key.PublicKey, env.apple.URL) }
	env.s = startOnKnownPort(t, func(c *config.Config) {
		c.Google = config.Google{ClientID: googleClient, ClientSecret: "google-secret", Issuer: env.google.URL}
		c.Apple = config.Apple{ClientID: appleClient, TeamID: appleTeam, KeyID: appleKeyID,
			PrivateKey: pkcs8PEM(t, key), Issuer: env.apple.URL}
		if edit != nil {
			edit(c)
		}
	}, captureLogs(env.logs), whoami())
	return env
}

// startOnKnownPort works around servertest binding 127.0.0.1:0: the OIDC redirect
// URI is built from POCKET_PUBLIC_URL, so the port must be known before start. It
// binds a free port, releases it and starts the server there (a tiny race with
// other processes on this machine, acceptable in tests).
func startOnKnownPort(t *testing.T, edit func(*config.Config), extra ...fx.Option) *servertest.Server {
	t.Helper()
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return servertest.Start(t, func(c *config.Config) {
		c.Addr, c.PublicURL = addr, "http://"+addr
		if edit != nil {
			edit(c)
		}
	}, extra...)
}

func pkcs8PEM(t *testing.T, key *ecdsa.PrivateKey) string {
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
}

// appleSecretError checks an Apple client secret the way Apple does.
func appleSecretError(secret string, pub *ecdsa.PublicKey, issuer string) error {
	var claims jwt.RegisteredClaims
	tok, err := jwt.ParseWithClaims(secret, &claims, func(*jwt.Token) (any, error) { return pub, nil },
		jwt.WithValidMethods([]string{"ES256"}), jwt.WithIssuer(appleTeam), jwt.WithSubject(appleClient),
		jwt.WithAudience(issuer), jwt.WithIssuedAt(), jwt.WithExpirationRequired())
	switch {
	case err != nil:
		return err
	case tok.Header["kid"] != appleKeyID:
		return errors.New("kid is not the key id")
	case claims.ExpiresAt.Sub(claims.IssuedAt.Time) > 6*30*24*time.Hour || claims.ExpiresAt.Sub(claims.IssuedAt.Time) <= 0:
		return errors.New("lifetime out of range")
	}
	return nil
}

// captureLogs replaces the server's logger so tests can read what it logged.
func captureLogs(buf *syncBuffer) fx.Option {
	return fx.Decorate(func() *slog.Logger {
		return slog.New(slog.NewJSONHandler(buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// browser is a popup window: it follows no redirects by itself and keeps no
// cookies, which proves the flow needs none.
type browser struct {
	t    *testing.T
	http *http.Client
}

func newBrowser(t *testing.T) *browser {
	return &browser{t: t, http: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

type answer struct {
	status int
	header http.Header
	body   string
}

func (b *browser) do(req *http.Request) answer {
	b.t.Helper()
	resp, err := b.http.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, string(raw)}
}

func (b *browser) get(rawURL string) answer {
	req, _ := http.NewRequestWithContext(b.t.Context(), "GET", rawURL, nil)
	return b.do(req)
}

// post sends a cross-site form POST, as Apple's form_post page does.
func (b *browser) post(rawURL, origin string, form url.Values) answer {
	req, _ := http.NewRequestWithContext(b.t.Context(), "POST", rawURL, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", origin)
	return b.do(req)
}

// redirect expects a 302 and returns where it points.
func (a answer) redirect(t *testing.T) *url.URL {
	t.Helper()
	if a.status != http.StatusFound {
		t.Fatalf("want a redirect, got %d %s", a.status, a.body)
	}
	u, err := url.Parse(a.header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// popup is the callback page as the app window would receive it.
type popup struct {
	answer
	message struct{ Type, Provider, Token, Error string }
	origin  string
}

var (
	dataBlock   = regexp.MustCompile(`(?s)<script id="pocket-auth" type="application/json">(.*?)</script>`)
	scriptNonce = regexp.MustCompile(`<script nonce="([^"]+)">`)
)

// page parses a popup page and checks what every one of them must have.
func (a answer) page(t *testing.T) popup {
	t.Helper()
	m := dataBlock.FindStringSubmatch(a.body)
	if m == nil {
		t.Fatalf("no data block in %d %s", a.status, a.body)
	}
	var data struct {
		Message struct{ Type, Provider, Token, Error string }
		Origin  string
	}
	if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
		t.Fatalf("data block %s: %v", m[1], err)
	}
	n := scriptNonce.FindStringSubmatch(a.body)
	csp := a.header.Get("Content-Security-Policy")
	if n == nil || !strings.Contains(csp, "script-src 'nonce-"+n[1]+"'") || !strings.Contains(csp, "default-src 'none'") {
		t.Fatalf("script nonce %v does not match CSP %q", n, csp)
	}
	if a.header.Get("Cache-Control") != "no-store" || a.header.Get("Referrer-Policy") != "no-referrer" ||
		!strings.HasPrefix(a.header.Get("Content-Type"), "text/html") {
		t.Fatalf("popup headers %v", a.header)
	}
	for _, want := range []string{"window.opener.postMessage(data.message, data.origin)", "window.close()", "/login"} {
		if !strings.Contains(a.body, want) {
			t.Fatalf("popup page lacks %q:\n%s", want, a.body)
		}
	}
	if data.Message.Type != "pocket-auth" {
		t.Fatalf("message type %q", data.Message.Type)
	}
	return popup{answer: a, message: data.Message, origin: data.Origin}
}

// session exchanges a popup's custom token the way the app does.
func (e *oidcEnv) session(t *testing.T, token string) (*servertest.Client, sessionUser) {
	t.Helper()
	c := e.s.NewClient(t)
	var s struct {
		IDToken string
		User    sessionUser
	}
	c.MustOK("POST", "/api/v1/auth/session", map[string]string{"token": token}, &s)
	c.IDToken = s.IDToken
	return c, s.User
}

type sessionUser struct{ UID, Email, DisplayName, PhotoURL string }

// googleCallback runs /start and the issuer, returning the callback URL the
// issuer sent the popup to (not yet visited).
func (e *oidcEnv) googleCallback(t *testing.T, b *browser, u oidctest.User) string {
	t.Helper()
	e.google.Queue(u)
	authorize := b.get(e.s.URL + "/api/v1/auth/google/start").redirect(t)
	return b.get(authorize.String()).redirect(t).String()
}
