package httpx

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

// clientKeyThrough is the ClientKey a handler behind TrustProxies sees.
func clientKeyThrough(trusted []netip.Prefix, remote string, xff ...string) string {
	var got string
	h := TrustProxies(trusted, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = ClientKey(r) }))
	r := httptest.NewRequestWithContext(context.Background(), "GET", "/", nil)
	r.RemoteAddr = remote
	for _, v := range xff {
		r.Header.Add("X-Forwarded-For", v)
	}
	h.ServeHTTP(httptest.NewRecorder(), r)
	return got
}

func TestClientAddr_BelievesXForwardedForOnlyFromTrustedProxies(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8")}
	cases := []struct {
		name, remote string
		xff          []string
		trusted      []netip.Prefix
		want         string
	}{
		{"no proxies trusted: the header is ignored", "203.0.113.7:1", []string{"198.51.100.1"}, nil, "203.0.113.7"},
		{"an untrusted peer cannot name another client", "203.0.113.7:1", []string{"198.51.100.1"}, proxies, "203.0.113.7"},
		{"a trusted proxy names its client", "10.0.0.2:1", []string{"198.51.100.1"}, proxies, "198.51.100.1"},
		{"a trusted proxy without the header is the client", "10.0.0.2:1", nil, proxies, "10.0.0.2"},
		{"hops the client made up, left of the first untrusted one, are ignored",
			"10.0.0.2:1", []string{"1.1.1.1, 198.51.100.1"}, proxies, "198.51.100.1"},
		{"a chain of trusted proxies is walked from the right",
			"10.0.0.2:1", []string{"6.6.6.6, 198.51.100.1, 10.0.0.9", "10.0.0.3"}, proxies, "198.51.100.1"},
		{"every hop trusted: the left-most", "10.0.0.2:1", []string{"10.0.0.5, 10.0.0.4"}, proxies, "10.0.0.5"},
		{"an unreadable hop stops at the proxy that sent it", "10.0.0.2:1", []string{"1.1.1.1, unknown"}, proxies, "10.0.0.2"},
		{"a hop with a port", "10.0.0.2:1", []string{"198.51.100.1:4711"}, proxies, "198.51.100.1"},
		{"an IPv6 client behind a trusted IPv6 proxy, by /64", "[fd00::2]:1", []string{"2001:db8:1:2::9"}, proxies, "2001:db8:1:2::/64"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := clientKeyThrough(tc.trusted, tc.remote, tc.xff...); got != tc.want {
				t.Fatalf("client = %s, want %s", got, tc.want)
			}
		})
	}
}

func TestForwardedFor_AppendsThePeerToTheHopsGiven(t *testing.T) {
	r := httptest.NewRequestWithContext(t.Context(), "GET", "/", nil)
	r.RemoteAddr = "[::ffff:203.0.113.7]:5000"
	if got := ForwardedFor(r); got != "203.0.113.7" {
		t.Fatalf("without hops: %q", got)
	}
	r.Header.Add("X-Forwarded-For", "198.51.100.1, 10.0.0.1")
	r.Header.Add("X-Forwarded-For", "10.0.0.2")
	if got := ForwardedFor(r); got != "198.51.100.1, 10.0.0.1, 10.0.0.2, 203.0.113.7" {
		t.Fatalf("with hops: %q", got)
	}
}
