package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/oauth2"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// maxCallbackBody bounds Apple's form POST (code, state, id_token, user).
const maxCallbackBody = 64 << 10

// oidcHandlers serve the Google and Apple popups.
type oidcHandlers struct {
	cfg       config.Config
	providers oidcProviders
	flows     *identity.OIDCFlows
	users     *identity.Users
	tokens    *identity.Tokens
}

func newOIDCFlows(db *store.DB) *identity.OIDCFlows { return identity.NewOIDCFlows(db, nil) }

func newOIDCHandlers(cfg config.Config, p oidcProviders, f *identity.OIDCFlows, u *identity.Users, t *identity.Tokens) *oidcHandlers {
	return &oidcHandlers{cfg: cfg, providers: p, flows: f, users: u, tokens: t}
}

// routes: the popup opens /start; Google comes back with a GET, Apple with a form POST.
func (h *oidcHandlers) routes() []httpx.Route {
	google, apple := h.providers["google"], h.providers["apple"]
	public := func(pattern string, fn httpx.Handler) httpx.Route {
		return httpx.Route{Pattern: pattern, Handler: fn, Access: httpx.Public}
	}
	return []httpx.Route{
		public("GET /api/v1/auth/google/start", h.start(google)),
		public("GET /api/v1/auth/google/callback", h.callback(google)),
		public("GET /api/v1/auth/apple/start", h.start(apple)),
		public("POST /api/v1/auth/apple/callback", h.callback(apple)),
	}
}

// popupError is a refused or failed sign-in: message is for the person, reason
// and cause for the log. cause never holds a code or a token.
type popupError struct {
	status  int
	message string
	reason  string
	cause   error
}

func refuse(status int, reason, message string, cause error) *popupError {
	return &popupError{status: status, reason: reason, message: message, cause: cause}
}

func (h *oidcHandlers) start(p *oidcProvider) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		target, perr := h.begin(r.Context(), p)
		if perr != nil {
			h.fail(w, r, p, perr)
			return nil
		}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Referrer-Policy", "no-referrer")
		http.Redirect(w, r, target, http.StatusFound)
		return nil
	}
}

// begin records a new flow and returns the issuer's authorization URL.
func (h *oidcHandlers) begin(ctx context.Context, p *oidcProvider) (string, *popupError) {
	if p.broken != "" {
		return "", refuse(http.StatusServiceUnavailable, "misconfigured", p.broken, nil)
	}
	if !p.configured() {
		return "", refuse(http.StatusNotFound, "not_configured",
			"Sign-in with "+p.label+" is not configured on this server", nil)
	}
	d, err := p.discover(ctx)
	if err != nil {
		return "", refuse(http.StatusServiceUnavailable, "issuer_unreachable",
			p.label+" sign-in is unavailable right now. Please try again in a moment.", err)
	}
	flow, err := h.flows.Begin(ctx, p.name)
	if err != nil {
		return "", internalFailure(err)
	}
	return p.authURL(d, flow), nil
}

func (h *oidcHandlers) callback(p *oidcProvider) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		r.Body = http.MaxBytesReader(w, r.Body, maxCallbackBody)
		if err := r.ParseForm(); err != nil {
			status := http.StatusBadRequest
			if _, tooLarge := errors.AsType[*http.MaxBytesError](err); tooLarge {
				status = http.StatusRequestEntityTooLarge
			}
			h.fail(w, r, p, refuse(status, "bad_form", "The sign-in response could not be read. Please try again.", err))
			return nil
		}
		token, uid, perr := h.complete(r.Context(), p, r.Form)
		if perr != nil {
			h.fail(w, r, p, perr)
			return nil
		}
		httpx.LoggerFrom(r.Context()).Info("signed in", "provider", p.name, "uid", uid)
		writePopup(w, h.cfg.PublicURL, http.StatusOK, popupMessage{Provider: p.name, Token: token})
		return nil
	}
}

// complete checks the callback against its flow, redeems the code and returns a
// custom token for the person the ID token names.
func (h *oidcHandlers) complete(ctx context.Context, p *oidcProvider, form url.Values) (token, uid string, _ *popupError) {
	// The flow is consumed first, whatever the outcome: a state works once.
	flow, flowErr := h.flows.Take(ctx, form.Get("state"))
	if e := form.Get("error"); e != "" {
		return "", "", providerRefusal(p, e)
	}
	if flowErr != nil {
		if errors.Is(flowErr, identity.ErrUnknownFlow) {
			return "", "", refuse(http.StatusBadRequest, "unknown_state",
				"This sign-in has expired or was already used. Please try again.", nil)
		}
		return "", "", internalFailure(flowErr)
	}
	if flow.Provider != p.name || form.Get("code") == "" || !p.configured() {
		return "", "", refuse(http.StatusBadRequest, "bad_callback", "The sign-in response was incomplete. Please try again.", nil)
	}
	claims, perr := h.identify(ctx, p, form.Get("code"), flow)
	if perr != nil {
		return "", "", perr
	}
	appleUser := ""
	if p.name == "apple" { // only Apple posts a name beside the ID token
		appleUser = form.Get("user")
	}
	return h.issue(ctx, p, claims, appleUser)
}

