package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"
)

// result is one run: what the server measured and what the client received.
type result struct {
	options
	connected, failed int
	connect           time.Duration
	before, after     memory
	publish           []time.Duration // how long each round's publishing took
	stats             clientStats
}

// runServer serves sockets here, starts the clients in a child process,
// measures memory once they are all open, runs the rounds and prints one
// markdown table row.
func runServer(c options) error {
	if lim := raiseFileLimit(); lim < uint64(c.n)+256 {
		return fmt.Errorf("open-file limit %d is too low for %d sockets: raise ulimit -n", lim, c.n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.deadline)
	defer cancel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	base := "http://" + ln.Addr().String()
	var srv fanout = newBaseline()
	if c.mode == "pocket" {
		srv = newPocket(base, c.users, c.n)
	}
	defer srv.close()
	mux := http.NewServeMux()
	mux.Handle("GET /api/v1/events", srv.handler())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	defer func() { _ = hs.Close() }()

	r := result{options: c, before: measure()}
	cl, err := startClient(ctx, c, "ws"+strings.TrimPrefix(base, "http")+"/api/v1/events")
	if err != nil {
		return err
	}
	defer cl.stop()
	if err := r.connectAll(cl, srv); err != nil {
		return err
	}
	for round := 1; round <= c.rounds; round++ {
		time.Sleep(300 * time.Millisecond) // let the previous round's writers go idle
		cl.send("round %d", round)
		start := time.Now()
		srv.publish(round, start)
		r.publish = append(r.publish, time.Since(start))
		if _, err := cl.expect("done"); err != nil {
			return err
		}
	}
	cl.send("quit")
	line, err := cl.expect("stats")
	if err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(line), &r.stats); err != nil {
		return err
	}
	fmt.Println(r.row())
	return nil
}

// connectAll waits for the client to open its sockets and the server to
// count them, then measures the server's memory with all of them open.
func (r *result) connectAll(cl *child, srv fanout) error {
	line, err := cl.expect("connected")
	if err != nil {
		return err
	}
	var secs float64
	if _, err := fmt.Sscan(line, &r.connected, &r.failed, &secs); err != nil {
		return fmt.Errorf("client said %q: %w", line, err)
	}
	r.connect = time.Duration(secs * float64(time.Second))
	for t := time.Now(); srv.open() < int64(r.connected); time.Sleep(50 * time.Millisecond) {
		if time.Since(t) > 30*time.Second {
			return fmt.Errorf("server counts %d sockets, client opened %d", srv.open(), r.connected)
		}
	}
	time.Sleep(time.Second) // handshakes' garbage and timers settle
	r.after = measure()
	return nil
}

// child is the client process and its line protocol: commands on its stdin,
// "connected …", "done …" and "stats …" lines on its stdout.
type child struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

func startClient(ctx context.Context, c options, url string) (*child, error) {
	cmd := exec.CommandContext(ctx, os.Args[0], "-client", "-url", url, "-mode", c.mode,
		"-n", strconv.Itoa(c.n), "-users", strconv.Itoa(c.users), "-rounds", strconv.Itoa(c.rounds),
		"-src", strconv.Itoa(c.src), "-deadline", c.deadline.String())
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	return &child{cmd: cmd, in: in, out: sc}, nil
}

func (ch *child) send(format string, args ...any) { _, _ = fmt.Fprintf(ch.in, format+"\n", args...) } // a dead child shows in its answers

// expect reads the next line, which must start with word, and returns the rest.
func (ch *child) expect(word string) (string, error) {
	if !ch.out.Scan() {
		return "", fmt.Errorf("client ended before %q", word)
	}
	rest, ok := strings.CutPrefix(ch.out.Text(), word+" ")
	if !ok {
		return "", fmt.Errorf("client said %q, want %q", ch.out.Text(), word)
	}
	return rest, nil
}

func (ch *child) stop() {
	_ = ch.in.Close()
	done := make(chan struct{})
	go func() { _ = ch.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = ch.cmd.Process.Kill()
		<-done
	}
}

// row is the run as a markdown table row (see the header in bench-ws.sh).
func (r *result) row() string {
	users := strconv.Itoa(r.users)
	if r.mode == "baseline" {
		users = "–"
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }
	kb := func(b uint64) string { return fmt.Sprintf("%.1f", float64(b)/1024) }
	var pub time.Duration
	for _, p := range r.publish {
		pub = max(pub, p)
	}
	s, own := r.stats.FromStart, r.stats.FromOwn
	return "| " + strings.Join([]string{
		r.mode, strconv.Itoa(r.n), users, strconv.Itoa(r.connected), strconv.Itoa(r.failed),
		fmt.Sprintf("%.1f", r.connect.Seconds()),
		kb(perConn(r.after.heap+r.after.stack, r.before.heap+r.before.stack, r.connected)) +
			" (" + kb(perConn(r.after.stack, r.before.stack, r.connected)) + ")",
		kb(perConn(r.after.rss, r.before.rss, r.connected)),
		fmt.Sprintf("%.1f", float64(r.after.goroutines-r.before.goroutines)/float64(max(r.connected, 1))),
		ms(pub), ms(s.P50), ms(s.P99), ms(s.Max), ms(own.P50), ms(own.P99),
		fmt.Sprintf("%d/%d", s.Received, s.Expected),
	}, " | ") + " |"
}
