package relaysync

import (
	"context"
	"time"
)

// The poller refreshes, every Poll, the mirror of each user who has a live
// events socket open on this replica, so their open tabs hear of changes
// made elsewhere (another app, the provider's own site). It spends the same
// budget as everything else in the background, backs off when the upstream
// fails or says 429, and stops when the user's last socket closes. The
// sockets report to it through server/live's Observer.

// SocketOpened: uid signed a socket in with token, valid until expires.
func (s *Service) SocketOpened(uid, token string, expires time.Time) {
	s.hold(uid, token, expires)
	u := s.user(uid)
	u.mu.Lock()
	defer u.mu.Unlock()
	u.sockets++
	if u.polling {
		return
	}
	u.polling = true
	s.goBackground(func(ctx context.Context) { s.pollLoop(ctx, uid) })
}

// TokenRefreshed: a socket of uid sent a fresh token.
func (s *Service) TokenRefreshed(uid, token string, expires time.Time) {
	s.hold(uid, token, expires)
}

// SocketClosed: one socket of uid closed.
func (s *Service) SocketClosed(uid string) {
	u := s.user(uid)
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.sockets > 0 {
		u.sockets--
	}
	u.releaseIfIdle()
}

func (s *Service) pollLoop(ctx context.Context, uid string) {
	u := s.user(uid)
	t := time.NewTicker(s.opts.Poll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		u.mu.Lock()
		if u.sockets == 0 {
			u.polling = false
			u.mu.Unlock()
			return
		}
		fresh := s.opts.Now().Sub(u.lastRefresh) < s.opts.Poll/2 // a pull or write just refreshed
		u.mu.Unlock()
		if token := s.tokenOf(uid); token != "" && !fresh {
			s.backgroundRefresh(ctx, uid, token, true)
		}
	}
}
