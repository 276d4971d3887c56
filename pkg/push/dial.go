package push

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// connectTimeout bounds opening one connection (TCP); the whole try,
// TLS and the answer included, is bounded by SenderOptions.TryTimeout.
const connectTimeout = 5 * time.Second

// notGlobal are the IPv4 ranges that are not the public internet (RFC 6890
// and its updates): this network, private, CGNAT, loopback, link-local,
// IETF protocol assignments, documentation, 6to4 relays, benchmarking,
// multicast and reserved (with broadcast).
var notGlobal = prefixes("0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8",
	"169.254.0.0/16", "172.16.0.0/12", "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24",
	"192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4")

// globalIPv6 is where public IPv6 unicast lives; inside it, IETF protocol
// assignments (Teredo among them), documentation and 6to4 (which embeds any
// IPv4 address) are refused too. Outside it: loopback, IPv4-compatible,
// NAT64 (64:ff9b::/96 maps to any IPv4 address), unique-local (fc00::/7),
// link-local (fe80::/10) and multicast.
var (
	globalIPv6    = netip.MustParsePrefix("2000::/3")
	notGlobalIPv6 = prefixes("2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20")
)

func prefixes(cidrs ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(cidrs))
	for i, c := range cidrs {
		out[i] = netip.MustParsePrefix(c)
	}
	return out
}

func inAny(a netip.Addr, ps []netip.Prefix) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// isPublic reports whether a is a global unicast address outside every
// special-purpose range; an IPv4-mapped IPv6 address is judged as its IPv4.
func isPublic(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsGlobalUnicast() || a.IsPrivate() || a.IsLoopback() || a.IsLinkLocalUnicast() ||
		a.IsMulticast() || a.IsUnspecified() {
		return false
	}
	if a.Is4() {
		return !inAny(a, notGlobal)
	}
	return globalIPv6.Contains(a) && !inAny(a, notGlobalIPv6)
}

// checkDialAddress runs (as net.Dialer.Control) after the name was resolved
// and before the connection is opened, for every address tried: DNS that
// answers differently now than when the device subscribed (rebinding) is
// caught here.
func (p EndpointPolicy) checkDialAddress(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrEndpointNotAllowed, err)
	}
	if p.AllowLoopback && ap.Addr().Unmap().IsLoopback() {
		return nil
	}
	if !isPublic(ap.Addr()) {
		return fmt.Errorf("%w: %s is not a public address", ErrEndpointNotAllowed, ap.Addr())
	}
	if ap.Port() != 443 {
		return fmt.Errorf("%w: port %d is not 443", ErrEndpointNotAllowed, ap.Port())
	}
	return nil
}

// httpClient is the sender's client: it reaches only what p allows, checked
// on the name before resolving and on each address before connecting. It
// does not use a proxy from the environment (the check would then judge the
// proxy's address, not the push service's) and follows no redirects.
func (p EndpointPolicy) httpClient(tryTimeout time.Duration) *http.Client {
	dialer := &net.Dialer{Timeout: connectTimeout, Control: p.checkDialAddress}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.Proxy = nil
	tr.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if err := p.checkDialHost(addr); err != nil {
			return nil, err
		}
		return dialer.DialContext(ctx, network, addr)
	}
	return &http.Client{Timeout: tryTimeout, Transport: tr, CheckRedirect: noRedirects}
}
