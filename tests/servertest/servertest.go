// Package servertest starts the whole server, as `pocket serve` wires it, on a
// loopback port with a temporary data directory, for integration tests.
package servertest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/mail"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/app"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/storage"
	"github.com/pocket-companion/pocket/tests/apitest"
	"github.com/pocket-companion/pocket/tests/pgtest"
)

// Server is a running server under test.
type Server struct {
	URL  string
	Mail *Outbox
	Cfg  config.Config
	app  *fxtest.App
}

// Outbox captures sign-in mail instead of sending it.
type Outbox struct {
	mu   sync.Mutex
	sent []mail.Message
}

// Send records m.
func (o *Outbox) Send(_ context.Context, m mail.Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent = append(o.sent, m)
	return nil
}

var codePattern = regexp.MustCompile(`\b\d{6}\b`)

// LastCode returns the newest code mailed to email.
func (o *Outbox) LastCode(email string) string {
	o.mu.Lock()
	defer o.mu.Unlock()
	for i := len(o.sent) - 1; i >= 0; i-- {
		if o.sent[i].To == email {
			return codePattern.FindString(o.sent[i].Body)
		}
	}
	return ""
}

// To returns the messages mailed to email, oldest first.
func (o *Outbox) To(email string) []mail.Message {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []mail.Message
	for _, m := range o.sent {
		if m.To == email {
			out = append(out, m)
		}
	}
	return out
}

// Start runs the server with cfg adjusted by edit. The server stops when the test ends.
func Start(t testing.TB, edit func(*config.Config), extra ...fx.Option) *Server {
	t.Helper()
	return StartEnv(t, nil, edit, extra...)
}

