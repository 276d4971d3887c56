package push

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"

	"github.com/pocket-companion/pocket/pkg/netguard"
)

// connectTimeout bounds opening one connection (TCP); the whole try,
// TLS and the answer included, is bounded by SenderOptions.TryTimeout.
const connectTimeout = 5 * time.Second

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
	if !netguard.IsPublic(ap.Addr()) {
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
