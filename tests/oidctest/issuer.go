// Package oidctest is a small but real OpenID Connect issuer for tests: discovery,
// JWKS (RS256), an authorization endpoint that signs in a queued person (redirect
// or Apple-style form_post) and a token endpoint that checks client
// authentication, redirect URI and PKCE (S256 only) before issuing an ID token
// with the request's nonce.
//
// It exists because github.com/oauth2-proxy/mockoidc cannot stand in for Apple:
// it rejects the "name" scope, issues no ID token unless "openid" is the first
// scope, has no form_post, compares the client secret as a fixed string (Apple's
// is a JWT signed per request) and treats PKCE as optional.
package oidctest

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"html/template"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
)

// User is the next person the issuer signs in, and how the sign-in goes.
type User struct {
	Subject       string
	Email         string
	EmailVerified any // true, "true" (Apple's form), false; nil leaves the claim out
	Name, Picture string
	// AppleUser is posted as the form's "user" field, as Apple does on first sign-in.
	AppleUser string
	// Deny answers error=access_denied, as when the person cancels.
	Deny bool
	// Nonce, when set, replaces the requested nonce in the ID token (a replay).
	Nonce string
}

// grant is an issued authorization code and what it was issued for.
type grant struct {
	user                          User
	redirectURI, challenge, nonce string
	used                          bool
}

// Issuer is a running issuer. Its URL is the issuer identifier.
type Issuer struct {
	URL      string
	ClientID string
	// CheckSecret validates the client_secret sent to the token endpoint.
	CheckSecret func(secret string) error

	key *rsa.PrivateKey
	kid string

	mu         sync.Mutex
	queue      []User
	grants     map[string]*grant
	down       bool
	authorizes []url.Values
	secrets    []string
}

// New starts an issuer for one client; it stops when the test ends.
func New(t testing.TB, clientID string, checkSecret func(string) error) *Issuer {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	i := &Issuer{ClientID: clientID, CheckSecret: checkSecret, key: key, kid: randomString(8), grants: map[string]*grant{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", i.available(i.discovery))
	mux.HandleFunc("GET /jwks", i.available(i.jwks))
	mux.HandleFunc("GET /authorize", i.available(i.authorize))
	mux.HandleFunc("POST /token", i.available(i.token))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	i.URL = srv.URL
	return i
}

// Queue makes u the person signed in by a later authorization request.
func (i *Issuer) Queue(u User) {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.queue = append(i.queue, u)
}

// SetDown makes every endpoint answer 503 (down=true) or work again.
func (i *Issuer) SetDown(down bool) {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.down = down
}

// Authorizes returns the query of every authorization request so far.
func (i *Issuer) Authorizes() []url.Values {
	i.mu.Lock()
	defer i.mu.Unlock()
	return append([]url.Values(nil), i.authorizes...)
}

// ClientSecrets returns every client secret the token endpoint accepted.
func (i *Issuer) ClientSecrets() []string {
	i.mu.Lock()
	defer i.mu.Unlock()
	return append([]string(nil), i.secrets...)
}

func (i *Issuer) available(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		i.mu.Lock()
		down := i.down
		i.mu.Unlock()
		if down {
			http.Error(w, "issuer is down", http.StatusServiceUnavailable)
			return
		}
		next(w, r)
	}
}

func (i *Issuer) discovery(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                                i.URL,
		"authorization_endpoint":                i.URL + "/authorize",
		"token_endpoint":                        i.URL + "/token",
		"jwks_uri":                              i.URL + "/jwks",
		"response_types_supported":              []string{"code"},
		"response_modes_supported":              []string{"query", "form_post"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"code_challenge_methods_supported":      []string{"S256"},
		"token_endpoint_auth_methods_supported": []string{"client_secret_post", "client_secret_basic"},
	})
}

func (i *Issuer) jwks(w http.ResponseWriter, _ *http.Request) {
	pub := i.key.PublicKey
	writeJSON(w, http.StatusOK, map[string]any{"keys": []map[string]string{{
		"kty": "RSA", "use": "sig", "alg": "RS256", "kid": i.kid,
		"n": base64.RawURLEncoding.EncodeToString(pub.N.Bytes()),
		"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
	}}})
}

// authorize signs in the next queued person, after checking the request the way
// a strict issuer does: errors here are shown to the person, never redirected.
func (i *Issuer) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	i.mu.Lock()
	i.authorizes = append(i.authorizes, q)
	i.mu.Unlock()
	if msg := checkAuthorize(q, i.ClientID); msg != "" {
		http.Error(w, msg, http.StatusBadRequest)
		return
	}
	user, ok := i.pop()
	if !ok {
		http.Error(w, "oidctest: no user queued", http.StatusBadRequest)
		return
	}
	answer := url.Values{"state": {q.Get("state")}}
	if user.Deny {
		answer.Set("error", "access_denied")
	} else {
		answer.Set("code", i.grant(user, q))
		if user.AppleUser != "" {
			answer.Set("user", user.AppleUser)
		}
	}
	if q.Get("response_mode") == "form_post" {
		writeFormPost(w, q.Get("redirect_uri"), answer)
		return
	}
	target, _ := url.Parse(q.Get("redirect_uri"))
	target.RawQuery = answer.Encode()
	http.Redirect(w, r, target.String(), http.StatusFound) //nolint:gosec // G710: a test issuer sends the browser back to the client, as OIDC does
}

func checkAuthorize(q url.Values, clientID string) string {
	switch {
	case q.Get("response_type") != "code":
		return "response_type must be code"
	case q.Get("client_id") != clientID:
		return "unknown client_id"
	case q.Get("redirect_uri") == "" || q.Get("state") == "" || q.Get("nonce") == "":
		return "redirect_uri, state and nonce are required"
	case q.Get("code_challenge_method") != "S256" || len(q.Get("code_challenge")) != 43:
		return "PKCE with S256 is required"
	}
	if u, err := url.Parse(q.Get("redirect_uri")); err != nil || !u.IsAbs() {
		return "redirect_uri must be absolute"
	}
	return ""
}

func (i *Issuer) pop() (User, bool) {
	i.mu.Lock()
	defer i.mu.Unlock()
	if len(i.queue) == 0 {
		return User{}, false
	}
	u := i.queue[0]
	i.queue = i.queue[1:]
	return u, true
}

func (i *Issuer) grant(u User, q url.Values) string {
	code := randomString(24)
	i.mu.Lock()
	defer i.mu.Unlock()
	i.grants[code] = &grant{user: u, redirectURI: q.Get("redirect_uri"), challenge: q.Get("code_challenge"), nonce: q.Get("nonce")}
	return code
}

var formPost = template.Must(template.New("form").Parse(`<!doctype html>
<html><body onload="document.forms[0].submit()">
<form method="post" action="{{.Action}}">
{{range $k, $vs := .Fields}}{{range $vs}}<input type="hidden" name="{{$k}}" value="{{.}}">
{{end}}{{end}}</form></body></html>`))

// writeFormPost answers like Apple with response_mode=form_post: a page that
// posts the result to the redirect URI.
func writeFormPost(w http.ResponseWriter, action string, fields url.Values) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = formPost.Execute(w, map[string]any{"Action": action, "Fields": fields})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func randomString(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
