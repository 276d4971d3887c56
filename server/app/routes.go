package app

import (
	"fmt"
	"strings"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/server/httpx"
)

// RouteInfo is one line of the route table: a pattern, who may call it and,
// for a signed-in route, the scope a personal access token needs to call it
// (accesstoken.SessionOnly: no token may; a signed-in session always may).
type RouteInfo struct {
	Pattern string
	Access  httpx.Access
	Scope   accesstoken.Scope
}

// API is every route the server answers and who may call it, in one place.
//
// The handlers stay with their features: each feature's module puts its
// httpx.Route values into the "routes" group, so a feature remains one
// self-contained module that tests can mount alone. This table is where to
// read the whole surface, and it is load-bearing: checkRoutes refuses to
// start a server that serves a route without sign-in that is not listed here
// as such, or that lacks a listed route, or lists a signed-in route without
// its scope; TestRoutes_PublicOnesArePinned holds the table to the served
// routes exactly, and TestTokenScopes_EveryRoute walks it with a token of
// each scope.
var API = []RouteInfo{
	// Probes and metrics (docs/adr/0001-metrics-access.md).
	{"GET /healthz", httpx.Public, ""},
	{"GET /readyz", httpx.Public, ""},
	{"GET /metrics", httpx.Operator, ""},

	// The API's OpenAPI document and its reference page (server/apidoc).
	{"GET /api/openapi.json", httpx.Public, ""},
	{"GET /api/docs", httpx.Public, ""},
	{"GET /api/docs/{file}", httpx.Public, ""},

	// Sign-in: e-mail codes, sessions (server/auth/handlers.go).
	{"POST /api/v1/auth/email/send-otp", httpx.Public, ""},
	{"POST /api/v1/auth/email/verify-otp", httpx.Public, ""},
	{"GET /api/v1/auth-email/check", httpx.Public, ""},
	{"POST /api/v1/auth/session", httpx.Public, ""},
	{"POST /api/v1/auth/refresh", httpx.Public, ""},
	{"POST /api/v1/auth/logout", httpx.Public, ""},
	{"POST /api/v1/auth/logout-all", httpx.SignedIn, accesstoken.SessionOnly},
	{"GET /api/v1/auth/session", httpx.SignedIn, accesstoken.SessionOnly},
	{"GET /api/v1/auth/providers", httpx.Public, ""},
	{"GET /api/v1/auth/jwks", httpx.Public, ""},

	// Sign-in popups: Google and Apple (server/auth/oidc_handlers.go).
	{"GET /api/v1/auth/google/start", httpx.Public, ""},
	{"GET /api/v1/auth/google/callback", httpx.Public, ""},
	{"GET /api/v1/auth/apple/start", httpx.Public, ""},
	{"POST /api/v1/auth/apple/callback", httpx.Public, ""},

	// Recordings, folders, summarizations (server/recordings).
	{"GET /api/v1/recordings/dashboard", httpx.SignedIn, accesstoken.RecordingsRead},
	{"GET /api/v1/recordings/search", httpx.SignedIn, accesstoken.RecordingsRead},
	{"POST /api/v1/recordings", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"GET /api/v1/recordings/{id}", httpx.SignedIn, accesstoken.RecordingsRead},
	{"PUT /api/v1/recordings/{id}", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"DELETE /api/v1/recordings/{id}", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"POST /api/v1/recordings/{id}/view", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"GET /api/v1/folders", httpx.SignedIn, accesstoken.RecordingsRead},
	{"POST /api/v1/folders", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"PUT /api/v1/folders/{id}", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"DELETE /api/v1/folders/{id}", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"PUT /api/v1/recordings/{id}/speakers", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"PUT /api/v1/recordings/{id}/note", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"GET /api/v1/people", httpx.SignedIn, accesstoken.RecordingsRead},
	{"GET /api/v1/people/candidates", httpx.SignedIn, accesstoken.RecordingsRead},
	{"GET /api/v1/summarizations/by-recording/{recordingId}", httpx.SignedIn, accesstoken.RecordingsRead},
	{"GET /api/v1/summarizations/{id}", httpx.SignedIn, accesstoken.RecordingsRead},

	// Exports of one recording and the library backup (server/export).
	{"GET /api/v1/recordings/{id}/export", httpx.SignedIn, accesstoken.RecordingsRead},
	{"GET /api/v1/export/backup", httpx.SignedIn, accesstoken.RecordingsRead},

	// Audio: the file is read with a bearer token (a session's, or an access
	// token's), or without one by a signed link from the link route, since an
	// <audio> element sends no headers (server/recordings/audio.go).
	{"GET /api/v1/recordings/{id}/audio", httpx.OptionalSignIn, accesstoken.RecordingsRead},
	{"GET /api/v1/recordings/{id}/audio/link", httpx.SignedIn, accesstoken.SessionOnly},

	// Share links: owners manage them; the view authorises by its token (server/share).
	{"POST /api/v1/recordings/{id}/share", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"GET /api/v1/recordings/{id}/shares", httpx.SignedIn, accesstoken.RecordingsRead},
	{"DELETE /api/v1/share/{token}", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"GET /api/v1/share/shared/recording", httpx.Public, ""},
	// Clips: a share link to one highlight's moment (text, speakers, times,
	// the recording's title; its audio through the share audio route, cut to the range).
	{"POST /api/v1/highlights/{id}/share", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"GET /api/v1/share/shared/clip", httpx.Public, ""},
	{"GET /api/v1/share/{token}/audio", httpx.Public, ""},
	// A protected link's password: its visitors unlock it without an account.
	{"PATCH /api/v1/share/{token}", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"POST /api/v1/share/{token}/unlock", httpx.Public, ""},

	// Ask Pocket: the owner's chat, and a share-link visitor's, which
	// authorises by the share token on every call (server/chat).
	{"GET /api/v1/chat/session/{id}", httpx.SignedIn, accesstoken.Chat},
	{"GET /api/v1/chat/session/{id}/messages", httpx.SignedIn, accesstoken.Chat},
	{"POST /api/v1/chat/message", httpx.SignedIn, accesstoken.Chat},
	{"GET /api/v1/chat/recording/{id}/sessions", httpx.SignedIn, accesstoken.Chat},
	{"POST /api/v1/chat/recording/{id}/sessions", httpx.SignedIn, accesstoken.Chat},
	{"GET /api/v1/chat/session/{id}/shared", httpx.Public, ""},
	{"GET /api/v1/chat/session/{id}/messages/shared", httpx.Public, ""},
	{"POST /api/v1/chat/message/shared", httpx.Public, ""},
	// Ask across the library: the owner's conversations about all their
	// recordings (messages are read with the session messages route).
	{"GET /api/v1/chat/library/sessions", httpx.SignedIn, accesstoken.Chat},
	{"POST /api/v1/chat/library/sessions", httpx.SignedIn, accesstoken.Chat},
	{"POST /api/v1/chat/library/message", httpx.SignedIn, accesstoken.Chat},
	{"GET /api/v1/chat/library/suggestions", httpx.SignedIn, accesstoken.Chat},

	// Sync: Pull and Push over Connect (server/sync), and live events over a
	// WebSocket whose first message carries the token, since a browser cannot
	// set headers on one (server/live).
	{"/pocket.sync.v1.SyncService/", httpx.SignedIn, accesstoken.SessionOnly},
	{"GET /api/v1/events", httpx.Public, ""},

	// Personal access tokens: made, listed and revoked by a signed-in
	// session only, never by a token (server/tokens).
	{"POST /api/v1/tokens", httpx.SignedIn, accesstoken.SessionOnly},
	{"GET /api/v1/tokens", httpx.SignedIn, accesstoken.SessionOnly},
	{"DELETE /api/v1/tokens/{id}", httpx.SignedIn, accesstoken.SessionOnly},

	// The MCP server for AI assistants (server/mcp, docs/adr/0011-mcp-server.md):
	// any live token may connect, and each tool or resource checks the scope
	// it needs itself. It holds no sessions, so GET and DELETE answer 405.
	{"POST /mcp", httpx.SignedIn, accesstoken.PerCall},
	{"GET /mcp", httpx.SignedIn, accesstoken.PerCall},
	{"DELETE /mcp", httpx.SignedIn, accesstoken.PerCall},

	// Webhooks: endpoints, their secrets and delivery logs (server/webhooks).
	{"POST /api/v1/webhooks", httpx.SignedIn, accesstoken.Webhooks},
	{"GET /api/v1/webhooks", httpx.SignedIn, accesstoken.Webhooks},
	{"GET /api/v1/webhooks/{id}", httpx.SignedIn, accesstoken.Webhooks},
	{"PATCH /api/v1/webhooks/{id}", httpx.SignedIn, accesstoken.Webhooks},
	{"DELETE /api/v1/webhooks/{id}", httpx.SignedIn, accesstoken.Webhooks},
	{"POST /api/v1/webhooks/{id}/rotate-secret", httpx.SignedIn, accesstoken.Webhooks},
	{"GET /api/v1/webhooks/{id}/deliveries", httpx.SignedIn, accesstoken.Webhooks},
	{"POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend", httpx.SignedIn, accesstoken.Webhooks},

	// The user's usage beside each per-user limit (server/usage).
	{"GET /api/v1/usage", httpx.SignedIn, accesstoken.RecordingsRead},

	// Web Push: the VAPID key and devices' subscriptions over Connect (server/push).
	{"/pocket.push.v1.PushService/", httpx.SignedIn, accesstoken.SessionOnly},

	// Summary templates: the built-ins and the user's own (server/templates).
	{"GET /api/v1/templates", httpx.SignedIn, accesstoken.RecordingsRead},
	{"POST /api/v1/templates", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"PUT /api/v1/templates/{id}", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"DELETE /api/v1/templates/{id}", httpx.SignedIn, accesstoken.RecordingsWrite},

	// Summary versions of a recording: regenerate with a template and a
	// language, list, pick the current one, cancel one being made (server/summarize).
	{"GET /api/v1/recordings/{id}/summaries", httpx.SignedIn, accesstoken.RecordingsRead},
	{"POST /api/v1/recordings/{id}/summaries", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"PUT /api/v1/recordings/{id}/summaries/current", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"DELETE /api/v1/recordings/{id}/summaries/{summaryId}", httpx.SignedIn, accesstoken.RecordingsWrite},
	// The digest: settings, the current digest, "send now" (server/digest);
	// the e-mail's unsubscribe link authorises by its signed token.
	{"GET /api/v1/settings/digest", httpx.SignedIn, accesstoken.SessionOnly},
	{"PUT /api/v1/settings/digest", httpx.SignedIn, accesstoken.SessionOnly},
	{"GET /api/v1/digest", httpx.SignedIn, accesstoken.SessionOnly},
	{"POST /api/v1/digest/send", httpx.SignedIn, accesstoken.SessionOnly},
	{"GET /api/v1/digest/unsubscribe", httpx.Public, ""},
	{"POST /api/v1/digest/unsubscribe", httpx.Public, ""},
	// Highlights: marked passages of a recording's transcript (server/highlights).
	{"POST /api/v1/recordings/{id}/highlights", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"GET /api/v1/recordings/{id}/highlights", httpx.SignedIn, accesstoken.RecordingsRead},
	{"GET /api/v1/highlights", httpx.SignedIn, accesstoken.RecordingsRead},
	{"PUT /api/v1/highlights/{id}", httpx.SignedIn, accesstoken.RecordingsWrite},
	{"DELETE /api/v1/highlights/{id}", httpx.SignedIn, accesstoken.RecordingsWrite},
}

