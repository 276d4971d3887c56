// Package mcp serves the Model Context Protocol at /mcp (Streamable HTTP,
// stateless, JSON answers; docs/adr/0011-mcp-server.md), so AI assistants
// can search, read and ask about a user's recordings with a personal access
// token. It is transport only: every tool calls the same domain services the
// REST routes call (pkg/recordings, pkg/chat, pkg/share).
package mcp

import (
	"log/slog"
	"net/http"

	sdkauth "github.com/modelcontextprotocol/go-sdk/auth"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/chat"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module contributes the /mcp routes.
var Module = fx.Module("mcp",
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
)

// The server's limits (docs/security.md, "MCP server").
const (
	// MaxBodyBytes bounds one POST's JSON-RPC body: a tool call's arguments
	// are a few short strings.
	MaxBodyBytes = 64 << 10
	// MaxCallsPerUser bounds one user's MCP requests in flight at once
	// (an ask waits on the AI engine); more answer 429.
	MaxCallsPerUser = 4
)

// Routes serves /mcp: POST carries JSON-RPC; GET (a server-sent stream) and
// DELETE (ending a session) answer 405, since the server holds no sessions.
func Routes(recs *recordings.Service, ask *chat.Service, links *share.Service, log *slog.Logger) []httpx.Route {
	tools := &tools{recs: recs, chat: ask, links: links, log: log}
	h := handler(newServer(tools), log)
	return []httpx.Route{
		{Pattern: "POST /mcp", Handler: h},
		{Pattern: "GET /mcp", Handler: h},
		{Pattern: "DELETE /mcp", Handler: h},
	}
}

// newServer is the MCP server with every tool and the recordings resources.
func newServer(t *tools) *sdk.Server {
	srv := sdk.NewServer(&sdk.Implementation{Name: "pocket", Title: "Pocket Companion", Version: "1"}, &sdk.ServerOptions{
		Instructions: "Tools and resources over the signed-in user's voice recordings: search them, read one " +
			"(summary, action items, transcript in pages), ask questions with cited passages, list action items, " +
			"and make share links.",
		// Stateless: no session hears a notice, so none is promised (the SDK would
		// advertise listChanged for tools and resources, and logging).
		Capabilities: &sdk.ServerCapabilities{Tools: &sdk.ToolCapabilities{}, Resources: &sdk.ResourceCapabilities{}},
	})
	t.register(srv)
	return srv
}

var errBodyTooLarge = apperr.Newf(apperr.TooLarge, "BODY_TOO_LARGE", "Request body is too large: an MCP message may be up to %d KiB", MaxBodyBytes>>10)

// handler runs the SDK's Streamable HTTP handler behind the router's sign-in
// check: the principal the router admitted becomes the SDK's token info, a
// user's requests in flight are bounded, and the SDK's plain-text refusals
// are answered in the API's error envelope.
func handler(srv *sdk.Server, log *slog.Logger) httpx.Handler {
	streamable := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, &sdk.StreamableHTTPOptions{
		Stateless:           true,
		JSONResponse:        true,
		MaxRequestBodyBytes: MaxBodyBytes,
		Logger:              log,
		// The SDK's DNS-rebinding guard refuses a loopback peer whose Host is
		// not loopback: every request behind a local reverse proxy. It
		// protects servers a browser can reach without credentials; this one
		// needs a bearer token no browser attaches by itself.
		DisableLocalhostProtection: true,
	})
	withPrincipal := sdkauth.RequireBearerToken(principalInfo, &sdkauth.RequireBearerTokenOptions{AllowMissingExpiration: true})(streamable)
	calls := newInFlight(MaxCallsPerUser)
	return func(w http.ResponseWriter, r *http.Request) error {
		if r.ContentLength > MaxBodyBytes { // declared too large: refused before a byte is read
			return errBodyTooLarge
		}
		release, err := calls.enter(httpx.MustPrincipal(r).UID)
		if err != nil {
			return err
		}
		defer release()
		ew := &envelopeWriter{ResponseWriter: w}
		withPrincipal.ServeHTTP(ew, r)
		ew.finish(r)
		return nil
	}
}

// Relayed contributes /mcp in relay mode, where access tokens are the
// upstream's and the relay's sign-in takes ID tokens only: the routes say
// where to connect instead of serving a second, tokenless MCP server.
var Relayed = fx.Module("mcp-relayed",
	fx.Provide(fx.Annotate(relayedRoutes, fx.ResultTags(`group:"routes,flatten"`))),
)

var errRelayed = apperr.New(apperr.NotFound, "MCP_NOT_RELAYED",
	"This server relays another Pocket server; connect your assistant to that server's /mcp with an access token made there.")

func relayedRoutes() []httpx.Route {
	refuse := func(http.ResponseWriter, *http.Request) error { return errRelayed }
	return []httpx.Route{
		{Pattern: "POST /mcp", Handler: refuse},
		{Pattern: "GET /mcp", Handler: refuse},
		{Pattern: "DELETE /mcp", Handler: refuse},
	}
}
