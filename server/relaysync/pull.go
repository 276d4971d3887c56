package relaysync

import (
	"context"
	"errors"

	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/syncer"
)

// CatchUp refreshes the mirror before a pull (the engine's, pkg/syncer)
// when the last refresh is older than MinRefresh or a change was announced
// since, with the caller's token. A refresh that fails or finds the budget
// spent leaves the answer to the mirror as it is: the device is served what
// the relay knows, and hears of the rest later.
func (s *Service) CatchUp(ctx context.Context, uid string) {
	if want, due := s.due(uid); due {
		s.refreshUnlessCovered(ctx, uid, syncer.TokenFrom(ctx), want)
	}
}

// due: the user's mirror was last refreshed MinRefresh ago or more, or a
// change was announced that no completed listing has covered yet. want is
// the announcements the pull must see.
func (s *Service) due(uid string) (want uint64, due bool) {
	u := s.user(uid)
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.announced, u.announced > u.covered || s.stale(u)
}

func (s *Service) stale(u *userState) bool {
	return s.opts.Now().Sub(u.lastRefresh) >= s.opts.MinRefresh
}

// refreshUnlessCovered refreshes for a pull, unless the refresh it waited
// for (devices pull together when they hear of a change) already covered
// what it must see: one listing of the upstream answers them all, and none
// is answered from a mirror that lacks the change it heard of.
func (s *Service) refreshUnlessCovered(ctx context.Context, uid, token string, want uint64) {
	if recordings.CheckOwner(ctx, uid) != nil {
		return
	}
	u := s.user(uid)
	u.refreshing.Lock()
	defer u.refreshing.Unlock()
	u.mu.Lock()
	covered := u.covered >= want && !s.stale(u)
	u.mu.Unlock()
	if covered {
		return
	}
	if _, err := s.refreshLocked(ctx, uid, token, true, u); err != nil {
		s.logRefreshError(uid, err)
	}
}

// ChangedElsewhere marks the user's mirror as behind: another replica made or
// saw a change of theirs, so their next pull here refreshes first.
func (s *Service) ChangedElsewhere(uid string) {
	u := s.user(uid)
	u.mu.Lock()
	u.announced++
	u.mu.Unlock()
}

// templatesChanged makes the next refresh of uid list the templates too.
func (s *Service) templatesChanged(uid string) {
	u := s.user(uid)
	u.mu.Lock()
	u.templatesDue = true
	u.mu.Unlock()
}

// refreshLogged refreshes and logs a failure once, without the token.
func (s *Service) refreshLogged(ctx context.Context, uid, token string, invalidate bool) outcome {
	out, err := s.refresh(ctx, uid, token, invalidate)
	s.logRefreshError(uid, err)
	return out
}

// logRefreshError logs a failed refresh once, without the token.
func (s *Service) logRefreshError(uid string, err error) {
	switch {
	case err == nil, errors.Is(err, errBudget):
	case isAuth(err):
		s.log.Info("relaysync: the upstream refused a user's token", "uid", uid)
	default:
		s.log.Warn("relaysync: refreshing a user's mirror failed", "uid", uid, "err", err)
	}
}
