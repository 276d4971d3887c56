package auth

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/mail"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/signinlimit"
)

// refreshCookie holds the refresh token; only the auth endpoints ever see it.
const (
	refreshCookie = "pocket_refresh"
	cookiePath    = "/api/v1/auth"
)

// SessionMarkerCookie tells the app's scripts that a refresh cookie is
// (probably) there, so a signed-out visit skips the refresh call and its
// 401; the web server also reads it to choose /login's page. It holds no
// secret: "1" or nothing.
const SessionMarkerCookie = "pocket_has_session"

// PagePassCookie holds the session's page pass (identity.IssuePagePass):
// httpOnly, and sent only with the signed-in screens' pages, whose first
// paint the server fills with the person's recordings (server/firstpaint).
const (
	PagePassCookie = "pocket_page"
	pagePassPath   = "/recordings"
)

type handlers struct {
	cfg     config.Config
	users   *identity.Users
	otp     *identity.OTP
	tokens  *identity.Tokens
	sender  mail.Sender
	sockets Sockets
	devices PushDevices
	access  AccessTokens
	limits  *signinlimit.Limits
	bus     *events.Bus
}

// AccessTokens ends a user's personal access tokens when "Sign out of all
// devices" is asked to (pkg/accesstoken). Plain sign-out leaves them.
type AccessTokens interface {
	RevokeAll(ctx context.Context, uid string) error
}

// Sockets closes the live sockets of sessions that were signed out
// (server/live's Hub).
type Sockets interface {
	// KickSession closes uid's sockets of session sid, or all of uid's
	// sockets when sid is empty.
	KickSession(uid, sid string) int
}

// PushDevices forgets a user's Web Push subscriptions when every session
// of theirs ends (server/push's subscriptions).
type PushDevices interface {
	ForgetUser(ctx context.Context, uid string) error
}

type handlersParams struct {
	fx.In
	Config  config.Config
	Users   *identity.Users
	OTP     *identity.OTP
	Tokens  *identity.Tokens
	Sender  mail.Sender
	Sockets Sockets      `optional:"true"` // none when the live feature is not mounted
	Devices PushDevices  `optional:"true"` // none when the push feature is not mounted
	Access  AccessTokens `optional:"true"` // none when the tokens feature is not mounted
	Bus     *events.Bus  `optional:"true"` // none in tests of the handlers alone
}

func newHandlers(p handlersParams) *handlers {
	h := &handlers{cfg: p.Config, users: p.Users, otp: p.OTP, tokens: p.Tokens, sender: p.Sender,
		sockets: p.Sockets, devices: p.Devices, access: p.Access, limits: signinlimit.New(time.Now), bus: p.Bus}
	if h.sockets == nil {
		h.sockets = noSockets{}
	}
	if h.devices == nil {
		h.devices = noDevices{}
	}
	return h
}

type noSockets struct{}

func (noSockets) KickSession(string, string) int { return 0 }

type noDevices struct{}

func (noDevices) ForgetUser(context.Context, string) error { return nil }

func (h *handlers) routes() []httpx.Route {
	public := func(pattern string, fn httpx.Handler) httpx.Route {
		return httpx.Route{Pattern: pattern, Handler: fn, Access: httpx.Public}
	}
	return []httpx.Route{
		public("POST /api/v1/auth/email/send-otp", h.limits.SendCode(h.sendOTP)),
		public("POST /api/v1/auth/email/verify-otp", h.limits.VerifyCode(h.verifyOTP)),
		public("GET /api/v1/auth-email/check", h.limits.CheckEmail(h.checkEmail)),
		// The three that touch the session cookie refuse other sites' pages.
		public("POST /api/v1/auth/session", httpx.RefuseCrossSite(h.cfg.PublicURL, true, h.session)),
		public("POST /api/v1/auth/refresh", httpx.RefuseCrossSite(h.cfg.PublicURL, false, h.refresh)),
		public("POST /api/v1/auth/logout", httpx.RefuseCrossSite(h.cfg.PublicURL, false, h.logout)),
		// Signed in (its bearer token names whose sessions end), so no
		// other site's page can call it.
		{Pattern: "POST /api/v1/auth/logout-all", Handler: h.logoutAll, Access: httpx.SignedIn},
		// Whether the bearer token's session is still signed in: the router's
		// sign-in check (verifier) has answered by the time it runs. A relay
		// asks it for the tokens it is shown.
		{Pattern: "GET /api/v1/auth/session", Handler: sessionAlive, Access: httpx.SignedIn},
		public("GET /api/v1/auth/providers", h.providers),
		public("GET /api/v1/auth/jwks", h.jwks),
	}
}

// codeSent is send-otp's answer: the envelope plus the code's lifetime in seconds.
type codeSent struct {
	httpx.Envelope
	ExpiresIn int `json:"expiresIn"`
}

