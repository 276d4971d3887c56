// Package natstest runs a real nats-server (github.com/nats-io/nats-server/v2,
// the broker operators run, in process) with JetStream on a loopback port
// and a store in the test's temporary directory, and can stop and restart it
// on the same port and store, for tests of replicas joined through it.
package natstest

import (
	"net"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/pocket-companion/pocket/pkg/natsbus"
)

// Server is a running (or stopped) nats-server.
type Server struct {
	// URL is where clients connect; it is the same after Restart.
	URL  string
	t    testing.TB
	opts *server.Options
	mu   sync.Mutex
	srv  *server.Server
}

// Start runs a server until the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{t: t, opts: &server.Options{
		ServerName: "pocket-test",
		Host:       "127.0.0.1",
		Port:       server.RANDOM_PORT,
		JetStream:  true,
		StoreDir:   t.TempDir(),
		// Bounded, so a test never claims the machine's memory or disk.
		JetStreamMaxMemory: 64 << 20,
		JetStreamMaxStore:  256 << 20,
		NoLog:              true,
		NoSigs:             true,
	}}
	s.run()
	// From now on, restarts take the same port: clients reconnect to URL.
	s.opts.Port = s.srv.Addr().(*net.TCPAddr).Port
	s.URL = s.srv.ClientURL()
	t.Cleanup(s.Stop)
	return s
}

func (s *Server) run() {
	s.t.Helper()
	srv, err := server.NewServer(s.opts)
	if err != nil {
		s.t.Fatalf("natstest: %v", err)
	}
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		s.t.Fatal("natstest: nats-server not ready within 10 s")
	}
	s.mu.Lock()
	s.srv = srv
	s.mu.Unlock()
}

// Stop shuts the server down (idempotent); clients start reconnecting.
func (s *Server) Stop() {
	s.mu.Lock()
	srv := s.srv
	s.srv = nil
	s.mu.Unlock()
	if srv != nil {
		srv.Shutdown()
		srv.WaitForShutdown()
	}
}

// Restart stops the server and starts it again on the same port with the
// same JetStream store, as an operator's restart would.
func (s *Server) Restart() {
	s.t.Helper()
	s.Stop()
	s.run()
}

// Connect opens a replica's connection (natsbus.Connect, as the server
// does), closed when the test ends. Reconnects are quick, for tests that
// restart the server.
func (s *Server) Connect(t testing.TB, replica string, edit ...func(*natsbus.Options)) *natsbus.Conn {
	t.Helper()
	o := natsbus.Options{Replica: replica, ReconnectWait: 100 * time.Millisecond}
	for _, e := range edit {
		e(&o)
	}
	c, err := natsbus.Connect(s.URL, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.NC.Close() })
	return c
}
