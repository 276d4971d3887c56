package relaysync

import (
	"context"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// Pull answers the caller's changes after cursor, as the embedded Pull does
// (pkg/syncer over the relay's log and mirror), after refreshing the mirror
// when the last refresh is older than MinRefresh. A refresh that fails or
// finds the budget spent leaves the answer to the mirror as it is: the
// device is served what the relay knows, and hears of the rest later.
func (s *Service) Pull(ctx context.Context, uid, token, cursor string, limit int) (*syncv1.PullResponse, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	if s.due(uid) {
		s.refreshLogged(ctx, uid, token, true)
	}
	return s.ledger.Pull(ctx, uid, cursor, limit)
}

// due: the user's mirror was last refreshed MinRefresh ago or more, or a
// change was announced since (by a relayed write or another replica).
func (s *Service) due(uid string) bool {
	u := s.user(uid)
	u.mu.Lock()
	defer u.mu.Unlock()
	due := u.behind || s.opts.Now().Sub(u.lastRefresh) >= s.opts.MinRefresh
	u.behind = false
	return due
}

// ChangedElsewhere marks the user's mirror as behind: another replica made or
// saw a change of theirs, so their next pull here refreshes first.
func (s *Service) ChangedElsewhere(uid string) {
	u := s.user(uid)
	u.mu.Lock()
	u.behind = true
	u.mu.Unlock()
}

// refreshLogged refreshes and logs a failure once, without the token.
func (s *Service) refreshLogged(ctx context.Context, uid, token string, invalidate bool) outcome {
	out, err := s.refresh(ctx, uid, token, invalidate)
	switch {
	case err == nil, err == errBudget:
	case isAuth(err):
		s.log.Info("relaysync: the upstream refused a user's token", "uid", uid)
	default:
		s.log.Warn("relaysync: refreshing a user's mirror failed", "uid", uid, "err", err)
	}
	return out
}
