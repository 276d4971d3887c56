package relaysync

import (
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// A user's token is held in memory while something works for them in the
// background (an open socket's poller, a watched upload), and only then: it
// is never written anywhere or logged, the freshest one wins, and it is
// dropped at its expiry or when nothing needs it any more.

// maxHold bounds how long a token whose expiry cannot be read is held (an ID
// token lives an hour).
const maxHold = time.Hour

// hold keeps token for uid if it outlives the one held.
func (s *Service) hold(uid, token string, expires time.Time) {
	if token == "" {
		return
	}
	u := s.user(uid)
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.token == "" || !expires.Before(u.expires) || s.opts.Now().After(u.expires) {
		u.token, u.expires = token, expires
	}
}

// tokenOf is uid's held token, "" when none or it expired (then it is dropped).
func (s *Service) tokenOf(uid string) string {
	u := s.user(uid)
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.token != "" && !s.opts.Now().Before(u.expires) {
		u.token, u.expires = "", time.Time{}
	}
	return u.token
}

// dropToken forgets uid's token (the upstream refused it).
func (s *Service) dropToken(uid, token string) {
	u := s.user(uid)
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.token == token {
		u.token, u.expires = "", time.Time{}
	}
}

// releaseIfIdle drops the token once no socket or watch needs it. Called
// with u.mu held.
func (u *userState) releaseIfIdle() {
	if u.sockets == 0 && len(u.watching) == 0 {
		u.token, u.expires = "", time.Time{}
	}
}

// expiryOf reads a JWT's exp claim without verifying it (the caller has),
// only to know when to drop it.
func expiryOf(token string, now time.Time) time.Time {
	claims := jwt.RegisteredClaims{}
	if _, _, err := jwt.NewParser().ParseUnverified(token, &claims); err == nil && claims.ExpiresAt != nil {
		return claims.ExpiresAt.Time
	}
	return now.Add(maxHold)
}
