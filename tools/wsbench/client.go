package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

// clientStats pools every receipt of every round.
type clientStats struct {
	FromStart summary `json:"fromStart"` // receipt minus the round's start
	FromOwn   summary `json:"fromOwn"`   // receipt minus the publish of this socket's event
}

// sockets is the client side: n sockets, each with a reader goroutine that
// records when each round's event arrived.
type sockets struct {
	conns     []*websocket.Conn
	fromStart [][]time.Duration // [round-1][socket]; -1 until received
	fromOwn   [][]time.Duration
	got       []atomic.Int64 // receipts per round
	readers   sync.WaitGroup
}

func runClient(c options) error {
	u, err := url.Parse(c.url)
	if err != nil || !isLoopback(u.Hostname()) {
		return fmt.Errorf("client: %q is not a loopback URL", c.url)
	}
	s := &sockets{conns: make([]*websocket.Conn, c.n), got: make([]atomic.Int64, c.rounds)}
	for range c.rounds {
		s.fromStart, s.fromOwn = append(s.fromStart, unset(c.n)), append(s.fromOwn, unset(c.n))
	}
	start := time.Now()
	ok, failed := s.dialAll(c)
	fmt.Printf("connected %d %d %.3f\n", ok, failed, time.Since(start).Seconds())
	deadline := time.Now().Add(c.deadline)
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() && time.Now().Before(deadline) {
		var round int
		if _, err := fmt.Sscanf(in.Text(), "round %d", &round); err != nil || round < 1 || round > c.rounds {
			break // "quit", or anything else: stop
		}
		wait := time.Now().Add(30 * time.Second)
		for s.got[round-1].Load() < int64(ok) && time.Now().Before(wait) {
			time.Sleep(time.Millisecond)
		}
		fmt.Printf("done %d %d\n", round, s.got[round-1].Load())
	}
	s.closeAll()
	b, _ := json.Marshal(s.stats(int64(ok)))
	fmt.Printf("stats %s\n", b)
	return nil
}

func unset(n int) []time.Duration {
	d := make([]time.Duration, n)
	for i := range d {
		d[i] = -1
	}
	return d
}

func isLoopback(host string) bool {
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// dialAll opens the sockets, a bounded number at a time, spreading them over
// c.src loopback source addresses.
func (s *sockets) dialAll(c options) (ok, failed int) {
	dialers := make([]*websocket.Dialer, c.src)
	for k := range dialers {
		nd := &net.Dialer{Timeout: 30 * time.Second}
		if c.src > 1 {
			nd.LocalAddr = &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(1+k))}
		}
		// Small client buffers: the client's memory is not what is measured.
		dialers[k] = &websocket.Dialer{NetDialContext: nd.DialContext, HandshakeTimeout: 30 * time.Second, ReadBufferSize: 512, WriteBufferSize: 512}
	}
	var nOK, nFailed atomic.Int64
	var firstErr sync.Once
	next := make(chan int)
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for i := range next {
				conn, err := s.open(dialers[i%c.src], c, i)
				if err != nil {
					nFailed.Add(1)
					firstErr.Do(func() { fmt.Fprintf(os.Stderr, "wsbench client: socket %d: %v\n", i, err) })
					continue
				}
				s.conns[i] = conn
				nOK.Add(1)
				s.readers.Go(func() { s.read(conn, i) })
			}
		})
	}
	for i := range c.n {
		next <- i
	}
	close(next)
	wg.Wait()
	return int(nOK.Load()), int(nFailed.Load())
}

// open dials one socket and signs in: the pocket server answers the token
// with its hello, the echo server with the token itself.
func (s *sockets) open(d *websocket.Dialer, c options, i int) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, _, err := d.DialContext(ctx, c.url, nil) //nolint:bodyclose // a websocket handshake answer needs no Close (gorilla/websocket)
	if err != nil {
		return nil, err
	}
	token := userID(i%c.users) + ":1h"
	if err := conn.WriteJSON(map[string]string{"type": "auth", "token": token}); err != nil {
		_ = conn.Close() // the write error is the one to report
		return nil, err
	}
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	if _, _, err := conn.ReadMessage(); err != nil {
		_ = conn.Close() // the read error is the one to report
		return nil, err
	}
	_ = conn.SetReadDeadline(time.Time{})
	return conn, nil
}

func (s *sockets) read(conn *websocket.Conn, i int) {
	for {
		_, data, err := conn.ReadMessage()
		if err != nil {
			return
		}
		now := time.Now()
		var m message
		if json.Unmarshal(data, &m) != nil || m.Seq < 1 || int(m.Seq) > len(s.got) {
			continue
		}
		start, err := strconv.ParseInt(m.RecordingID, 10, 64)
		if err != nil {
			continue
		}
		r := m.Seq - 1
		s.fromStart[r][i] = now.Sub(time.Unix(0, start))
		s.fromOwn[r][i] = now.Sub(m.At)
		s.got[r].Add(1)
	}
}

// closeAll resets the sockets (no TIME_WAIT left behind to use up loopback
// ports for the next run) and waits for the readers to stop.
func (s *sockets) closeAll() {
	for _, c := range s.conns {
		if c == nil {
			continue
		}
		if tc, ok := c.NetConn().(*net.TCPConn); ok {
			_ = tc.SetLinger(0)
		}
		_ = c.Close()
	}
	s.readers.Wait()
}

func (s *sockets) stats(perRound int64) clientStats {
	pool := func(rounds [][]time.Duration) []time.Duration {
		var all []time.Duration
		for _, r := range rounds {
			for _, d := range r {
				if d >= 0 {
					all = append(all, d)
				}
			}
		}
		return all
	}
	expected := perRound * int64(len(s.got))
	return clientStats{FromStart: summarise(pool(s.fromStart), expected), FromOwn: summarise(pool(s.fromOwn), expected)}
}
