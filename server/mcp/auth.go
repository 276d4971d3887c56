package mcp

import (
	"context"
	"fmt"
	"net/http"

	sdkauth "github.com/modelcontextprotocol/go-sdk/auth"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/server/httpx"
)

// principalKey is where the SDK's token info carries the router's principal.
const principalKey = "principal"

// principalInfo hands the SDK the principal the router already admitted
// (httpx.WithAccessTokens checked the token, its expiry and rate): the SDK
// passes it to every handler as the request's token info.
func principalInfo(_ context.Context, _ string, r *http.Request) (*sdkauth.TokenInfo, error) {
	p, ok := httpx.PrincipalFrom(r.Context())
	if !ok {
		return nil, sdkauth.ErrInvalidToken
	}
	return &sdkauth.TokenInfo{UserID: p.UID, Expiration: p.ExpiresAt, Extra: map[string]any{principalKey: p}}, nil
}

// errNoPrincipal would mean a call reached a handler without the router's
// check: refused, never served as someone.
var errNoPrincipal = apperr.New(apperr.Unauthenticated, "UNAUTHENTICATED", "Authentication required")

// principalOf is the caller of a request, as principalInfo recorded it.
func principalOf(extra *sdk.RequestExtra) (httpx.Principal, error) {
	if extra == nil || extra.TokenInfo == nil {
		return httpx.Principal{}, errNoPrincipal
	}
	p, ok := extra.TokenInfo.Extra[principalKey].(httpx.Principal)
	if !ok || p.UID == "" {
		return httpx.Principal{}, errNoPrincipal
	}
	return p, nil
}

// caller is the principal of a request that needs scope: a signed-in
// session always has it, an access token when it was granted it.
func caller(extra *sdk.RequestExtra, scope accesstoken.Scope, what string) (httpx.Principal, error) {
	p, err := principalOf(extra)
	if err == nil && !p.Permits(scope) {
		err = apperr.New(apperr.Forbidden, "INSUFFICIENT_SCOPE",
			fmt.Sprintf("This access token lacks the scope %s, which %s needs", scope, what))
	}
	return p, err
}
