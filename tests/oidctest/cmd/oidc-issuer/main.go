// Command oidc-issuer runs the test OpenID Connect issuer of package oidctest as
// a process, so browser tests (e2e/) can sign in with "Google" against a real
// authorization code flow without reaching Google. It is a test tool: it signs
// in whoever it is told to, with no password.
//
//	oidc-issuer -addr 127.0.0.1:9400 -client-id pocket-e2e -client-secret s3cret [-email ada@example.com]
//
// The person signed in by the next authorization request is, in order: one
// queued with POST /queue (JSON: subject, email, email_verified, name, picture,
// deny), else the fixed person of -email, else nobody: the issuer then answers
// 400 "no user queued" and the popup stays open, as when a person never picks
// an account. Every other path is the oidctest issuer: discovery, JWKS,
// /authorize and /token.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/oidctest"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "oidc-issuer:", err)
		os.Exit(1)
	}
}

type options struct {
	addr, clientID, clientSecret string
	fixed                        *oidctest.User
}

func parseFlags(args []string) (options, error) {
	fs := flag.NewFlagSet("oidc-issuer", flag.ContinueOnError)
	var o options
	var email, name, subject string
	fs.StringVar(&o.addr, "addr", "127.0.0.1:0", "listen address; port 0 picks a free one (the URL is printed)")
	fs.StringVar(&o.clientID, "client-id", "pocket-e2e", "the one client id the issuer accepts")
	fs.StringVar(&o.clientSecret, "client-secret", "pocket-e2e-secret", "the client secret the token endpoint requires")
	fs.StringVar(&email, "email", "", "sign in this verified address whenever nothing is queued (default: nobody)")
	fs.StringVar(&name, "name", "", "display name of the -email person")
	fs.StringVar(&subject, "subject", "", "subject of the -email person (default: derived from the address)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if o.clientID == "" || o.clientSecret == "" {
		return o, errors.New("-client-id and -client-secret must not be empty")
	}
	if email != "" {
		o.fixed = &oidctest.User{Subject: orDefault(subject, "sub-"+email), Email: email, EmailVerified: true, Name: name}
	}
	return o, nil
}

func run(args []string, stdout io.Writer) error {
	o, err := parseFlags(args)
	if err != nil {
		return err
	}
	ln, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", o.addr)
	if err != nil {
		return err
	}
	life := &lifetime{}
	defer life.end()
	issuer := oidctest.New(life, o.clientID, func(secret string) error {
		if secret != o.clientSecret {
			return errors.New("wrong client secret")
		}
		return nil
	})
	f, err := newFront(issuer, o.fixed)
	if err != nil {
		return err
	}
	// The issuer identifier is this front's address: discovery and ID tokens name it.
	issuer.URL = "http://" + ln.Addr().String()
	_, _ = fmt.Fprintf(stdout, "oidc-issuer listening on %s (client id %s)\n", issuer.URL, o.clientID)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Handler: f.routes(), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// front listens on the chosen address, takes POST /queue itself and passes the
// rest to the oidctest issuer, which only listens on a port of its own choosing.
type front struct {
	issuer *oidctest.Issuer
	proxy  http.Handler
	fixed  *oidctest.User

	mu sync.Mutex
	// queued counts people handed to the issuer and not yet signed in, so the
	// fixed person is queued only when the issuer's own queue is empty.
	queued int
}

func newFront(issuer *oidctest.Issuer, fixed *oidctest.User) (*front, error) {
	target, err := url.Parse(issuer.URL)
	if err != nil {
		return nil, err
	}
	return &front{issuer: issuer, proxy: httputil.NewSingleHostReverseProxy(target), fixed: fixed}, nil
}

func (f *front) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /queue", f.queue)
	mux.HandleFunc("GET /authorize", f.authorize)
	mux.Handle("/", f.proxy)
	return mux
}

// queuedUser is the JSON of POST /queue.
type queuedUser struct {
	Subject       string `json:"subject"`
	Email         string `json:"email"`
	EmailVerified *bool  `json:"email_verified"` // default true
	Name          string `json:"name"`
	Picture       string `json:"picture"`
	Deny          bool   `json:"deny"` // answer access_denied, as when the person cancels
}

func (f *front) queue(w http.ResponseWriter, r *http.Request) {
	var q queuedUser
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 16<<10)).Decode(&q); err != nil || (q.Email == "" && !q.Deny) {
		http.Error(w, "want JSON with at least an email (or deny: true)", http.StatusBadRequest)
		return
	}
	verified := q.EmailVerified == nil || *q.EmailVerified
	f.mu.Lock()
	defer f.mu.Unlock()
	f.issuer.Queue(oidctest.User{
		Subject: orDefault(q.Subject, "sub-"+q.Email), Email: q.Email, EmailVerified: verified,
		Name: q.Name, Picture: q.Picture, Deny: q.Deny,
	})
	f.queued++
	w.WriteHeader(http.StatusNoContent)
}

// authorize runs one authorization at a time so the count of queued people stays exact.
func (f *front) authorize(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.queued == 0 && f.fixed != nil {
		f.issuer.Queue(*f.fixed)
		f.queued++
	}
	rec := &statusRecorder{ResponseWriter: w}
	f.proxy.ServeHTTP(rec, r)
	// The issuer takes someone from its queue only when it answers with a
	// redirect or Apple's form_post page; its 400s leave the queue as it was.
	if (rec.status == http.StatusFound || rec.status == http.StatusOK) && f.queued > 0 {
		f.queued--
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// Unwrap lets http.ResponseController reach the real writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// lifetime stands in for the testing.TB that oidctest.New takes: the issuer
// calls only Helper, Fatal and Cleanup, so the embedded nil TB is never used.
type lifetime struct {
	testing.TB
	cleanups []func()
}

func (l *lifetime) Helper()          {}
func (l *lifetime) Cleanup(f func()) { l.cleanups = append(l.cleanups, f) }
func (l *lifetime) Fatal(args ...any) {
	fmt.Fprintln(os.Stderr, append([]any{"oidc-issuer:"}, args...)...)
	os.Exit(1)
}

func (l *lifetime) end() {
	for i := len(l.cleanups) - 1; i >= 0; i-- {
		l.cleanups[i]()
	}
}

func orDefault(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
