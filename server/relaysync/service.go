// Package relaysync is relay mode's sync backend (a pkg/syncer.Backend,
// served by server/sync), live events and summary notifications
// (POCKET_UPSTREAM_URL set). The upstream provider speaks only the spec's
// REST API; devices still pull and push over pocket.sync.v1 and hear live
// events. So the relay keeps, per user, a mirror of the upstream's
// recordings and folders in its Badger, refreshes it by listing the upstream
// (on pulls, after writes, and on a timer for users with an open socket), and
// turns what changed into the same change log (pkg/changelog) and events
// (pkg/events) as the embedded provider. Pushed mutations become the
// upstream's REST calls; the engine answers each key at most once.
//
// Every upstream call for background work is counted against one budget per
// user (POCKET_UPSTREAM_RATE requests a minute); tokens are held in memory
// only, never logged, and dropped when they expire.
package relaysync

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Upstream sends one request to the provider with the caller's bearer token.
// err is non-nil only when no HTTP answer arrived (*upstream.Client
// satisfies it).
type Upstream interface {
	Call(ctx context.Context, token, method, pathAndQuery string, body []byte) (int, []byte, error)
}

// HeaderUpstream is an Upstream that also gives the answer's headers; when
// the client offers it, a 429's Retry-After is honoured to the second
// (otherwise the relay backs off on its own schedule).
type HeaderUpstream interface {
	CallHeader(ctx context.Context, token, method, pathAndQuery string, body []byte) (int, http.Header, []byte, error)
}

// Invalidator drops a user's cached upstream reads (the REST relay's cache):
// told whenever the mirror saw the user's library change.
type Invalidator interface {
	InvalidateUser(uid string)
}

// Publisher is where the relay announces changes (pkg/events.Bus).
type Publisher interface {
	Publish(events.Event)
}

// Options tunes the service; zero values take the defaults.
type Options struct {
	// Rate is upstream requests a minute per user for background work
	// (refreshes, polls, watches). Default 50.
	Rate int
	// Poll is the interval between refreshes of a user with an open socket.
	// Default 15 s.
	Poll time.Duration
	// MinRefresh is how long a pull answers from the mirror after a refresh
	// before refreshing again. Default 2 s.
	MinRefresh time.Duration
	// WatchFirst is the wait before the first refresh for an upload
	// without a summary; each next wait doubles. Default 5 s.
	WatchFirst time.Duration
	// TemplateEvery is how often a refresh also lists the user's templates
	// when no template was written through this relay since (they change
	// seldom; each listing is one more request of the budget). Default 1 min.
	TemplateEvery time.Duration
	// Now is the clock (tests); default time.Now.
	Now func() time.Time
}

// Service is relay mode's sync backend for every user. It is safe for
// concurrent use.
type Service struct {
	db     *store.DB
	up     Upstream
	bus    Publisher
	inval  Invalidator
	log    *slog.Logger
	opts   Options
	budget *budget

	users sync.Map // uid -> *userState
	bg    context.Context
	stop  context.CancelFunc
	wg    sync.WaitGroup
}

// New builds the service. bus and inval may be nil.
func New(db *store.DB, up Upstream, bus Publisher, inval Invalidator, log *slog.Logger, opts Options) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	opts = opts.withDefaults()
	bg, stop := context.WithCancel(context.Background())
	s := &Service{db: db, up: up, bus: bus, inval: inval, log: log, opts: opts, bg: bg, stop: stop}
	s.budget = newBudget(opts.Rate, opts.Now)
	return s
}

// Close stops the background work (watches, pollers) and waits for it.
func (s *Service) Close() {
	s.stop()
	s.wg.Wait()
}

func (o Options) withDefaults() Options {
	if o.Rate <= 0 {
		o.Rate = 50
	}
	if o.Poll <= 0 {
		o.Poll = 15 * time.Second
	}
	if o.MinRefresh <= 0 {
		o.MinRefresh = 2 * time.Second
	}
	if o.WatchFirst <= 0 {
		o.WatchFirst = 5 * time.Second
	}
	if o.TemplateEvery <= 0 {
		o.TemplateEvery = time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// userState is what the relay holds in memory for one user: one refresh at
// a time, when the last one ended, and the sockets and watches keeping it
// polled.
type userState struct {
	refreshing  sync.Mutex // one refresh of a user at a time
	pushing     sync.Mutex // one push of a user at a time
	mu          sync.Mutex
	lastRefresh time.Time
	// announced counts the changes announced to the user's devices (a
	// write just relayed, or another replica's) that the mirror may not
	// hold; covered is the count a completed listing began after. A pull
	// while covered < announced refreshes first, or waits for the refresh
	// that will cover it.
	announced, covered uint64
	pages              int // dashboard pages of the last complete listing
	sockets            int
	token              string
	expires            time.Time
	polling            bool
	queued             bool                 // a background refresh is waiting to start
	watcher            bool                 // the watch loop runs
	watching           map[string]int       // recording id -> refreshes left
	awaiting           map[string]time.Time // uploads without a summary -> when (awaited.go)
	// templatesAt is when the upstream's templates were last listed;
	// templatesDue asks the next refresh to list them (a write through
	// this relay may have changed them).
	templatesAt  time.Time
	templatesDue bool
}

func (s *Service) user(uid string) *userState {
	if u, ok := s.users.Load(uid); ok {
		return u.(*userState)
	}
	u, _ := s.users.LoadOrStore(uid, &userState{watching: map[string]int{}, awaiting: map[string]time.Time{}})
	return u.(*userState)
}

func (s *Service) publish(e events.Event) {
	if s.bus != nil {
		if e.At.IsZero() {
			e.At = s.opts.Now().UTC()
		}
		s.bus.Publish(e)
	}
}
