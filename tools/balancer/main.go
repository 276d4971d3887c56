// Command balancer is the load balancer of the browser suite's replica stack
// (e2e/run.sh --replicas): it spreads requests round robin over `pocket serve`
// replicas on one database, WebSocket upgrades included, so consecutive calls
// of one browser land on different replicas, as they may behind any balancer
// without sticky sessions. A cookie can pin a browser to one replica
// (PinCookie), and every answer names the replica that gave it
// (ReplicaHeader).
//
// Written here rather than installed: Debian's caddy (2.6.2, where
// compose.yaml runs 2.11) would balance as well, but a test cannot choose its
// replica (its sticky cookie holds a keyed hash of the replica's address), and
// it would add a system service and a configuration file to set up. The
// standard library's net/http/httputil.ReverseProxy is well tested and passes
// WebSocket upgrades through, leaving this program a counter and a cookie.
// It has no health checks: the test stack's replicas are up for the whole run.
package main

import (
	"flag"
	"log"
	"net/http"
	"os"
	"strings"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	replicas := flag.String("replicas", "", "comma-separated base URLs of the replicas (http://127.0.0.1:8081,…)")
	quiet := flag.Bool("quiet", false, "do not log each request")
	flag.Parse()
	logger := log.New(os.Stderr, "", log.LstdFlags|log.Lmicroseconds)
	var requestLog *log.Logger
	if !*quiet {
		requestLog = logger
	}
	b, err := New(strings.Split(*replicas, ","), requestLog)
	if err != nil {
		logger.Fatal(err)
	}
	server := &http.Server{Addr: *addr, Handler: b, ReadHeaderTimeout: 10 * time.Second}
	logger.Printf("balancer: %s over %s", *addr, *replicas)
	logger.Fatal(server.ListenAndServe())
}