// StartEnv is Start with settings read as the server reads its environment,
// for those checked as they are loaded (e.g. POCKET_PUSH_HOSTS).
func StartEnv(t testing.TB, env map[string]string, edit func(*config.Config), extra ...fx.Option) *Server {
	t.Helper()
	cfg, err := config.Load("test", nil, func(k string) string {
		if v, ok := env[k]; ok {
			return v
		}
		return map[string]string{"POCKET_ADDR": "127.0.0.1:0", "POCKET_SEED": "none"}[k]
	}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir = t.TempDir()
	if pgtest.Enabled() {
		cfg.DatabaseURL = pgtest.SchemaURL(t)
	}
	if edit != nil {
		edit(&cfg)
	}
	return StartConfig(t, cfg, extra...)
}

// StartConfig runs the server with exactly cfg (e.g. to reopen a data directory).
func StartConfig(t testing.TB, cfg config.Config, extra ...fx.Option) *Server {
	t.Helper()
	s := &Server{Mail: &Outbox{}}
	var srv *httpx.Server
	opts := []fx.Option{
		app.Options(cfg, slog.New(slog.DiscardHandler)), fx.Populate(&srv),
		fx.Provide(fx.Annotate(func(routes []httpx.Route) httpx.Outermost {
			return func(h http.Handler) http.Handler { return apitest.Handler(t, h, testOnly(routes)...) }
		}, fx.ParamTags(`group:"routes"`))),
	}
	if cfg.SMTPURL == "" {
		// Without a mail server, capture sign-in mail so tests can read codes.
		opts = append(opts, fx.Decorate(func() mail.Sender { return s.Mail }))
	}
	s.app = fxtest.New(t, append(opts, extra...)...)
	s.app.RequireStart()
	s.URL = "http://" + srv.Addr().String()
	s.Cfg = cfg
	t.Cleanup(func() { s.Stop() })
	return s
}

// Unchecked leaves a server's traffic unchecked against the API's document:
// for a relay in front of a fake upstream, whose answers are a test's
// stand-ins rather than the API's.
var Unchecked = fx.Decorate(func(httpx.Outermost) httpx.Outermost { return nil })

// testOnly are the routes a test added for itself (not in the route table):
// every other request and answer is held to the API's OpenAPI document.
func testOnly(routes []httpx.Route) []string {
	listed := make(map[string]bool, len(app.API))
	for _, r := range app.API {
		listed[r.Pattern] = true
	}
	var own []string
	for _, r := range routes {
		if !listed[r.Pattern] {
			own = append(own, r.Pattern)
		}
	}
	return own
}

// WaitReady waits until the server answers /readyz (after its seed, say).
func (s *Server) WaitReady(t testing.TB) {
	t.Helper()
	c := s.NewClient(t)
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(25 * time.Millisecond) {
		if c.Do("GET", "/readyz", nil).Status == 200 {
			return
		}
	}
	t.Fatal("server never became ready")
}

// OpenStore opens the store of a stopped server's configuration (its Badger
// directory or its PostgreSQL schema), as `pocket import` would, closed when
// the test ends.
func OpenStore(t testing.TB, cfg config.Config) *store.DB {
	t.Helper()
	db, err := store.Open(storage.Options(cfg, slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// Stop stops the server (idempotent), e.g. to reopen its data directory.
func (s *Server) Stop() {
	if s.app != nil {
		s.app.RequireStop()
		s.app = nil
	}
}

// Client is an HTTP client with a cookie jar, acting for one person.
type Client struct {
	t       testing.TB
	base    string
	HTTP    *http.Client
	IDToken string
}

// NewClient returns a signed-out client.
func (s *Server) NewClient(t testing.TB) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{t: t, base: s.URL, HTTP: &http.Client{Jar: jar}}
}

// NewClientFrom returns a signed-out client whose connections leave from
// the loopback address ip (127.0.0.2, 127.0.0.3, …; Linux routes all of
// 127.0.0.0/8 to this machine): a person on another address, for
// per-client limits.
func (s *Server) NewClientFrom(t testing.TB, ip string) *Client {
	c := s.NewClient(t)
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	transport := &http.Transport{DialContext: dialer.DialContext}
	t.Cleanup(transport.CloseIdleConnections)
	c.HTTP.Transport = transport
	return c
}

// WithToken returns a client that presents an ID token obtained elsewhere
// (e.g. before a restart of the server).
func (s *Server) WithToken(t testing.TB, idToken string) *Client {
	c := s.NewClient(t)
	c.IDToken = idToken
	return c
}

// SignIn signs email in by code and session exchange, and returns the client.
func (s *Server) SignIn(t testing.TB, email string) *Client {
	t.Helper()
	c := s.NewClient(t)
	c.MustOK("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": email})
	var verified struct {
		Data struct{ Token string } `json:"data"`
	}
	c.MustOK("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": email, "otp": s.Mail.LastCode(strings.ToLower(strings.TrimSpace(email)))}, &verified)
	var session struct{ IDToken string }
	c.MustOK("POST", "/api/v1/auth/session", map[string]string{"token": verified.Data.Token}, &session)
	c.IDToken = session.IDToken
	return c
}

// Response is a finished request.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v.
func (r Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("body %s: %v", r.Body, err)
	}
}

// Cookie is the value of the named cookie the client would send to path ("" if none).
func (c *Client) Cookie(path, name string) string {
	u, err := url.Parse(c.base + path)
	if err != nil {
		c.t.Fatal(err)
	}
	for _, k := range c.HTTP.Jar.Cookies(u) {
		if k.Name == name {
			return k.Value
		}
	}
	return ""
}

// Do sends a request; body may be nil, a []byte (sent as is) or a value sent as JSON.
func (c *Client) Do(method, path string, body any) Response {
	c.t.Helper()
	return c.DoWith(method, path, body, nil)
}

// DoWith is Do with extra headers, which replace Do's own (e.g. a browser's Origin, another Content-Type).
func (c *Client) DoWith(method, path string, body any, header http.Header) Response {
	c.t.Helper()
	var reader io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		reader = bytes.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(c.t.Context(), method, c.base+path, reader)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if c.IDToken != "" {
		req.Header.Set("Authorization", "Bearer "+c.IDToken)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	raw, _ := io.ReadAll(resp.Body)
	return Response{Status: resp.StatusCode, Header: resp.Header, Body: raw}
}

// MustOK sends a request, fails the test unless it answered 2xx, and decodes into out.
func (c *Client) MustOK(method, path string, body any, out ...any) Response {
	c.t.Helper()
	r := c.Do(method, path, body)
	if r.Status < 200 || r.Status > 299 {
		c.t.Fatalf("%s %s = %d %s", method, path, r.Status, r.Body)
	}
	for _, o := range out {
		r.JSON(c.t, o)
	}
	return r
}
