// Command replicabench measures `pocket serve` replicas of one database on
// loopback, from outside as devices see them:
//
//   - latency: one device renames recordings through the first replica, one
//     at a time, while a socket on the same replica (the baseline) and one on
//     the last replica wait for each edit's event; it prints write-to-socket
//     p50/p99 for both, and the write's own answer time;
//   - edits: workers rename recordings as fast as each can (closed loop),
//     spread over every replica given and over several users, for a while;
//     it prints edits a second and the edit's latency.
//
// It signs its users in the way a developer without a mail server does
// (send a code, read it from the first replica's log). Every address must be
// loopback, every wait has a bound.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"
	"time"
)

type options struct {
	mode     string
	urls     []string
	log      string // the first replica's log, where sign-in codes appear
	tokens   string // a file keeping the users' ID tokens from one run to the next
	origin   string // the replicas' public origin (sockets must come from it)
	edits    int
	workers  int
	users    int
	duration time.Duration
	label    string
}

func main() {
	var o options
	var urls string
	flag.StringVar(&o.mode, "mode", "latency", "latency or edits")
	flag.StringVar(&urls, "urls", "", "replicas' base URLs, comma-separated (loopback)")
	flag.StringVar(&o.log, "log", "", "the first replica's log file, for sign-in codes")
	flag.StringVar(&o.tokens, "tokens", "", "file of ID tokens kept across runs (sign-in is rate limited)")
	flag.StringVar(&o.origin, "origin", "", "the replicas' POCKET_PUBLIC_URL")
	flag.IntVar(&o.edits, "edits", 300, "latency: edits, one at a time")
	flag.IntVar(&o.workers, "workers", 16, "edits: concurrent workers")
	flag.IntVar(&o.users, "users", 8, "edits: users the workers edit as (a worker per user and replica at least)")
	flag.DurationVar(&o.duration, "d", 10*time.Second, "edits: how long")
	flag.StringVar(&o.label, "label", "", "first column of the printed row")
	flag.Parse()
	o.urls = strings.Split(urls, ",")
	if err := o.check(); err != nil {
		fmt.Fprintln(os.Stderr, "replicabench:", err)
		os.Exit(2)
	}
	var err error
	switch o.mode {
	case "latency":
		err = runLatency(o)
	case "edits":
		err = runEdits(o)
	default:
		err = fmt.Errorf("unknown mode %q", o.mode)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "replicabench:", err)
		os.Exit(1)
	}
}

func (o options) check() error {
	if o.log == "" || o.origin == "" || o.tokens == "" {
		return fmt.Errorf("-log, -tokens and -origin are required")
	}
	for _, raw := range o.urls {
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" {
			return fmt.Errorf("%q is not a URL", raw)
		}
		if ip := net.ParseIP(u.Hostname()); ip == nil || !ip.IsLoopback() {
			return fmt.Errorf("%s is not a loopback address", u.Host)
		}
	}
	return nil
}
