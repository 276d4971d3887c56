package relaysync

import (
	"context"
	"time"

	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/retry"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Watching: a recording uploaded without a summary is summarised by the
// upstream some time later; the device that uploaded it may have no tab
// open, yet summary.ready (and the Web Push notification server/push sends
// on it) must fire. So the relay refreshes the user's mirror a bounded
// number of times, further and further apart, within their budget, until
// the recording has a summary or is gone.

const (
	watchAttempts = 10
	maxWatchDelay = 2 * time.Minute
)

// refreshTimeout bounds one background refresh.
const refreshTimeout = time.Minute

// Changed tells the relay that uid wrote to the upstream through the REST
// relay: the mirror is refreshed now (in the background, within the budget)
// so other tabs hear of it, and an upload without a summary is watched.
func (s *Service) Changed(ctx context.Context, uid, token string) {
	if recordings.CheckOwner(ctx, uid) != nil || token == "" {
		return
	}
	s.hold(uid, token, expiryOf(token, s.opts.Now()))
	u := s.user(uid)
	u.mu.Lock()
	// The relay has announced the write; the devices that heard it pull
	// next, and that pull must see it, even if the refresh below is slower.
	// It may have been a template's: the next refresh lists them too.
	u.announced++
	u.templatesDue = true
	if u.queued { // a refresh that has not started yet will see this write too
		u.mu.Unlock()
		return
	}
	u.queued = true
	u.mu.Unlock()
	s.goBackground(func(ctx context.Context) {
		u.mu.Lock()
		u.queued = false
		u.mu.Unlock()
		s.backgroundRefresh(ctx, uid, token, false)
	})
}

// backgroundRefresh refreshes for work nobody waits on and drops a token the
// upstream refused.
func (s *Service) backgroundRefresh(ctx context.Context, uid, token string, invalidate bool) {
	ctx, cancel := context.WithTimeout(ctx, refreshTimeout)
	defer cancel()
	if _, err := s.refresh(ctx, uid, token, invalidate); isAuth(err) {
		s.dropToken(uid, token)
	}
}

func (s *Service) goBackground(fn func(context.Context)) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		fn(s.bg)
	}()
}

// watch adds recordings to uid's watch list and starts its watcher.
func (s *Service) watch(uid string, ids []string) {
	if len(ids) == 0 {
		return
	}
	u := s.user(uid)
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, id := range ids {
		u.watching[id] = watchAttempts
	}
	if u.watcher {
		return
	}
	u.watcher = true
	s.goBackground(func(ctx context.Context) { s.watchLoop(ctx, uid) })
}

func (s *Service) watchLoop(ctx context.Context, uid string) {
	u := s.user(uid)
	delay := s.opts.WatchFirst
	for {
		if retry.Sleep(ctx, delay) != nil || !s.watchOnce(ctx, uid) {
			u.mu.Lock()
			u.watcher = false
			u.watching = map[string]int{}
			u.releaseIfIdle()
			u.mu.Unlock()
			return
		}
		delay = min(delay*2, maxWatchDelay)
	}
}

// watchOnce refreshes and strikes off what got a summary, went away or ran
// out of attempts; false when nothing is left to watch (or no token).
func (s *Service) watchOnce(ctx context.Context, uid string) bool {
	token := s.tokenOf(uid)
	if token == "" {
		return false
	}
	s.backgroundRefresh(ctx, uid, token, true)
	u := s.user(uid)
	u.mu.Lock()
	ids := make([]string, 0, len(u.watching))
	for id := range u.watching {
		ids = append(ids, id)
	}
	u.mu.Unlock()
	done := s.summarisedOrGone(uid, ids)
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, id := range ids {
		if done[id] || u.watching[id] <= 1 {
			delete(u.watching, id)
		} else {
			u.watching[id]--
		}
	}
	return len(u.watching) > 0
}

func (s *Service) summarisedOrGone(uid string, ids []string) map[string]bool {
	done := map[string]bool{}
	_ = s.db.View(func(x *store.Txn) error {
		for _, id := range ids {
			var r mirroredRecording
			ok, err := getJSON(x, mrecKey(uid, id), &r)
			done[id] = err == nil && (!ok || r.HasSummary)
		}
		return nil
	})
	return done
}
