package relay

import (
	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/httpx"
)

// policy is how the relay treats one route.
type policy int

const (
	// forward relays the call as is: sign-in, share links, searches.
	forward policy = iota
	// cachedRead is a signed-in GET answered from the caller's cache when
	// it can be (stale-while-revalidate, ETags, stale answers when down).
	cachedRead
	// write is a signed-in change: relayed, never retried unless
	// idempotent, and on success it drops the caller's cached answers.
	write
	// media is a large binary with byte ranges (audio): relayed as it
	// streams, Range and its answer headers passed both ways, never cached.
	media
)

// Body limits, the embedded provider's (httpx.DefaultMaxBody; server/recordings.MaxUploadBytes).
const (
	maxBody   = 1 << 20
	maxUpload = 32 << 20
)

type route struct {
	pattern string
	access  httpx.Access
	policy  policy
	limit   int64
}

// slowRoutes may take longer than one ordinary call before the upstream's
// answer starts: a 32 MiB upload, and a chat answer composed in full before
// it is sent. They get Options.SlowTimeout instead of the per-call timeout.
var slowRoutes = map[string]bool{
	"POST /api/v1/recordings":           true,
	"POST /api/v1/chat/message":         true,
	"POST /api/v1/chat/message/shared":  true,
	"POST /api/v1/chat/library/message": true,
}

