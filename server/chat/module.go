// Package chat serves Ask Pocket (spec §7): an owner's chat about their
// recordings and a share-link visitor's chat about the shared one. The AI
// engine that answers comes from server/ai.
package chat

import (
	"log/slog"
	"math"
	"net/http"
	"regexp"
	"strings"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/chat"
	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/library"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module provides the chat service (sync sends questions queued offline
// through it) and the chat routes, and sweeps expired visitor conversations.
var Module = fx.Module("chat",
	fx.Provide(newService, newSuggester),
	fx.Invoke(sweepVisitors),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
)

type serviceParams struct {
	fx.In
	DB         *store.DB
	Recordings *recordings.Service
	Links      *share.Service
	Engine     engine.Engine
	Bus        *events.Bus
	Log        *slog.Logger
	Config     config.Config
}

func newService(p serviceParams) *chat.Service {
	return chat.NewService(chat.Options{
		DB: p.DB, Recordings: p.Recordings, Links: p.Links, Engine: p.Engine, Bus: p.Bus, Log: p.Log,
		Library: library.NewRetriever(p.Recordings),
		Limits:  chat.Limits{Owner: ownerRate(p.Config.Quotas.Limits.ChatPerMinute)},
	})
}

func newSuggester(recs *recordings.Service) *library.Suggester { return library.NewSuggester(recs) }

// ownerRate is POCKET_QUOTA_CHAT_PER_MINUTE as a bucket: n at once, then one
// every minute/n (0, no limit: a bucket no person empties).
func ownerRate(n int64) chat.Rate {
	if n <= 0 {
		return chat.Rate{Burst: math.MaxInt32, Every: time.Nanosecond}
	}
	return chat.Rate{Burst: int(n), Every: time.Minute / time.Duration(n)}
}

// maxBody bounds a send's JSON: a 4,000-character message with room to spare.
const maxBody = 64 << 10

// Routes lists the endpoints. Owner routes need a bearer token; shared
// routes authorise with the share token on every call.
func Routes(svc *chat.Service, suggest *library.Suggester) []httpx.Route {
	h := handlers{svc: svc, suggest: suggest}
	return []httpx.Route{
		{Pattern: "GET /api/v1/chat/session/{id}", Handler: h.session},
		{Pattern: "GET /api/v1/chat/session/{id}/messages", Handler: h.messages},
		{Pattern: "POST /api/v1/chat/message", Handler: h.send},
		{Pattern: "GET /api/v1/chat/recording/{id}/sessions", Handler: h.recordingSessions},
		{Pattern: "POST /api/v1/chat/recording/{id}/sessions", Handler: h.newRecordingSession},
		{Pattern: "GET /api/v1/chat/session/{id}/shared", Handler: h.sharedSession, Access: httpx.Public},
		{Pattern: "GET /api/v1/chat/session/{id}/messages/shared", Handler: h.sharedMessages, Access: httpx.Public},
		{Pattern: "POST /api/v1/chat/message/shared", Handler: h.sharedSend, Access: httpx.Public},
		{Pattern: "GET /api/v1/chat/library/sessions", Handler: h.librarySessions},
		{Pattern: "POST /api/v1/chat/library/sessions", Handler: h.newLibrarySession},
		{Pattern: "POST /api/v1/chat/library/message", Handler: h.librarySend},
		{Pattern: "GET /api/v1/chat/library/suggestions", Handler: h.librarySuggestions},
	}
}

type handlers struct {
	svc     *chat.Service
	suggest *library.Suggester
}

func owner(r *http.Request) chat.Access { return chat.Access{UID: httpx.MustPrincipal(r).UID} }

// visitor reads the share token of a shared call (none is the spec's 400),
// the visitor's own conversation key, if the browser sent one, and the
// client address their messages are counted against.
func visitor(w http.ResponseWriter, r *http.Request, token, key string) (chat.Access, error) {
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	w.Header().Set("Referrer-Policy", "no-referrer")
	token = strings.TrimSpace(token)
	if token == "" {
		return chat.Access{}, share.ErrNoToken
	}
	if key != "" && !visitorKeyPattern.MatchString(key) {
		return chat.Access{}, apperr.Invalidf("visitor must be 16 to 128 letters, digits, - or _")
	}
	return chat.Access{Token: token, Visitor: key, Client: httpx.ClientKey(r)}, nil
}

// visitorKeyPattern: a browser's random key, base64url or hex, of at least
// 96 bits when base64url.
var visitorKeyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,128}$`)
