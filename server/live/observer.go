package live

import "time"

// Observer is told about the signed-in sockets of this server: the relay
// polls its upstream for exactly the users who have one open, with the token
// the socket presented (kept in memory, dropped at its expiry). Calls come
// from the sockets' goroutines and must not block.
type Observer interface {
	// SocketOpened: a socket of uid authenticated with token.
	SocketOpened(uid, token string, expires time.Time)
	// TokenRefreshed: a socket of uid sent a fresh token.
	TokenRefreshed(uid, token string, expires time.Time)
	// SocketClosed: a socket of uid closed (each opened one closes once).
	SocketClosed(uid string)
}

// noObserver is the embedded provider's: nobody needs to know.
type noObserver struct{}

func (noObserver) SocketOpened(string, string, time.Time)   {}
func (noObserver) TokenRefreshed(string, string, time.Time) {}
func (noObserver) SocketClosed(string)                      {}
