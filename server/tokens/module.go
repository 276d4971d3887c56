// Package tokens serves personal access tokens: a signed-in session makes,
// lists and revokes them (POST, GET /api/v1/tokens, DELETE
// /api/v1/tokens/{id}), and the router checks them on other routes through
// the verifier given here (pkg/accesstoken keeps them).
package tokens

import (
	"context"
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module keeps the tokens, checks them for the router and serves their routes.
var Module = fx.Module("tokens",
	fx.Provide(
		newTokens,
		fx.Annotate(newVerifier, fx.As(new(httpx.AccessTokens))),
		fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`)),
	),
)

func newTokens(db *store.DB, cfg config.Config) *accesstoken.Tokens {
	return accesstoken.New(db, int(cfg.Quotas.Limits.AccessTokens), time.Now)
}

// verifier answers the router with a token's owner and scopes.
type verifier struct{ tokens *accesstoken.Tokens }

func newVerifier(t *accesstoken.Tokens) verifier { return verifier{tokens: t} }

func (v verifier) VerifyAccessToken(ctx context.Context, token string) (httpx.Principal, []accesstoken.Scope, error) {
	tok, uid, err := v.tokens.Verify(ctx, token)
	if err != nil {
		return httpx.Principal{}, nil, err
	}
	p := httpx.Principal{UID: uid, TokenID: tok.ID}
	if tok.ExpiresAt != nil {
		p.ExpiresAt = *tok.ExpiresAt
	}
	return p, tok.Scopes, nil
}

// maxBody bounds a creation's JSON: a name and four scopes fit in far less.
const maxBody = 8 << 10

// Routes lists the token routes: signed in, and for sessions only (the route
// table maps them to accesstoken.SessionOnly, so the router refuses a token
// before they run; each handler refuses one too).
func Routes(t *accesstoken.Tokens) []httpx.Route {
	h := handlers{tokens: t}
	return []httpx.Route{
		{Pattern: "POST /api/v1/tokens", Handler: sessionOnly(h.create)},
		{Pattern: "GET /api/v1/tokens", Handler: sessionOnly(h.list)},
		{Pattern: "DELETE /api/v1/tokens/{id}", Handler: sessionOnly(h.revoke)},
	}
}

type handlers struct{ tokens *accesstoken.Tokens }

var errTokenCaller = apperr.New(apperr.Forbidden, "SESSION_REQUIRED", "Access tokens are managed from a signed-in session; a token cannot make, list or revoke tokens")

func sessionOnly(next httpx.Handler) httpx.Handler {
	return func(w http.ResponseWriter, r *http.Request) error {
		if httpx.MustPrincipal(r).TokenID != "" {
			return errTokenCaller
		}
		return next(w, r)
	}
}

// created is the creation's data: the token, and its secret, shown this once.
type created struct {
	accesstoken.Token
	Secret string `json:"token"`
}

func (h handlers) create(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Name      string   `json:"name"`
		Scopes    []string `json:"scopes"`
		ExpiresIn *float64 `json:"expiresIn"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return err
	}
	name, err := accesstoken.ParseName(body.Name)
	if err != nil {
		return err
	}
	scopes, err := accesstoken.ParseScopes(body.Scopes)
	if err != nil {
		return err
	}
	ttl, err := accesstoken.ParseExpiresIn(body.ExpiresIn)
	if err != nil {
		return err
	}
	tok, secret, err := h.tokens.Create(r.Context(), httpx.MustPrincipal(r).UID, name, scopes, ttl)
	if err != nil {
		return err
	}
	httpx.Created(w, created{Token: tok, Secret: secret})
	return nil
}

func (h handlers) list(w http.ResponseWriter, r *http.Request) error {
	list, err := h.tokens.List(r.Context(), httpx.MustPrincipal(r).UID)
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

func (h handlers) revoke(w http.ResponseWriter, r *http.Request) error {
	if err := h.tokens.Revoke(r.Context(), httpx.MustPrincipal(r).UID, r.PathValue("id")); err != nil {
		return err
	}
	httpx.Message(w, http.StatusOK, "Access token revoked")
	return nil
}