// routes are the provider API's REST routes (server/app/routes.go), each as
// the relay serves it. Probes, metrics, sync, push and live events stay
// local, as does the session check (Routes).
var routes = []route{
	// Sign-in goes to the upstream's identity: its tokens, its cookies.
	{"POST /api/v1/auth/email/send-otp", httpx.Public, forward, maxBody},
	{"POST /api/v1/auth/email/verify-otp", httpx.Public, forward, maxBody},
	{"GET /api/v1/auth-email/check", httpx.Public, forward, 0},
	{"POST /api/v1/auth/session", httpx.Public, forward, maxBody},
	{"POST /api/v1/auth/refresh", httpx.Public, forward, maxBody},
	{"POST /api/v1/auth/logout", httpx.Public, forward, maxBody},
	{"POST /api/v1/auth/logout-all", httpx.SignedIn, forward, maxBody},
	{"GET /api/v1/auth/providers", httpx.Public, forward, 0},
	{"GET /api/v1/auth/jwks", httpx.Public, forward, 0},
	{"GET /api/v1/auth/google/start", httpx.Public, forward, 0},
	{"GET /api/v1/auth/google/callback", httpx.Public, forward, 0},
	{"GET /api/v1/auth/apple/start", httpx.Public, forward, 0},
	{"POST /api/v1/auth/apple/callback", httpx.Public, forward, maxBody},

	{"GET /api/v1/recordings/dashboard", httpx.SignedIn, cachedRead, 0},
	{"GET /api/v1/recordings/search", httpx.SignedIn, forward, 0},
	{"POST /api/v1/recordings", httpx.SignedIn, write, maxUpload},
	{"GET /api/v1/recordings/{id}", httpx.SignedIn, cachedRead, 0},
	{"PUT /api/v1/recordings/{id}", httpx.SignedIn, write, maxBody},
	{"DELETE /api/v1/recordings/{id}", httpx.SignedIn, write, maxBody},
	{"POST /api/v1/recordings/{id}/view", httpx.SignedIn, write, maxBody},
	{"GET /api/v1/folders", httpx.SignedIn, cachedRead, 0},
	{"POST /api/v1/folders", httpx.SignedIn, write, maxBody},
	{"PUT /api/v1/folders/{id}", httpx.SignedIn, write, maxBody},
	{"DELETE /api/v1/folders/{id}", httpx.SignedIn, write, maxBody},
	{"PUT /api/v1/recordings/{id}/speakers", httpx.SignedIn, write, maxBody},
	{"PUT /api/v1/recordings/{id}/note", httpx.SignedIn, write, maxBody},
	{"GET /api/v1/people", httpx.SignedIn, forward, 0},
	{"GET /api/v1/people/candidates", httpx.SignedIn, forward, 0},
	{"GET /api/v1/summarizations/by-recording/{recordingId}", httpx.SignedIn, cachedRead, 0},
	{"GET /api/v1/summarizations/{id}", httpx.SignedIn, cachedRead, 0},
	{"GET /api/v1/recordings/{id}/audio", httpx.OptionalSignIn, media, 0}, // a bearer token checked here, a signed link upstream
	{"GET /api/v1/recordings/{id}/audio/link", httpx.SignedIn, forward, 0},

	// Downloads are relayed as they stream, never cached: a backup is as
	// large as the library, and each is asked for once.
	{"GET /api/v1/recordings/{id}/export", httpx.SignedIn, forward, 0},
	{"GET /api/v1/export/backup", httpx.SignedIn, forward, 0},

	{"POST /api/v1/recordings/{id}/share", httpx.SignedIn, write, maxBody},
	{"GET /api/v1/recordings/{id}/shares", httpx.SignedIn, forward, 0},
	{"DELETE /api/v1/share/{token}", httpx.SignedIn, write, maxBody},
	{"GET /api/v1/share/shared/recording", httpx.Public, forward, 0},
	{"POST /api/v1/highlights/{id}/share", httpx.SignedIn, write, maxBody},
	{"GET /api/v1/share/shared/clip", httpx.Public, forward, 0},
	{"GET /api/v1/share/{token}/audio", httpx.Public, media, 0},
	{"PATCH /api/v1/share/{token}", httpx.SignedIn, write, maxBody},
	{"POST /api/v1/share/{token}/unlock", httpx.Public, forward, maxBody}, // the unlock cookie passes through, as the session's does

	{"GET /api/v1/chat/session/{id}", httpx.SignedIn, cachedRead, 0},
	{"GET /api/v1/chat/session/{id}/messages", httpx.SignedIn, cachedRead, 0},
	{"POST /api/v1/chat/message", httpx.SignedIn, write, maxBody},
	{"GET /api/v1/chat/recording/{id}/sessions", httpx.SignedIn, forward, 0},
	{"POST /api/v1/chat/recording/{id}/sessions", httpx.SignedIn, write, maxBody},
	{"GET /api/v1/chat/session/{id}/shared", httpx.Public, forward, 0},
	{"GET /api/v1/chat/session/{id}/messages/shared", httpx.Public, forward, 0},
	{"POST /api/v1/chat/message/shared", httpx.Public, forward, maxBody},
	{"GET /api/v1/chat/library/sessions", httpx.SignedIn, cachedRead, 0},
	{"POST /api/v1/chat/library/sessions", httpx.SignedIn, write, maxBody},
	{"POST /api/v1/chat/library/message", httpx.SignedIn, write, maxBody},
	{"GET /api/v1/chat/library/suggestions", httpx.SignedIn, cachedRead, 0},

	// The upstream keeps the library, so it counts it and enforces the quotas.
	{"GET /api/v1/usage", httpx.SignedIn, forward, 0},

	// Personal access tokens are the upstream's: managed from a session
	// through the relay, used against the upstream itself (the relay's
	// sign-in check takes ID tokens only and refuses them).
	{"POST /api/v1/tokens", httpx.SignedIn, forward, maxBody},
	{"GET /api/v1/tokens", httpx.SignedIn, forward, 0},
	{"DELETE /api/v1/tokens/{id}", httpx.SignedIn, forward, maxBody},

	// Webhooks are the upstream's: it holds the library whose changes they
	// announce, so it queues and sends the deliveries.
	{"POST /api/v1/webhooks", httpx.SignedIn, forward, maxBody},
	{"GET /api/v1/webhooks", httpx.SignedIn, forward, 0},
	{"GET /api/v1/webhooks/{id}", httpx.SignedIn, forward, 0},
	{"PATCH /api/v1/webhooks/{id}", httpx.SignedIn, forward, maxBody},
	{"DELETE /api/v1/webhooks/{id}", httpx.SignedIn, forward, maxBody},
	{"POST /api/v1/webhooks/{id}/rotate-secret", httpx.SignedIn, forward, maxBody},
	{"GET /api/v1/webhooks/{id}/deliveries", httpx.SignedIn, forward, 0},
	{"POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend", httpx.SignedIn, forward, maxBody},

	// Summary templates are the upstream's: it writes the summaries.
	{"GET /api/v1/templates", httpx.SignedIn, forward, 0},
	{"POST /api/v1/templates", httpx.SignedIn, forward, maxBody},
	{"PUT /api/v1/templates/{id}", httpx.SignedIn, forward, maxBody},
	{"DELETE /api/v1/templates/{id}", httpx.SignedIn, forward, maxBody},
	{"GET /api/v1/recordings/{id}/summaries", httpx.SignedIn, forward, 0},
	{"POST /api/v1/recordings/{id}/summaries", httpx.SignedIn, write, maxBody},
	{"PUT /api/v1/recordings/{id}/summaries/current", httpx.SignedIn, write, maxBody},
	{"DELETE /api/v1/recordings/{id}/summaries/{summaryId}", httpx.SignedIn, write, maxBody},
	// The digest is the upstream's: it holds the library it tells of and
	// sends the mail; its unsubscribe links name the upstream's origin.
	{"GET /api/v1/settings/digest", httpx.SignedIn, forward, 0},
	{"PUT /api/v1/settings/digest", httpx.SignedIn, forward, maxBody},
	{"GET /api/v1/digest", httpx.SignedIn, forward, 0},
	{"POST /api/v1/digest/send", httpx.SignedIn, forward, maxBody},
	{"GET /api/v1/digest/unsubscribe", httpx.Public, forward, 0},
	{"POST /api/v1/digest/unsubscribe", httpx.Public, forward, maxBody},
	// Highlights are the upstream's: it holds the transcripts they quote.
	// Sync does not carry them through a relay (ADR 15).
	{"POST /api/v1/recordings/{id}/highlights", httpx.SignedIn, write, maxBody},
	{"GET /api/v1/recordings/{id}/highlights", httpx.SignedIn, forward, 0},
	{"GET /api/v1/highlights", httpx.SignedIn, forward, 0},
	{"PUT /api/v1/highlights/{id}", httpx.SignedIn, write, maxBody},
	{"DELETE /api/v1/highlights/{id}", httpx.SignedIn, write, maxBody},
}

// Routes mounts every relayed route on r.
func Routes(r *Relay) []httpx.Route {
	out := make([]httpx.Route, 0, len(routes))
	for _, rt := range routes {
		h := r.guardSignIn(rt.pattern, r.signOut.guard(rt.pattern, r.handler(rt)))
		out = append(out, httpx.Route{Pattern: rt.pattern, Access: rt.access, Handler: h})
	}
	// Answered here: the relay's sign-in check has asked the upstream.
	return append(out, httpx.Route{Pattern: "GET " + upstream.SessionPath, Access: httpx.SignedIn, Handler: sessionAlive})
}

// guardSignIn applies the embedded provider's per-client sign-in limits in
// the relay itself: each client is refused here, by its own address, before
// the upstream is asked (which counts the address the relay forwards, when
// it trusts the relay).
func (rl *Relay) guardSignIn(pattern string, h httpx.Handler) httpx.Handler {
	switch pattern {
	case "POST /api/v1/auth/email/send-otp":
		return rl.signIn.SendCode(h)
	case "POST /api/v1/auth/email/verify-otp":
		return rl.signIn.VerifyCode(h)
	case "GET /api/v1/auth-email/check":
		return rl.signIn.CheckEmail(h)
	}
	return h
}
