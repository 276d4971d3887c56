package auth_test

import (
	"fmt"
	"net/http"
	"net/netip"
	"testing"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// X-Forwarded-For is believed only from a trusted proxy: a client sending
// a new made-up address with each request is still counted by its own.
func TestSignIn_AForgedForwardedForFromAnUntrustedPeerIsIgnored(t *testing.T) {
	t.Parallel()
	for name, trusted := range map[string][]netip.Prefix{
		"no proxies trusted":           nil,
		"other networks' proxies only": {netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("127.0.0.9/32")},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := servertest.Start(t, func(c *config.Config) { c.TrustedProxies = trusted })
			c := s.NewClient(t)
			var last servertest.Response
			for i := 0; i <= 10; i++ {
				spoofed := http.Header{"X-Forwarded-For": {fmt.Sprintf("198.51.100.%d", i+1)}}
				last = c.DoWith("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": fmt.Sprintf("p%d@example.com", i)}, spoofed)
			}
			if last.Status != http.StatusTooManyRequests {
				t.Fatalf("the 11th code request with a made-up address: %d %s", last.Status, last.Body)
			}
		})
	}
}

// Behind a trusted reverse proxy (Caddy, nginx, a relay) each client is
// counted by the address the proxy recorded, not the proxy's own.
func TestSignIn_ClientsBehindATrustedProxyAreCountedApart(t *testing.T) {
	t.Parallel()
	s := servertest.Start(t, func(c *config.Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	})
	proxy := s.NewClient(t)
	for i := 0; i <= 10; i++ {
		r := proxy.DoWith("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": fmt.Sprintf("p%d@example.com", i)},
			http.Header{"X-Forwarded-For": {fmt.Sprintf("198.51.100.%d", i+1)}})
		if r.Status != 200 {
			t.Fatalf("client %d through the proxy: %d %s", i+1, r.Status, r.Body)
		}
	}
}
