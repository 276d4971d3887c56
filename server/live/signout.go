package live

import "sync/atomic"

// CloseSignedOut closes the sockets of a session that was signed out. The
// app treats it as CloseUnauthenticated: its refresh fails (the session is
// gone), so it returns to the sign-in screen.
const CloseSignedOut = CloseUnauthenticated

// clientSession is the sign-in session a socket's token belongs to; a fresh
// token sent later may name another (the same user signed in again).
type clientSession struct{ id atomic.Pointer[string] }

func (s *clientSession) set(sid string) { s.id.Store(&sid) }

func (s *clientSession) is(sid string) bool {
	cur := s.id.Load()
	return cur != nil && *cur == sid
}

// KickSession closes uid's sockets opened with session sid (sign-out), or
// all of uid's sockets when sid is empty (sign out of all devices). It
// answers how many it closed.
func (h *Hub) KickSession(uid, sid string) int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	n := 0
	for c := range h.byUser[uid] {
		if sid == "" || c.session.is(sid) {
			c.kick(CloseSignedOut, "signed out")
			n++
		}
	}
	return n
}
