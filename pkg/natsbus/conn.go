// Package natsbus joins replicas of the server through a NATS server
// (github.com/nats-io/nats.go): one connection per replica that rides out
// the broker's restarts, and the fan-out of the event bus (Fanout). Push
// notices and subscriptions use the same connection's JetStream (pkg/push).
package natsbus

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Options tune the connection; zero values take the defaults below.
type Options struct {
	// Replica names this process in events and logs; default: the host
	// name and a random suffix, so two processes never share one.
	Replica string
	// ReconnectWait is the pause between attempts to reach a lost server.
	ReconnectWait time.Duration
	// ConnectFor bounds the first connection: a server that cannot reach
	// the broker at start says so and stops rather than run alone.
	ConnectFor time.Duration
	// Dialer replaces the TCP dialer (tests use it to cut a replica off).
	Dialer nats.CustomDialer
	Log    *slog.Logger
}

// Conn is one replica's connection.
type Conn struct {
	NC      *nats.Conn
	JS      jetstream.JetStream
	Replica string
	log     *slog.Logger
}

const (
	// reconnectBuf holds what is published while the broker is away, sent
	// when it is back (8 MiB is tens of thousands of events).
	reconnectBuf = 8 << 20
	// pingEvery and maxPingsOut notice a broker that vanished without
	// closing the TCP connection in about half a minute, not the default four.
	pingEvery   = 10 * time.Second
	maxPingsOut = 3
)

// Connect opens the connection to the servers at url (a comma-separated list
// is a cluster). Once connected, it reconnects forever after losing the
// server, buffering publishes meanwhile, and logs every change of state.
func Connect(url string, o Options) (*Conn, error) {
	o = withDefaults(o)
	log := o.Log.With("replica", o.Replica)
	opts := []nats.Option{
		nats.Name("pocket " + o.Replica),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(o.ReconnectWait),
		nats.ReconnectBufSize(reconnectBuf),
		nats.PingInterval(pingEvery),
		nats.MaxPingsOutstanding(maxPingsOut),
		// A replica's own events reach its listeners directly (Bus.Publish);
		// the broker need not send them back.
		nats.NoEcho(),
		nats.DisconnectErrHandler(func(nc *nats.Conn, err error) {
			if nc.IsClosed() || nc.IsDraining() {
				return // closing on purpose: the closed handler says so
			}
			log.Warn("nats: disconnected, reconnecting; publishes are buffered meanwhile", "err", err)
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) { log.Info("nats: reconnected", "server", nc.ConnectedUrlRedacted()) }),
		nats.ClosedHandler(func(*nats.Conn) { log.Info("nats: connection closed") }),
		nats.ErrorHandler(func(_ *nats.Conn, sub *nats.Subscription, err error) {
			subject := ""
			if sub != nil {
				subject = sub.Subject
			}
			log.Error("nats: asynchronous error", "subject", subject, "err", err)
		}),
	}
	if o.Dialer != nil {
		opts = append(opts, nats.SetCustomDialer(o.Dialer))
	}
	nc, err := connectWithin(url, o.ConnectFor, o.ReconnectWait, opts)
	if err != nil {
		return nil, fmt.Errorf("nats: connect to %s: %w", RedactURL(url), err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("nats: jetstream: %w", err)
	}
	log.Info("nats: connected", "server", nc.ConnectedUrlRedacted())
	return &Conn{NC: nc, JS: js, Replica: o.Replica, log: log}, nil
}

// connectWithin retries the first connection until within has passed, so a
// replica started together with its broker waits for it a little.
func connectWithin(url string, within, pause time.Duration, opts []nats.Option) (*nats.Conn, error) {
	deadline := time.Now().Add(within)
	for {
		nc, err := nats.Connect(url, opts...)
		if err == nil {
			return nc, nil
		}
		if time.Now().Add(pause).After(deadline) {
			return nil, err
		}
		time.Sleep(pause)
	}
}

// Close drains the connection (what was published is sent, subscriptions
// finish their messages) and closes it, within ctx and at most closeWait:
// a broker that is away has nothing to drain to, so the connection is
// closed at once, and what waits in the reconnect buffer is lost.
func (c *Conn) Close(ctx context.Context) error {
	if !c.NC.IsConnected() {
		c.NC.Close()
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, closeWait)
	defer cancel()
	closed := make(chan struct{})
	c.NC.SetClosedHandler(func(*nats.Conn) { close(closed) })
	if err := c.NC.Drain(); err != nil {
		c.NC.Close()
		return nil
	}
	select {
	case <-closed:
	case <-ctx.Done():
		c.NC.Close()
	}
	c.log.Info("nats: connection closed")
	return nil
}

// closeWait bounds a drain on stop, out of the server's 40 s.
const closeWait = 5 * time.Second

// Connected reports whether the broker is reachable now.
func (c *Conn) Connected() bool { return c.NC.IsConnected() }

func withDefaults(o Options) Options {
	if o.Replica == "" {
		o.Replica = newReplicaID()
	}
	if o.ReconnectWait <= 0 {
		o.ReconnectWait = 500 * time.Millisecond
	}
	if o.ConnectFor <= 0 {
		o.ConnectFor = 10 * time.Second
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	return o
}

func newReplicaID() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "pocket"
	}
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	return host + "-" + hex.EncodeToString(b)
}
