package httpx

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// TrustProxies resolves each request's client address once, for ClientAddr:
// the peer itself, or, when the peer is one of the trusted proxies (a reverse
// proxy, a relay), the address the proxies recorded in X-Forwarded-For. With
// no trusted proxies the header is never read, so nobody can choose their own
// address by sending it.
func TrustProxies(trusted []netip.Prefix, next http.Handler) http.Handler {
	if len(trusted) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		addr := resolveClient(peerAddr(r), r.Header.Values("X-Forwarded-For"), trusted)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientAddrKey, addr)))
	})
}

// ClientAddr is the address of the client a request comes from: what every
// per-client limit counts by. It is the peer unless TrustProxies resolved
// it from a trusted proxy's X-Forwarded-For. Invalid when the peer address
// cannot be read (a test's fake request, a Unix socket).
func ClientAddr(r *http.Request) netip.Addr {
	if addr, ok := r.Context().Value(clientAddrKey).(netip.Addr); ok {
		return addr
	}
	return peerAddr(r)
}

// ClientKey names the client for per-client limits: its IP address, or for
// IPv6 its /64 (one household or host usually holds a whole /64, so
// counting single addresses would let it rotate past any limit).
func ClientKey(r *http.Request) string {
	ip := ClientAddr(r)
	if !ip.IsValid() {
		return r.RemoteAddr
	}
	if ip.Is6() {
		prefix, _ := ip.Prefix(64)
		return prefix.String()
	}
	return ip.String()
}

// ForwardedFor is the X-Forwarded-For a proxy sends on with r: the hops r
// already names, then r's peer. The receiver decides which hops to believe.
func ForwardedFor(r *http.Request) string {
	hops := forwardedHops(r.Header.Values("X-Forwarded-For"))
	if peer := peerAddr(r); peer.IsValid() {
		hops = append(hops, peer.String())
	}
	return strings.Join(hops, ", ")
}

// resolveClient walks X-Forwarded-For from the right, past the trusted
// proxies, to the first hop that is not one: the right-most address no
// trusted proxy vouches for. Hops left of it are whatever the client chose
// to send and are never believed; an unreadable hop stops the walk at the
// last trusted proxy.
func resolveClient(peer netip.Addr, xff []string, trusted []netip.Prefix) netip.Addr {
	client := peer
	hops := forwardedHops(xff)
	for i := len(hops) - 1; i >= 0 && isTrusted(client, trusted); i-- {
		hop, ok := parseHop(hops[i])
		if !ok {
			break
		}
		client = hop
	}
	return client
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// forwardedHops splits every X-Forwarded-For line into its hops, in order.
func forwardedHops(values []string) []string {
	var hops []string
	for _, v := range values {
		for _, h := range strings.Split(v, ",") {
			if h = strings.TrimSpace(h); h != "" {
				hops = append(hops, h)
			}
		}
	}
	return hops
}

// parseHop reads one hop: an address, with or without a port.
func parseHop(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	return netip.Addr{}, false
}

// peerAddr is the address of the connection's other end.
func peerAddr(r *http.Request) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}