func (h *handlers) sendOTP(w http.ResponseWriter, r *http.Request) error {
	var body struct{ Email string }
	if err := httpx.DecodeJSON(r, 0, &body); err != nil {
		return err
	}
	email, err := identity.NormalizeEmail(body.Email)
	if err != nil {
		return err
	}
	ttl, err := h.otp.Send(r.Context(), email, func(ctx context.Context, to, code string) error {
		return h.sender.Send(ctx, mail.SignInCode(to, code, identity.CodeTTL))
	})
	if err != nil {
		if _, ok := apperr.As(err); !ok {
			httpx.LoggerFrom(r.Context()).Error("sign-in mail not sent", "err", err)
			return apperr.New(apperr.Unavailable, "MAIL_FAILED", "Failed to send verification code")
		}
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, codeSent{
		Envelope:  httpx.Envelope{Success: true, Message: "Verification code sent to " + email},
		ExpiresIn: int(ttl.Seconds()),
	})
	return nil
}

func (h *handlers) verifyOTP(w http.ResponseWriter, r *http.Request) error {
	var body struct{ Email, OTP string }
	if err := httpx.DecodeJSON(r, 0, &body); err != nil {
		return err
	}
	email, err := identity.NormalizeEmail(body.Email)
	if err != nil {
		return err
	}
	if err := h.otp.Verify(r.Context(), email, strings.TrimSpace(body.OTP)); err != nil {
		return err
	}
	user, err := h.users.Ensure(r.Context(), email, identity.User{})
	if err != nil {
		return err
	}
	token, err := h.tokens.NewCustomToken(r.Context(), user.UID)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, httpx.Envelope{
		Success: true, Message: "Verification successful",
		Data: map[string]any{"token": token, "user": user},
	})
	return nil
}

func (h *handlers) checkEmail(w http.ResponseWriter, r *http.Request) error {
	email, err := identity.NormalizeEmail(r.URL.Query().Get("email"))
	if err != nil {
		return err
	}
	exists, err := h.users.Exists(r.Context(), email)
	if err != nil {
		return err
	}
	httpx.OK(w, map[string]bool{"exists": exists})
	return nil
}

// session trades a custom token for an ID token and starts a refreshable session.
func (h *handlers) session(w http.ResponseWriter, r *http.Request) error {
	var body struct{ Token string }
	if err := httpx.DecodeJSON(r, 0, &body); err != nil {
		return err
	}
	if body.Token == "" {
		return apperr.Invalidf("token is required")
	}
	uid, err := h.tokens.RedeemCustomToken(r.Context(), body.Token)
	if err != nil {
		return err
	}
	refresh, sid, err := h.tokens.NewSession(r.Context(), uid)
	if err != nil {
		return err
	}
	h.setSessionCookies(w, r, refresh)
	return h.answerSession(w, r, uid, sid)
}

func (h *handlers) refresh(w http.ResponseWriter, r *http.Request) error {
	c, err := r.Cookie(refreshCookie)
	if err != nil || c.Value == "" {
		h.setRefreshCookie(w, "", -1) // a marker without its cookie would make the app ask again on every visit
		return apperr.New(apperr.Unauthenticated, "NO_SESSION", "Not signed in")
	}
	uid, sid, next, err := h.tokens.UseRefreshToken(r.Context(), c.Value)
	if err != nil {
		h.setRefreshCookie(w, "", -1)
		return err
	}
	h.setSessionCookies(w, r, next)
	return h.answerSession(w, r, uid, sid)
}

// logout ends this device's session: its refresh token, and at once its ID
// tokens, page pass, audio links and open sockets.
func (h *handlers) logout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(refreshCookie); err == nil && c.Value != "" {
		uid, sid, err := h.tokens.EndSession(r.Context(), c.Value)
		if err != nil {
			return err
		}
		if sid != "" {
			h.sockets.KickSession(uid, sid)
			h.announceSignOut(uid, sid)
		}
	}
	h.setRefreshCookie(w, "", -1)
	httpx.Message(w, http.StatusOK, "Signed out")
	return nil
}

// logoutAll ends every session of the caller, on every device, this one
// included, which is then signed out like by logout; with
// {"revokeTokens": true} their personal access tokens end too. The tokens
// and the devices' push subscriptions go first: should that fail, nothing
// has ended and the caller, still signed in, can try again.
func (h *handlers) logoutAll(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		RevokeTokens bool `json:"revokeTokens"`
	}
	if err := httpx.DecodeOptionalJSON(r, 0, &body); err != nil {
		return err
	}
	uid := httpx.MustPrincipal(r).UID
	if body.RevokeTokens && h.access != nil {
		if err := h.access.RevokeAll(r.Context(), uid); err != nil {
			return err
		}
	}
	if err := h.devices.ForgetUser(r.Context(), uid); err != nil {
		return err
	}
	if err := h.tokens.EndAllSessions(r.Context(), uid); err != nil {
		return err
	}
	h.sockets.KickSession(uid, "")
	h.announceSignOut(uid, "")
	h.setRefreshCookie(w, "", -1)
	httpx.Message(w, http.StatusOK, "Signed out of all devices")
	return nil
}

