package live

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"github.com/pocket-companion/pocket/server/httpx"
)

// client is one open socket. Only its writer goroutine writes to the
// connection; everything else hands it messages (send) or a reason to close
// (kick).
type client struct {
	conn     *websocket.Conn
	send     chan []byte
	kicked   chan struct{}
	kickOnce sync.Once
	code     int
	reason   string
	place    uint64 // order of joining the hub (Hub.add), oldest first
	session  clientSession
}

func newClient(conn *websocket.Conn) *client {
	return &client{conn: conn, send: make(chan []byte, sendBuffer), kicked: make(chan struct{})}
}

// offer queues msg without blocking; false means the buffer is full.
func (c *client) offer(msg []byte) bool {
	select {
	case c.send <- msg:
		return true
	case <-c.kicked:
		return true // closing anyway
	default:
		return false
	}
}

// kick closes the socket with code and reason (the first reason wins).
func (c *client) kick(code int, reason string) {
	c.kickOnce.Do(func() {
		c.code, c.reason = code, reason
		close(c.kicked)
	})
}

// closing reports whether the socket has been told to close.
func (c *client) closing() bool {
	select {
	case <-c.kicked:
		return true
	default:
		return false
	}
}

// writeLoop is the connection's only writer: queued events, pings, and the
// close frame.
func (c *client) writeLoop(done chan<- struct{}) {
	defer close(done)
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	defer func() { _ = c.conn.Close() }() // the connection is over either way; the reader sees it closed
	for {
		select {
		case msg := <-c.send:
			if c.write(websocket.TextMessage, msg) != nil {
				c.kick(websocket.CloseAbnormalClosure, "")
				return
			}
		case <-ping.C:
			if c.write(websocket.PingMessage, nil) != nil {
				c.kick(websocket.CloseAbnormalClosure, "")
				return
			}
		case <-c.kicked:
			if c.code != websocket.CloseAbnormalClosure {
				_ = c.write(websocket.CloseMessage, websocket.FormatCloseMessage(c.code, c.reason))
			}
			return
		}
	}
}

func (c *client) write(kind int, data []byte) error {
	_ = c.conn.SetWriteDeadline(time.Now().Add(writeTimeout))
	return c.conn.WriteMessage(kind, data)
}

// authenticate reads the first message, which must carry a valid ID token;
// it answers the verified user and their token.
// Until then the socket holds a pending place (Limits.PendingPerClient): the
// read deadline bounds how long a silent one can keep it, and the same
// deadline bounds verifying the token (relay mode may fetch the upstream's keys).
func authenticate(ctx context.Context, conn *websocket.Conn, v httpx.Verifier, timeout time.Duration) (httpx.Principal, string, bool) {
	until := time.Now().Add(timeout)
	_ = conn.SetReadDeadline(until)
	_, data, err := conn.ReadMessage()
	if err != nil {
		return httpx.Principal{}, "", false
	}
	ctx, cancel := context.WithDeadline(ctx, until)
	defer cancel()
	return verify(ctx, v, data)
}

func verify(ctx context.Context, v httpx.Verifier, data []byte) (httpx.Principal, string, bool) {
	var in inbound
	if json.Unmarshal(data, &in) != nil || in.Type != "auth" || in.Token == "" {
		return httpx.Principal{}, "", false
	}
	p, err := v.VerifyIDToken(ctx, in.Token)
	return p, in.Token, err == nil
}

// readLoop keeps the connection alive (pongs), takes fresh tokens and ends
// when the client goes away. A fresh token moves the expiry; a token of
// another user closes the socket.
func (c *client) readLoop(ctx context.Context, v httpx.Verifier, p httpx.Principal, obs Observer) {
	expiry := time.AfterFunc(time.Until(p.ExpiresAt), func() { c.kick(CloseTokenExpired, "token expired") })
	defer expiry.Stop()
	_ = c.conn.SetReadDeadline(time.Now().Add(pongWait))
	c.conn.SetPongHandler(func(string) error { return c.conn.SetReadDeadline(time.Now().Add(pongWait)) })
	for {
		_, data, err := c.conn.ReadMessage()
		if err != nil {
			c.kick(websocket.CloseAbnormalClosure, "")
			return
		}
		fresh, token, ok := verify(ctx, v, data)
		switch {
		case !ok:
			continue // not an auth message: nothing else is expected
		case fresh.UID != p.UID:
			c.kick(CloseUnauthenticated, "token of another user")
			return
		default:
			c.session.set(fresh.SessionID)
			expiry.Reset(time.Until(fresh.ExpiresAt))
			obs.TokenRefreshed(fresh.UID, token, fresh.ExpiresAt)
			_ = c.conn.SetReadDeadline(time.Now().Add(pongWait))
		}
	}
}
