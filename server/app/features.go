package app

import (
	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	pkgpush "github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/server/auth"
	"github.com/pocket-companion/pocket/server/chat"
	"github.com/pocket-companion/pocket/server/digest"
	"github.com/pocket-companion/pocket/server/export"
	"github.com/pocket-companion/pocket/server/firstpaint"
	"github.com/pocket-companion/pocket/server/highlights"
	"github.com/pocket-companion/pocket/server/live"
	"github.com/pocket-companion/pocket/server/mcp"
	"github.com/pocket-companion/pocket/server/media"
	"github.com/pocket-companion/pocket/server/push"
	"github.com/pocket-companion/pocket/server/recordings"
	"github.com/pocket-companion/pocket/server/seed"
	"github.com/pocket-companion/pocket/server/share"
	"github.com/pocket-companion/pocket/server/summarize"
	"github.com/pocket-companion/pocket/server/sync"
	"github.com/pocket-companion/pocket/server/templates"
	"github.com/pocket-companion/pocket/server/tokens"
	"github.com/pocket-companion/pocket/server/usage"
	"github.com/pocket-companion/pocket/server/webhooks"
)

// Features are the provider API's feature modules.
var Features = fx.Options(
	auth.Module,
	recordings.Module,
	export.Module,
	media.Module,
	share.Module,
	firstpaint.Module, // the signed-in list's and recording's first paint from the HTML
	seed.Module,
	chat.Module,
	summarize.Module,
	sync.Module,
	live.Module,
	// Signing out closes the session's live sockets.
	fx.Provide(func(h *live.Hub) auth.Sockets { return h }),
	push.Module,
	// Signing out of all devices forgets their push subscriptions.
	fx.Provide(func(s *pkgpush.Subscriptions) auth.PushDevices { return s }),
	usage.Module,
	mcp.Module, // /mcp for AI assistants, over the same services as the REST routes
	// Personal access tokens, accepted on the routes the table gives a scope.
	tokens.Module,
	fx.Supply(TokenScopes()),
	fx.Provide(func(t *accesstoken.Tokens) auth.AccessTokens { return t }),
	// Webhooks: queued with each change, sent in the background.
	webhooks.Module,
	// Summary templates, which regenerated summaries and folders name.
	templates.Module,
	// The digest: settings, the in-app page's data, e-mail and push on schedule.
	digest.Module,
	// Highlights: marked passages of transcripts, synced like folders.
	highlights.Module,
)
