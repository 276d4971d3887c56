package push

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// DefaultHosts are the push services real browsers subscribe with: Chrome,
// Edge's Chromium siblings, Opera, Samsung Internet and Android WebViews use
// FCM (android.googleapis.com for old GCM-era subscriptions); Firefox uses
// Mozilla's autopush; Edge uses WNS (<region>.notify.windows.com); Safari
// uses web.push.apple.com, and Apple asks servers to allow *.push.apple.com.
var DefaultHosts = []string{
	"fcm.googleapis.com",
	"android.googleapis.com",
	"updates.push.services.mozilla.com",
	"push.services.mozilla.com",
	"*.notify.windows.com",
	"web.push.apple.com",
	"*.push.apple.com",
}

// ErrEndpointNotAllowed is a send refused before a connection was opened:
// the endpoint's host, address or port is not one the server may reach.
var ErrEndpointNotAllowed = errors.New("push endpoint not allowed")

// EndpointPolicy says which push endpoints the server may POST to. It is
// checked twice: when a device subscribes (so nothing unusable is stored),
// and when the sender dials (so a stored endpoint, or a host name that
// resolves to an inside address, is refused before any byte is sent).
type EndpointPolicy struct {
	// Hosts are the push services' host names: exact, or "*.example.com" for
	// any name under example.com. Empty means DefaultHosts.
	Hosts []string
	// AllowLoopback admits endpoints on loopback (localhost, 127.0.0.0/8,
	// ::1), over http or https, on any port, whatever Hosts says: for tests
	// with a local push service only (POCKET_PUSH_ALLOW_LOOPBACK).
	AllowLoopback bool
}

func (p EndpointPolicy) hosts() []string {
	if len(p.Hosts) == 0 {
		return DefaultHosts
	}
	return p.Hosts
}

// allowsHost reports whether name is one of the push services' hosts.
func (p EndpointPolicy) allowsHost(name string) bool {
	name = strings.TrimSuffix(strings.ToLower(name), ".")
	for _, pattern := range p.hosts() {
		if suffix, wild := strings.CutPrefix(pattern, "*"); wild {
			if strings.HasSuffix(name, suffix) && len(name) > len(suffix) {
				return true
			}
		} else if name == pattern {
			return true
		}
	}
	return false
}

// loopbackHost reports whether host names loopback and the test-only
// switch admits it.
func (p EndpointPolicy) loopbackHost(host string) bool {
	if !p.AllowLoopback {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.Unmap().IsLoopback()
}

// CheckHostPattern refuses what cannot name a push service's host: an
// address, a port, a wildcard other than a leading "*.".
func CheckHostPattern(pattern string) error {
	name := strings.TrimPrefix(pattern, "*.")
	if _, err := netip.ParseAddr(name); err == nil {
		return fmt.Errorf("%q is an address, not a host name", pattern)
	}
	if name == "" || strings.ContainsAny(name, "*:/@[]") || strings.Contains(name, "..") || name != strings.ToLower(name) {
		return fmt.Errorf("%q is not a lower-case host name or *.suffix", pattern)
	}
	return nil
}

// checkEndpoint accepts absolute https URLs of a push service's host on
// port 443. The server POSTs to this user-supplied URL, which makes it a
// server-side request forgery vector, so the message says which rule failed.
func (p EndpointPolicy) checkEndpoint(endpoint string) error {
	if endpoint == "" {
		return apperr.Invalidf("subscription endpoint is required")
	}
	if len(endpoint) > maxEndpointBytes {
		return apperr.Invalidf("subscription endpoint must be at most %d bytes", maxEndpointBytes)
	}
	u, err := url.Parse(endpoint)
	if err != nil || !u.IsAbs() || u.Host == "" || u.User != nil {
		return apperr.Invalidf("subscription endpoint must be an absolute https URL")
	}
	host := u.Hostname()
	loopback := p.loopbackHost(host)
	if u.Scheme != "https" && (u.Scheme != "http" || !loopback) {
		return apperr.Invalidf("subscription endpoint must be an https URL")
	}
	if loopback {
		return nil
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return apperr.Invalidf("subscription endpoint must name its push service by host name, not an IP address")
	}
	if port := u.Port(); port != "" && port != "443" {
		return apperr.Invalidf("subscription endpoint must use the https port 443, not %s", port)
	}
	if !p.allowsHost(host) {
		return apperr.Invalidf("subscription endpoint's host %q is not a known push service", host)
	}
	return nil
}

// checkDialHost is the dial-time twin of checkEndpoint's host rules, for
// the name the client is about to resolve.
func (p EndpointPolicy) checkDialHost(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrEndpointNotAllowed, err)
	}
	if p.loopbackHost(host) {
		return nil
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return fmt.Errorf("%w: an IP address, not a push service's host", ErrEndpointNotAllowed)
	}
	if !p.allowsHost(host) {
		return fmt.Errorf("%w: %s is not a known push service", ErrEndpointNotAllowed, host)
	}
	return nil
}
