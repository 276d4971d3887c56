package httpx

import (
	"context"
	"fmt"
	"slices"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/ratelimit"
)

// AccessTokens checks personal access tokens (server/tokens provides it):
// whose a token is and what it may do, or an Unauthenticated error.
type AccessTokens interface {
	VerifyAccessToken(ctx context.Context, token string) (Principal, []accesstoken.Scope, error)
}

// TokenScopes is the scope an access token needs for each route pattern
// (server/app's route table). A pattern missing from it, or mapped to
// accesstoken.SessionOnly, refuses every token.
type TokenScopes map[string]accesstoken.Scope

// WithAccessTokens lets signed-in routes accept access tokens that tokens
// verifies, each route the scope scopes gives it, every token at most
// limit's rate. Without it an access token is refused everywhere.
func WithAccessTokens(tokens AccessTokens, scopes TokenScopes, limit ratelimit.Rate) MuxOption {
	return func(o *muxOptions) {
		o.tokens = &tokenGate{tokens: tokens, scopes: scopes, limiter: ratelimit.New(limit, nil), unlimited: limit.Burst <= 0}
	}
}

// tokenGate is the routes' shared check of access tokens; routeGate is it
// for one route.
type tokenGate struct {
	tokens    AccessTokens
	scopes    TokenScopes
	limiter   *ratelimit.Limiter
	unlimited bool
}

type routeGate struct {
	gate    *tokenGate
	pattern string
	scope   accesstoken.Scope
}

func (g *tokenGate) forRoute(pattern string) routeGate {
	if g == nil {
		return routeGate{pattern: pattern}
	}
	return routeGate{gate: g, pattern: pattern, scope: g.scopes[pattern]}
}

var errTokensOff = apperr.New(apperr.Unauthenticated, "INVALID_TOKEN", "Access tokens are not accepted by this server")

// admit answers the principal of an access token allowed on this route:
// a live token (else 401), of the route's scope (else 403), within its
// rate (else 429 with Retry-After).
func (rg routeGate) admit(ctx context.Context, token string) (Principal, error) {
	if rg.gate == nil {
		return Principal{}, errTokensOff
	}
	p, scopes, err := rg.gate.tokens.VerifyAccessToken(ctx, token)
	if err != nil {
		return Principal{}, err
	}
	if err := rg.permits(scopes); err != nil {
		return Principal{}, err
	}
	p.Scopes = scopes
	return p, rg.gate.charge(p.TokenID)
}

// charge takes one request from the token's allowance.
func (g *tokenGate) charge(tokenID string) error {
	if g.unlimited {
		return nil
	}
	if ok, wait := g.limiter.Allow(tokenID); !ok {
		return &apperr.Error{Kind: apperr.TooMany, Code: "RATE_LIMITED", RetryAfter: wait,
			Message: fmt.Sprintf("Too many requests with this access token. Please wait %d seconds and try again.", int(wait.Seconds()))}
	}
	return nil
}

func (rg routeGate) permits(scopes []accesstoken.Scope) error {
	if rg.scope == accesstoken.PerCall {
		return nil // the handler checks each call's scope (Principal.Permits)
	}
	if rg.scope == "" || rg.scope == accesstoken.SessionOnly {
		return apperr.New(apperr.Forbidden, "SESSION_REQUIRED",
			rg.pattern+" cannot be called with an access token; it needs a signed-in session")
	}
	if slices.Contains(scopes, rg.scope) {
		return nil
	}
	return apperr.New(apperr.Forbidden, "INSUFFICIENT_SCOPE",
		fmt.Sprintf("This access token lacks the scope %s, which %s needs", rg.scope, rg.pattern))
}