// checkRoutes holds the served routes to API where a mistake would open
// something: every route callable without sign-in must be listed with its
// access, and every listed route must be served as listed. A signed-in route
// missing from the table fails closed, so it is only caught by the test (tests
// add such routes of their own).
func checkRoutes(served []httpx.Route) error {
	listed := make(map[string]httpx.Access, len(API))
	for _, r := range API {
		listed[r.Pattern] = r.Access
	}
	problems := scopeProblems(API)
	seen := make(map[string]bool, len(served))
	for _, r := range served {
		seen[r.Pattern] = true
		want, ok := listed[r.Pattern]
		switch {
		case ok && want != r.Access:
			problems = append(problems, fmt.Sprintf("%q is served %s but listed %s", r.Pattern, r.Access, want))
		case !ok && r.Access != httpx.SignedIn: // unlisted signed-in routes fail closed: they take no access token
			problems = append(problems, fmt.Sprintf("%q is served %s but not listed", r.Pattern, r.Access))
		}
	}
	for _, r := range API {
		if !seen[r.Pattern] {
			problems = append(problems, fmt.Sprintf("%q is listed but not served", r.Pattern))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("routes disagree with the route table in server/app/routes.go: %s", strings.Join(problems, "; "))
	}
	return nil
}

// scopeProblems are the table's rows whose scope is missing (a signed-in
// route must name one, or accesstoken.SessionOnly) or means nothing (on a
// route that is not signed in).
func scopeProblems(table []RouteInfo) []string {
	var problems []string
	for _, r := range table {
		if r.Access.TakesTokens() != (r.Scope != "") {
			problems = append(problems, fmt.Sprintf("%q is listed %s with scope %q: a route that takes tokens names its scope (or accesstoken.SessionOnly), no other does", r.Pattern, r.Access, r.Scope))
		}
	}
	return problems
}

// TokenScopes is the scope each route of the table that takes tokens needs
// of an access token, for the router (httpx.WithAccessTokens).
func TokenScopes() httpx.TokenScopes {
	scopes := httpx.TokenScopes{}
	for _, r := range API {
		if r.Access.TakesTokens() {
			scopes[r.Pattern] = r.Scope
		}
	}
	return scopes
}
