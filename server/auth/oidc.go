package auth

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/server/config"
)

// oidcTimeout bounds each call to Google or Apple, so an unreachable issuer
// gives the popup a clear error instead of a hanging window.
const oidcTimeout = 10 * time.Second

// oidcProvider is one "Continue with …" method: an OIDC client of an issuer.
type oidcProvider struct {
	name        string // path segment and the provider field of the popup message
	label       string // for people: "Google", "Apple"
	issuer      string
	clientID    string
	redirectURL string
	scopes      []string
	authParams  []oauth2.AuthCodeOption // provider-specific extras (prompt, response_mode)
	// strictEmail: the email_verified claim must be present and true (Google).
	// Apple vouches for every address it shares, so only an explicit false is refused there.
	strictEmail bool
	// secret returns the client secret for a token request; nil when unconfigured.
	secret func(now time.Time) (string, error)
	// broken explains a configuration that is present but unusable (a bad Apple key).
	broken string
	client *http.Client

	mu         sync.Mutex
	discovered *oidc.Provider
}

// oidcProviders are the configured sign-in providers by name.
type oidcProviders map[string]*oidcProvider

func newOIDCProviders(cfg config.Config, log *slog.Logger) oidcProviders {
	client := &http.Client{Timeout: oidcTimeout}
	return oidcProviders{
		"google": googleProvider(cfg, client),
		"apple":  appleProvider(cfg, client, log),
	}
}

func redirectURL(cfg config.Config, name string) string {
	return cfg.PublicURL + "/api/v1/auth/" + name + "/callback"
}

func googleProvider(cfg config.Config, client *http.Client) *oidcProvider {
	p := &oidcProvider{
		name: "google", label: "Google", issuer: cfg.Google.Issuer, clientID: cfg.Google.ClientID,
		redirectURL: redirectURL(cfg, "google"),
		scopes:      []string{oidc.ScopeOpenID, "email", "profile"},
		// The spec: Google sign-in always asks which account to use.
		authParams:  []oauth2.AuthCodeOption{oauth2.SetAuthURLParam("prompt", "select_account")},
		strictEmail: true,
		client:      client,
	}
	if cfg.GoogleConfigured() {
		secret := cfg.Google.ClientSecret
		p.secret = func(time.Time) (string, error) { return secret, nil }
	}
	return p
}

func appleProvider(cfg config.Config, client *http.Client, log *slog.Logger) *oidcProvider {
	p := &oidcProvider{
		name: "apple", label: "Apple", issuer: cfg.Apple.Issuer, clientID: cfg.Apple.ClientID,
		redirectURL: redirectURL(cfg, "apple"),
		// Apple takes exactly these scopes, and only answers them with a form POST.
		scopes:     []string{"name", "email"},
		authParams: []oauth2.AuthCodeOption{oauth2.SetAuthURLParam("response_mode", "form_post")},
		client:     client,
	}
	if !cfg.AppleConfigured() {
		return p
	}
	key, err := identity.ParseApplePrivateKey(cfg.Apple.PrivateKey)
	if err != nil {
		// A bad key must not stop the whole server; Apple sign-in alone reports it.
		log.Error("Apple sign-in disabled: POCKET_APPLE_PRIVATE_KEY is unusable", "err", err)
		p.broken = "Sign-in with Apple is not configured correctly on this server"
		return p
	}
	apple := identity.AppleClient{
		ClientID: cfg.Apple.ClientID, TeamID: cfg.Apple.TeamID, KeyID: cfg.Apple.KeyID,
		Key: key, Audience: cfg.Apple.Issuer,
	}
	p.secret = apple.ClientSecret
	return p
}

func (p *oidcProvider) configured() bool { return p.secret != nil }

// discover fetches the issuer's metadata on first use, not at server start, so the
// server starts without network. A failure is not cached: the next popup retries.
func (p *oidcProvider) discover(ctx context.Context) (*oidc.Provider, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.discovered != nil {
		return p.discovered, nil
	}
	d, err := oidc.NewProvider(oidc.ClientContext(ctx, p.client), p.issuer)
	if err != nil {
		return nil, fmt.Errorf("discover %s: %w", p.issuer, err)
	}
	p.discovered = d
	return d, nil
}

func (p *oidcProvider) oauth(d *oidc.Provider, secret string) *oauth2.Config {
	ep := d.Endpoint()
	// Apple accepts the client secret only in the form body; Google accepts both.
	ep.AuthStyle = oauth2.AuthStyleInParams
	return &oauth2.Config{
		ClientID: p.clientID, ClientSecret: secret, Endpoint: ep,
		RedirectURL: p.redirectURL, Scopes: p.scopes,
	}
}

// authURL is where /start sends the popup.
func (p *oidcProvider) authURL(d *oidc.Provider, flow identity.OIDCFlow) string {
	opts := append([]oauth2.AuthCodeOption{
		oidc.Nonce(flow.Nonce), oauth2.S256ChallengeOption(flow.Verifier),
	}, p.authParams...)
	return p.oauth(d, "").AuthCodeURL(flow.State, opts...)
}

// exchange redeems the code, proving with the PKCE verifier that we started the flow.
func (p *oidcProvider) exchange(ctx context.Context, d *oidc.Provider, code, verifier string) (string, error) {
	secret, err := p.secret(time.Now())
	if err != nil {
		return "", err
	}
	ctx = context.WithValue(ctx, oauth2.HTTPClient, p.client)
	tok, err := p.oauth(d, secret).Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return "", err
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return "", errors.New("token response has no id_token")
	}
	return raw, nil
}

// oidcClaims are the ID token fields we use.
type oidcClaims struct {
	Email         string `json:"email"`
	EmailVerified any    `json:"email_verified"` // Google sends a bool, Apple the string "true"
	Name          string `json:"name"`
	Picture       string `json:"picture"`
}

// verify checks signature, issuer, audience and expiry (go-oidc), then the nonce,
// which go-oidc leaves to the caller.
func (p *oidcProvider) verify(ctx context.Context, d *oidc.Provider, raw, nonce string) (oidcClaims, error) {
	idt, err := d.Verifier(&oidc.Config{ClientID: p.clientID}).Verify(ctx, raw)
	if err != nil {
		return oidcClaims{}, err
	}
	if subtle.ConstantTimeCompare([]byte(idt.Nonce), []byte(nonce)) != 1 {
		return oidcClaims{}, errors.New("id token nonce does not match the sign-in request")
	}
	var c oidcClaims
	if err := idt.Claims(&c); err != nil {
		return oidcClaims{}, fmt.Errorf("id token claims: %w", err)
	}
	return c, nil
}

// emailOK says whether the address may identify an account here.
func (p *oidcProvider) emailOK(c oidcClaims) bool {
	if strings.TrimSpace(c.Email) == "" {
		return false
	}
	switch v := c.EmailVerified.(type) {
	case bool:
		return v
	case string:
		return v == "true"
	case nil:
		return !p.strictEmail
	}
	return false
}
