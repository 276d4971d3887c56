// Command wsbench measures WebSocket fan-out on loopback: how many sockets one
// server process holds, what each costs in memory, and how long one event to
// every socket takes from publish to receipt.
//
// The server side runs in this process, so its memory before and after N
// sockets gives the cost of one; the N clients run in a child process (the
// same binary with -client), so their memory is not counted. Two servers:
//
//   - pocket: server/live's endpoint (its hub, one writer goroutine per
//     socket, token in the first message) fed through pkg/events.Bus, with a
//     verifier that accepts "uid:ttl" tokens;
//   - baseline: a bare gorilla/websocket echo server (Upgrader defaults, one
//     goroutine per socket) that writes the same message to each socket
//     inline from the publishing goroutine.
//
// Every round publishes one event per user (or per socket, for the
// baseline); the message carries the round's start time and its own publish
// time, and the client records receipt minus each (both processes read the
// same clock). Traffic stays on 127.0.0.x; every phase has a deadline.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"
)

type options struct {
	mode     string // pocket or baseline
	n        int
	users    int
	rounds   int
	src      int
	url      string
	deadline time.Duration
}

func main() {
	var c options
	client := flag.Bool("client", false, "run as the client process (started by the server side)")
	flag.StringVar(&c.mode, "mode", "pocket", "server: pocket (server/live) or baseline (bare gorilla/websocket echo)")
	flag.IntVar(&c.n, "n", 1000, "connections")
	flag.IntVar(&c.users, "users", 0, "pocket: users the sockets are spread over (0: one user per socket)")
	flag.IntVar(&c.rounds, "rounds", 5, "rounds of one event to every socket")
	flag.IntVar(&c.src, "src", 0, "loopback source addresses 127.0.0.1.. to dial from (0: one per 20,000 sockets)")
	flag.StringVar(&c.url, "url", "", "client: ws:// URL of the server (loopback only)")
	flag.DurationVar(&c.deadline, "deadline", 4*time.Minute, "the whole run stops by itself after this long")
	flag.Parse()
	if c.users <= 0 || c.users > c.n {
		c.users = c.n
	}
	if c.src <= 0 {
		c.src = (c.n + 19_999) / 20_000
	}
	if c.n <= 0 || c.rounds <= 0 || c.src > 250 || (c.mode != "pocket" && c.mode != "baseline") {
		fmt.Fprintln(os.Stderr, "wsbench: bad flags")
		os.Exit(2)
	}
	raiseFileLimit()
	var err error
	if *client {
		err = runClient(c)
	} else {
		err = runServer(c)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "wsbench:", err)
		os.Exit(1)
	}
}
