package live

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/server/config"
)

// Limits bound the sockets one server holds: every socket is a file
// descriptor, and a process out of them can answer nothing (not /healthz, not
// a sign-in) and its store cannot open files. A zero field is no limit (tests
// and tools building a Server directly); the settings are always 1 or more.
type Limits struct {
	// PerUser: signed-in sockets of one user. One more closes the user's
	// oldest with CloseTooMany: the newest socket is the tab in use.
	PerUser int
	// PendingPerClient: sockets of one client address (httpx.ClientKey) that
	// have not yet signed in. Beyond it the upgrade is answered 429.
	PendingPerClient int
	// Total: every socket, signed in or not. Beyond it the upgrade is
	// answered 503.
	Total int
}

// LimitsFrom reads the caps from the configuration; the overall one, unless
// set, follows the process's open-file limit.
func LimitsFrom(cfg config.Config) Limits {
	total := cfg.MaxSockets()
	if total == 0 {
		total = socketsForFileLimit(openFileLimit())
	}
	return Limits{PerUser: cfg.MaxSocketsPerUser(), PendingPerClient: cfg.MaxPendingSocketsPerIP(), Total: total}
}

// Retry-After of refused upgrades: a pending socket signs in or is closed
// within authTimeout; a full server frees sockets as people leave, and the
// app's reconnect backoff tops out at 30 s anyway.
const (
	retryPending = authTimeout
	retryFull    = 30 * time.Second
)

// gate admits sockets within Limits, before they are upgraded, so a refusal
// is an ordinary HTTP answer and costs no descriptor beyond the request's.
type gate struct {
	limits  Limits
	mu      sync.Mutex
	held    int            // admitted and not yet closed
	pending map[string]int // admitted and not yet signed in, by client key
	refused atomic.Int64
}

func newGate(l Limits) *gate { return &gate{limits: l, pending: map[string]int{}} }

// ticket is one admitted socket's place; release it once the socket is closed.
type ticket struct {
	g       *gate
	client  string
	pending bool
}

// admit takes a place for a socket from client, or answers why not.
func (g *gate) admit(client string) (*ticket, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if over(g.held, g.limits.Total) {
		g.refused.Add(1)
		e := apperr.New(apperr.Unavailable, "TOO_MANY_SOCKETS", "The server has too many open connections. Please try again later.")
		e.RetryAfter = retryFull
		return nil, e
	}
	if over(g.pending[client], g.limits.PendingPerClient) {
		g.refused.Add(1)
		e := apperr.New(apperr.TooMany, "TOO_MANY_PENDING_SOCKETS", fmt.Sprintf("Too many connections from this device are waiting to sign in. Please wait %d seconds and try again.", int(retryPending.Seconds())))
		e.RetryAfter = retryPending
		return nil, e
	}
	g.held++
	g.pending[client]++
	return &ticket{g: g, client: client, pending: true}, nil
}

func over(n, limit int) bool { return limit > 0 && n >= limit }

// open is how many sockets are held now, signed in or not.
func (g *gate) open() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.held
}

// signedIn frees the socket's pending place: it now counts for its user.
func (t *ticket) signedIn() {
	t.g.mu.Lock()
	defer t.g.mu.Unlock()
	t.leavePending()
}

// release gives the place back once the socket's connection is closed.
func (t *ticket) release() {
	t.g.mu.Lock()
	defer t.g.mu.Unlock()
	t.leavePending()
	t.g.held--
}

func (t *ticket) leavePending() {
	if !t.pending {
		return
	}
	t.pending = false
	if t.g.pending[t.client]--; t.g.pending[t.client] == 0 {
		delete(t.g.pending, t.client)
	}
}
