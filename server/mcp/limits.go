package mcp

import (
	"fmt"
	"sync"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// retryAfterBusy is what a refused request is told to wait: an ask takes
// seconds, a read milliseconds.
const retryAfterBusy = time.Second

// inFlight counts each user's requests being served, up to a bound.
type inFlight struct {
	mu    sync.Mutex
	max   int
	count map[string]int
}

func newInFlight(limit int) *inFlight { return &inFlight{max: limit, count: map[string]int{}} }

// enter admits one more request of uid, or refuses it with 429 while uid
// already has max in flight; release must be called when it ends.
func (f *inFlight) enter(uid string) (release func(), err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.count[uid] >= f.max {
		return nil, &apperr.Error{Kind: apperr.TooMany, Code: "TOO_MANY_MCP_CALLS", RetryAfter: retryAfterBusy,
			Message: fmt.Sprintf("At most %d MCP requests of one user are served at once; wait for one to finish.", f.max)}
	}
	f.count[uid]++
	return func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.count[uid]--; f.count[uid] == 0 {
			delete(f.count, uid) // the map holds only users with requests in flight
		}
	}, nil
}