// identify redeems the code and verifies the ID token it brings.
func (h *oidcHandlers) identify(ctx context.Context, p *oidcProvider, code string, flow identity.OIDCFlow) (oidcClaims, *popupError) {
	d, err := p.discover(ctx)
	if err != nil {
		return oidcClaims{}, refuse(http.StatusServiceUnavailable, "issuer_unreachable",
			p.label+" sign-in is unavailable right now. Please try again in a moment.", err)
	}
	raw, err := p.exchange(ctx, d, code, flow.Verifier)
	if err != nil {
		return oidcClaims{}, refuse(http.StatusBadGateway, "exchange_failed",
			"Sign-in with "+p.label+" could not be completed. Please try again.", safeCause(err))
	}
	claims, err := p.verify(ctx, d, raw, flow.Nonce)
	if err != nil {
		return oidcClaims{}, refuse(http.StatusUnauthorized, "id_token_rejected",
			"Sign-in with "+p.label+" could not be verified. Please try again.", err)
	}
	if !p.emailOK(claims) {
		return oidcClaims{}, refuse(http.StatusForbidden, "email_unverified",
			"Your "+p.label+" account has no verified email address, so it cannot be used to sign in.", nil)
	}
	return claims, nil
}

// issue finds or creates the account and mints the token the app exchanges for a session.
func (h *oidcHandlers) issue(ctx context.Context, p *oidcProvider, c oidcClaims, appleUser string) (string, string, *popupError) {
	profile := identity.User{DisplayName: strings.TrimSpace(c.Name), PhotoURL: c.Picture}
	if profile.DisplayName == "" {
		profile.DisplayName = appleName(appleUser)
	}
	user, err := h.users.Ensure(ctx, c.Email, profile)
	if apperr.Is(err, apperr.Invalid) {
		return "", "", refuse(http.StatusForbidden, "email_invalid",
			"Your "+p.label+" account's email address cannot be used to sign in.", nil)
	}
	if err != nil {
		return "", "", internalFailure(err)
	}
	token, err := h.tokens.NewCustomToken(ctx, user.UID)
	if err != nil {
		return "", "", internalFailure(err)
	}
	return token, user.UID, nil
}

// appleName reads the name Apple posts (as unsigned JSON, first sign-in only). It
// only fills an empty display name, so trusting it is harmless; the e-mail always
// comes from the signed ID token.
func appleName(raw string) string {
	if raw == "" {
		return ""
	}
	var u struct {
		Name struct{ FirstName, LastName string } `json:"name"`
	}
	if json.Unmarshal([]byte(raw), &u) != nil {
		return ""
	}
	return strings.TrimSpace(strings.TrimSpace(u.Name.FirstName) + " " + strings.TrimSpace(u.Name.LastName))
}

// providerRefusal turns the issuer's error parameter into a message. Apple says
// user_cancelled_authorize where OAuth says access_denied.
func providerRefusal(p *oidcProvider, code string) *popupError {
	if code == "access_denied" || code == "user_cancelled_authorize" {
		return refuse(http.StatusForbidden, "access_denied", "Sign-in with "+p.label+" was cancelled.", nil)
	}
	return refuse(http.StatusBadGateway, "provider_error", "Sign-in with "+p.label+" failed. Please try again.",
		fmt.Errorf("issuer answered error=%.40q", code))
}

func internalFailure(err error) *popupError {
	return refuse(http.StatusInternalServerError, "internal", "Sign-in failed on the server. Please try again.", err)
}

// safeCause keeps the token endpoint's error code but drops its body, which may
// echo the authorization code.
func safeCause(err error) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		status := 0
		if re.Response != nil {
			status = re.Response.StatusCode
		}
		return fmt.Errorf("token endpoint answered HTTP %d %q", status, re.ErrorCode)
	}
	return err
}

// fail logs the refusal once (server faults at ERROR, the rest at INFO) and answers the page.
func (h *oidcHandlers) fail(w http.ResponseWriter, r *http.Request, p *oidcProvider, e *popupError) {
	log := httpx.LoggerFrom(r.Context())
	attrs := []any{"provider", p.name, "reason", e.reason, "status", e.status}
	if e.cause != nil {
		attrs = append(attrs, "err", e.cause.Error())
	}
	if e.status >= 500 && e.reason == "internal" {
		log.Error("sign-in failed", attrs...)
	} else {
		log.Info("sign-in refused", attrs...)
	}
	writePopup(w, h.cfg.PublicURL, e.status, popupMessage{Provider: p.name, Error: e.message})
}
