package main

import (
	"fmt"
	"log"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"sync/atomic"
)

// PinCookie names the cookie that sends every request of a browser to one
// replica (its value is the replica's index, from 0). Tests set it on a
// browser context to know which replica holds its live socket and which one
// takes another context's edits; without it requests go round robin.
const PinCookie = "pocket_replica"

// ReplicaHeader is set on every answer to the index of the replica that gave
// it, so a test can check that both replicas serve.
const ReplicaHeader = "X-Pocket-Replica"

// Balancer spreads requests over replicas, one after the other.
type Balancer struct {
	proxies []*httputil.ReverseProxy
	next    atomic.Uint64
	log     *log.Logger // one line per request; nil logs nothing
}

// New makes a balancer over the replicas' base URLs (http://host:port).
func New(replicas []string, logger *log.Logger) (*Balancer, error) {
	if len(replicas) == 0 {
		return nil, fmt.Errorf("balancer: no replica")
	}
	b := &Balancer{log: logger}
	for i, raw := range replicas {
		target, err := url.Parse(raw)
		if err != nil || target.Host == "" {
			return nil, fmt.Errorf("balancer: replica %q is not a URL", raw)
		}
		b.proxies = append(b.proxies, proxyTo(target, i))
	}
	return b, nil
}

// proxyTo forwards to one replica. ReverseProxy passes WebSocket upgrades
// through (it hijacks both sides and copies until either closes). The Host
// header is kept, as Caddy keeps it; X-Forwarded-For names the browser.
func proxyTo(target *url.URL, index int) *httputil.ReverseProxy {
	name := strconv.Itoa(index)
	return &httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(target)
			r.Out.Host = r.In.Host
			r.SetXForwarded()
		},
		// Streamed chat answers go on as they arrive.
		FlushInterval: -1,
		ModifyResponse: func(res *http.Response) error {
			res.Header.Set(ReplicaHeader, name)
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, _ *http.Request, err error) {
			w.Header().Set(ReplicaHeader, name)
			http.Error(w, "balancer: replica "+name+": "+err.Error(), http.StatusBadGateway)
		},
	}
}

// ServeHTTP sends the request to the pinned replica, or the next in turn.
func (b *Balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	i := b.pick(r)
	if b.log != nil {
		b.log.Printf("replica=%d %s %s", i, r.Method, r.URL.Path)
	}
	b.proxies[i].ServeHTTP(w, r)
}

func (b *Balancer) pick(r *http.Request) int {
	if c, err := r.Cookie(PinCookie); err == nil {
		if i, err := strconv.Atoi(c.Value); err == nil && i >= 0 && i < len(b.proxies) {
			return i
		}
	}
	return int((b.next.Add(1) - 1) % uint64(len(b.proxies)))
}
