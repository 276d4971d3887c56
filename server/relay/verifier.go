package relay

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Sockets closes the relay's own live sockets of sessions signed out
// (server/live's Hub).
type Sockets interface {
	// KickSession closes uid's sockets of session sid, or all of uid's
	// sockets when sid is empty.
	KickSession(uid, sid string) int
}

type noSockets struct{}

func (noSockets) KickSession(string, string) int { return 0 }

// Verifier checks bearer tokens in relay mode: the upstream's ID tokens, by
// their signature (the upstream's JWK Set), then whether the upstream still
// has their session signed in (upstream.Sessions: asked every couple of
// seconds per session at most, with a grace while the upstream is down).
type Verifier struct {
	tokens   *upstream.TokenVerifier
	sessions *upstream.Sessions
	sockets  Sockets
}

// NewVerifier verifies against cfg.UpstreamJWKSURL and asks up about
// sessions; sockets (may be nil) are closed when their session is found
// signed out.
func NewVerifier(cfg config.Config, up *upstream.Client, o upstream.SessionOptions, sockets Sockets) (*Verifier, error) {
	tv, err := upstream.NewTokenVerifier(upstream.TokenVerifierOptions{
		JWKSURL: cfg.UpstreamJWKSURL,
		HTTP:    &http.Client{Timeout: cfg.UpstreamTimeout},
	})
	if err != nil {
		return nil, err
	}
	if sockets == nil {
		sockets = noSockets{}
	}
	return &Verifier{tokens: tv, sessions: upstream.NewSessions(up, o), sockets: sockets}, nil
}

type verifierParams struct {
	fx.In
	Config  config.Config
	Client  *upstream.Client
	Options Options
	Log     *slog.Logger
	Sockets Sockets `optional:"true"` // none when live events are not mounted
}

func newModuleVerifier(p verifierParams) (*Verifier, error) {
	o := p.Options.Sessions
	if o.Log == nil {
		o.Log = p.Log
	}
	return NewVerifier(p.Config, p.Client, o, p.Sockets)
}

// VerifyIDToken implements httpx.Verifier: the principal's UID is the
// token's verified subject. A session found signed out also has its
// sockets on this relay closed (it may have been signed out elsewhere).
func (v *Verifier) VerifyIDToken(ctx context.Context, token string) (httpx.Principal, error) {
	id, err := v.tokens.Verify(ctx, token)
	if err != nil {
		return httpx.Principal{}, err
	}
	if err := v.sessions.Check(ctx, token, id); err != nil {
		if errors.Is(err, upstream.ErrSessionEnded) {
			v.kick(id)
		}
		return httpx.Principal{}, err
	}
	return httpx.Principal{UID: id.UID, Email: id.Email, ExpiresAt: id.ExpiresAt, SessionID: id.SessionID}, nil
}

// kick closes id's session's sockets; a token naming no session closes none
// (closing all of the user's would end sessions that live).
func (v *Verifier) kick(id upstream.Identity) {
	if id.SessionID != "" {
		v.sockets.KickSession(id.UID, id.SessionID)
	}
}

// signedOut: the upstream accepted a logout through this relay, presented
// with token (if any). What was known of its session is dropped and, once
// the upstream confirms the session ended, its sockets here close.
func (v *Verifier) signedOut(ctx context.Context, token string) {
	id, err := v.tokens.Verify(ctx, token)
	if err != nil {
		return // no token, or expired: the next check of its session asks anyway
	}
	v.sessions.Forget(token, id)
	if errors.Is(v.sessions.Check(ctx, token, id), upstream.ErrSessionEnded) {
		v.kick(id)
	}
}

// signedOutEverywhere: the upstream accepted uid's logout-all through this
// relay, which ends every session of uid.
func (v *Verifier) signedOutEverywhere(uid string) {
	v.sessions.ForgetUser(uid)
	v.sockets.KickSession(uid, "")
}