// sessionAlive answers 204 to a caller whose session the sign-in check let
// through (the check answers 401 SESSION_ENDED to one signed out).
func sessionAlive(w http.ResponseWriter, _ *http.Request) error {
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// providers answers {google, apple} bare, without the envelope, as the app reads it.
func (h *handlers) providers(w http.ResponseWriter, _ *http.Request) error {
	httpx.WriteJSON(w, http.StatusOK, map[string]bool{
		"google": h.cfg.GoogleConfigured(), "apple": h.cfg.AppleConfigured(),
	})
	return nil
}

// answerSession answers {idToken, expiresIn, user} bare, without the envelope:
// the token-exchange shape the app's session code reads.
func (h *handlers) answerSession(w http.ResponseWriter, r *http.Request, uid, sid string) error {
	user, err := h.users.Get(r.Context(), uid)
	if errors.Is(err, apperr.ErrNotFound) {
		return apperr.New(apperr.Unauthenticated, "NO_USER", "This account no longer exists")
	}
	if err != nil {
		return err
	}
	idToken, ttl, err := h.tokens.IssueIDToken(user, sid)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"idToken": idToken, "expiresIn": int(ttl.Seconds()), "user": user,
	})
	return nil
}

// setSessionCookies writes the session's refresh token and its page pass.
// Without a pass (it could not be signed) the screens load as they did
// before passes existed, so sign-in goes on.
func (h *handlers) setSessionCookies(w http.ResponseWriter, r *http.Request, refresh string) {
	h.setRefreshCookie(w, refresh, identity.RefreshTokenTTL)
	if pass, err := h.tokens.IssuePagePass(r.Context(), refresh); err == nil {
		h.setPagePassCookie(w, pass, identity.RefreshTokenTTL)
	}
}

// setRefreshCookie writes (or, with a negative ttl, clears) the session cookie:
// httpOnly so scripts never read it, SameSite=Strict so no other site can use
// it. The readable session marker follows it with the same lifetime; clearing
// the session clears its page pass too.
func (h *handlers) setRefreshCookie(w http.ResponseWriter, value string, ttl time.Duration) {
	maxAge := int(ttl.Seconds())
	marker := "1"
	if ttl < 0 {
		maxAge, marker = -1, ""
		h.setPagePassCookie(w, "", ttl)
	}
	http.SetCookie(w, &http.Cookie{ //nolint:gosec // G124: Secure when the public URL is https (plain-http dev and tests have no secure cookies)
		Name: refreshCookie, Value: value, Path: cookiePath, MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: h.secureCookies(),
	})
	http.SetCookie(w, &http.Cookie{ //nolint:gosec // G124: Secure when the public URL is https (plain-http dev and tests have no secure cookies)
		Name: SessionMarkerCookie, Value: marker, Path: "/", MaxAge: maxAge,
		SameSite: http.SameSiteStrictMode, Secure: h.secureCookies(),
	})
}

// setPagePassCookie writes (or, with a negative ttl, clears) the page pass:
// httpOnly and SameSite=Strict like the session cookie, so a page another
// site opens in a new tab gets no one's recordings in its HTML.
func (h *handlers) setPagePassCookie(w http.ResponseWriter, pass string, ttl time.Duration) {
	maxAge := int(ttl.Seconds())
	if ttl < 0 {
		maxAge = -1
	}
	http.SetCookie(w, &http.Cookie{ //nolint:gosec // G124: Secure when the public URL is https (plain-http dev and tests have no secure cookies)
		Name: PagePassCookie, Value: pass, Path: pagePassPath, MaxAge: maxAge,
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: h.secureCookies(),
	})
}

func (h *handlers) secureCookies() bool { return strings.HasPrefix(h.cfg.PublicURL, "https://") }

// jwks publishes the ID tokens' public key (RFC 7517), for a relay in front
// of this server to verify its callers' tokens. Caches may keep it a few
// minutes: a relay refetches on a kid it does not know.
func (h *handlers) jwks(w http.ResponseWriter, _ *http.Request) error {
	w.Header().Set("Content-Type", "application/jwk-set+json")
	w.Header().Set("Cache-Control", "public, max-age=300")
	return json.NewEncoder(w).Encode(h.tokens.JWKS())
}
