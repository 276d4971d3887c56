package httpx

import (
	"context"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
)

type ctxKey int

const (
	loggerKey ctxKey = iota
	principalKey
	clientAddrKey
)

// Principal is the signed-in user a request acts for.
type Principal struct {
	UID   string
	Email string
	// ExpiresAt is when the credential stops being valid (a live-events
	// socket is closed then unless the client sends a fresh one).
	ExpiresAt time.Time
	// SessionID names the sign-in the credential belongs to (empty where
	// sessions are not known, as behind a relay): signing it out closes the
	// sockets opened with it.
	SessionID string
	// TokenID names the personal access token the request came with (empty
	// for a signed-in session): the router has checked its scope for the
	// route, and routes for sessions only refuse it.
	TokenID string
	// Scopes are the access token's scopes (nil for a signed-in session,
	// which may do everything): what a PerCall route checks per call.
	Scopes []accesstoken.Scope
}

// Permits says whether the credential may do what scope allows: a
// signed-in session always, an access token when it holds the scope.
func (p Principal) Permits(scope accesstoken.Scope) bool {
	return p.TokenID == "" || slices.Contains(p.Scopes, scope)
}

// Verifier checks a bearer ID token. The auth feature provides it.
type Verifier interface {
	VerifyIDToken(ctx context.Context, token string) (Principal, error)
}

// Sessions says whether a sign-in session is still alive, for credentials
// that carry a session but are not ID tokens (signed audio links). The auth
// feature provides it.
type Sessions interface {
	SessionAlive(ctx context.Context, uid, sid string) (bool, error)
}

// WithLogger puts the request logger in ctx.
func WithLogger(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey, l)
}

// LoggerFrom returns the request logger, or a discarding one.
func LoggerFrom(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey).(*slog.Logger); ok {
		return l
	}
	return slog.New(slog.DiscardHandler)
}

// WithPrincipal records who the request acts for.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey, p)
}

// PrincipalFrom returns the signed-in user. Handlers behind the auth wrapper can
// rely on ok being true.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey).(Principal)
	return p, ok
}

// MustPrincipal is PrincipalFrom for routes that are never public.
func MustPrincipal(r *http.Request) Principal {
	p, _ := PrincipalFrom(r.Context())
	return p
}
