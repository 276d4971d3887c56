package natstest

import (
	"errors"
	"net"
	"sync"
	"time"
)

// Cutter dials like net.Dialer (use it as natsbus.Options.Dialer) and can
// cut every connection it made at once, as when the process dies: no
// goodbye, no last flush, and every later dial fails, so the client never
// gets back to the server.
type Cutter struct {
	mu    sync.Mutex
	conns []net.Conn
	cut   bool
}

// Dial opens a TCP connection unless the cutter has cut.
func (c *Cutter) Dial(network, address string) (net.Conn, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cut {
		return nil, errors.New("natstest: this replica is dead")
	}
	conn, err := (&net.Dialer{Timeout: 2 * time.Second}).Dial(network, address)
	if err == nil {
		c.conns = append(c.conns, conn)
	}
	return conn, err
}

// Cut closes every connection and refuses new ones.
func (c *Cutter) Cut() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cut = true
	for _, conn := range c.conns {
		_ = conn.Close()
	}
}
