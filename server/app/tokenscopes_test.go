package app_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/server/app"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// connectService tells a Connect service's row (a path prefix, no method) from a REST route's.
func connectService(pattern string) bool { return !strings.Contains(pattern, " ") }

// checkConnectRefusal holds a Connect service to Connect's error format: its
// clients read a refusal as a code and a message, not the REST envelope.
func checkConnectRefusal(t *testing.T, row app.RouteInfo, name string, allowed bool, r servertest.Response) {
	t.Helper()
	var body struct{ Code, Message string }
	_ = json.Unmarshal(r.Body, &body)
	switch {
	case allowed:
		t.Errorf("%s is for sessions only, yet a %s token was let through: %d %s", row.Pattern, name, r.Status, r.Body)
	case r.Status != 403 || body.Code != "permission_denied" || !strings.Contains(body.Message, "signed-in session"):
		t.Errorf("%s with a %s token = %d %s, want 403 permission_denied in Connect's format", row.Pattern, name, r.Status, r.Body)
	}
}

// TestTokenScopes_EveryRoute walks every signed-in route of the route table
// with a token of each scope (and one of all of them): a token of the route's
// scope reaches its handler, any other is refused 403 with the envelope and
// a message naming what is missing (a Connect service in Connect's format). A route added without a scope is listed
// with none, which checkRoutes refuses, or served without a row, which
// refuses every token (the last case below).
func TestTokenScopes_EveryRoute(t *testing.T) {
	s, routes := servedRoutes(t, func(c *config.Config) { c.Quotas.Limits.TokenRequests = 0 })
	alice := s.SignIn(t, "alice@example.com")
	holders := map[string][]accesstoken.Scope{"all": accesstoken.Grantable}
	for _, sc := range accesstoken.Grantable {
		holders[string(sc)] = []accesstoken.Scope{sc}
	}
	clients := map[string]*servertest.Client{}
	for name, scopes := range holders {
		var made struct{ Data struct{ Token string } }
		alice.MustOK("POST", "/api/v1/tokens", map[string]any{"name": name, "scopes": scopes}, &made)
		clients[name] = s.WithToken(t, made.Data.Token)
	}

	walked := 0
	for _, row := range app.API {
		if !row.Access.TakesTokens() {
			continue
		}
		walked++
		method, path := concrete(row.Pattern)
		for name, c := range clients {
			r := c.Do(method, path, []byte(`{}`))
			var body struct {
				Success *bool
				Message string
				Code    string
			}
			_ = json.Unmarshal(r.Body, &body)
			// A PerCall route (the MCP server) admits every token and
			// checks each call's scope itself (server/mcp's tests).
			allowed := row.Scope == accesstoken.PerCall ||
				(row.Scope != accesstoken.SessionOnly && slices.Contains(holders[name], row.Scope))
			if connectService(row.Pattern) {
				checkConnectRefusal(t, row, name, allowed, r)
				continue
			}
			switch {
			case allowed && (r.Status == 401 || r.Status == 403):
				t.Errorf("%s with a %s token = %d %s, want its handler's answer", row.Pattern, name, r.Status, r.Body)
			case !allowed && (r.Status != 403 || body.Success == nil || *body.Success):
				t.Errorf("%s with a %s token = %d %s, want 403 in the envelope", row.Pattern, name, r.Status, r.Body)
			case !allowed && row.Scope == accesstoken.SessionOnly && body.Code != "SESSION_REQUIRED":
				t.Errorf("%s with a %s token: code %q, want SESSION_REQUIRED", row.Pattern, name, body.Code)
			case !allowed && row.Scope != accesstoken.SessionOnly && (body.Code != "INSUFFICIENT_SCOPE" || !strings.Contains(body.Message, string(row.Scope))):
				t.Errorf("%s with a %s token: %q %q, want INSUFFICIENT_SCOPE naming %s", row.Pattern, name, body.Code, body.Message, row.Scope)
			}
		}
	}
	if served := len(patternsWith(routes, httpx.SignedIn)) + len(patternsWith(routes, httpx.OptionalSignIn)); walked != served {
		t.Errorf("walked %d rows that take tokens, the server serves %d such routes", walked, served)
	}
}
