// Package relay is relay mode's REST API: every route of the provider API
// (spec §7) relayed to the upstream named by POCKET_UPSTREAM_URL with the
// caller's own credentials, signed-in reads kept in a per-user cache in the
// relay's Badger, and the upstream's ID tokens verified against its JWK Set.
package relay

import (
	"context"
	"github.com/pocket-companion/pocket/pkg/events"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module provides the upstream client, the token verifier, the cache and
// the relayed routes.
var Module = fx.Module("relay",
	fx.Provide(
		DefaultOptions,
		NewClient,
		newModuleVerifier,
		func(v *Verifier) httpx.Verifier { return v },
		newCache,
		newRelay,
		fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`)),
		NewSharePreview,
		NewClipPreview,
	),
)

// Options tune the relay; tests shorten them with fx.Decorate.
type Options struct {
	// FreshFor is how long a cached answer is served without asking the upstream.
	FreshFor time.Duration
	// CacheTTL bounds how long an answer stays cached at all.
	CacheTTL time.Duration
	// PerUser bounds one user's cached answers.
	PerUser int
	// SlowTimeout replaces the upstream timeout for uploads and chat messages.
	SlowTimeout time.Duration
	// Upstream configures the client (BaseURL and Timeout from the configuration).
	Upstream upstream.Options
	// Sessions tunes asking the upstream whether tokens' sessions are
	// still signed in (zero values: upstream's defaults).
	Sessions upstream.SessionOptions
}

// DefaultOptions are the relay's settings for cfg.
func DefaultOptions(cfg config.Config) Options {
	return Options{
		FreshFor: 5 * time.Second,
		CacheTTL: 24 * time.Hour,
		PerUser:  500,
		// At least two minutes: a model composing an answer, or an upload
		// over a slow link, outlasts an ordinary call.
		SlowTimeout: max(2*time.Minute, cfg.UpstreamTimeout),
		Upstream:    upstream.Options{BaseURL: cfg.UpstreamURL, Timeout: cfg.UpstreamTimeout},
	}
}

// NewClient is the one upstream client, its calls counted on /metrics.
func NewClient(o Options, m *httpx.Metrics) *upstream.Client {
	uo := o.Upstream
	uo.Observe = newUpstreamMetrics(m).observe
	return upstream.New(uo)
}

func newCache(db *store.DB, o Options, log *slog.Logger) *Cache {
	return NewCache(db, o.CacheTTL, o.PerUser, log)
}

type relayParams struct {
	fx.In
	LC       fx.Lifecycle
	Client   *upstream.Client
	Cache    *Cache
	Options  Options
	Observer WriteObserver `optional:"true"`
	Bus      *events.Bus   `optional:"true"`
	Verifier *Verifier
	Devices  PushDevices `optional:"true"` // none when push is not mounted
	Log      *slog.Logger
}

func newRelay(p relayParams) *Relay {
	rl := New(p.Client, p.Cache, p.Observer, p.Options.FreshFor)
	rl.slowTimeout = p.Options.SlowTimeout
	rl.signOut = signOut{verifier: p.Verifier, devices: p.Devices, log: p.Log}
	if p.Bus != nil {
		rl.bus = p.Bus
	}
	p.LC.Append(fx.Hook{OnStop: func(context.Context) error { rl.Stop(); return nil }})
	return rl
}
