// Package netguard keeps the server's outbound requests to user-supplied URLs
// (Web Push endpoints, webhooks) off the inside network: it judges the
// address a connection is about to be opened to, after the name was
// resolved, so DNS that answers differently at send time than when the URL
// was registered (rebinding) is caught too.
package netguard

import (
	"errors"
	"fmt"
	"net/netip"
	"syscall"
)

// ErrNotPublic is a connection refused before it was opened: its address is
// not on the public internet.
var ErrNotPublic = errors.New("address is not on the public internet")

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

// IsPublic reports whether a is a global unicast address outside every
// special-purpose range; an IPv4-mapped IPv6 address is judged as its IPv4.
func IsPublic(a netip.Addr) bool {
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

// PublicOnly is a net.Dialer.Control that refuses every address IsPublic
// refuses (wrapping ErrNotPublic). It runs for each address tried, after
// resolution and before the connection is opened.
func PublicOnly(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrNotPublic, err)
	}
	if !IsPublic(ap.Addr()) {
		return fmt.Errorf("%w: %s", ErrNotPublic, ap.Addr())
	}
	return nil
}
