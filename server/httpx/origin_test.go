package httpx

import (
	"net/http"
	"testing"
)

func TestSameOrigin(t *testing.T) {
	cases := []struct {
		public, origin, fetchSite string
		want                      bool
	}{
		{"https://pocket.example", "https://pocket.example", "same-origin", true},
		{"https://pocket.example", "", "", true}, // not a browser
		{"https://pocket.example", "", "none", true},
		{"https://pocket.example", "https://evil.example", "", false},
		{"https://pocket.example", "http://pocket.example", "", false}, // another scheme is another origin
		{"https://pocket.example", "https://pocket.example:8443", "", false},
		{"https://pocket.example", "", "cross-site", false},
		{"https://pocket.example", "https://pocket.example", "same-site", false},
		{"https://pocket.example", "null", "", false},
		// The loopback server is the same server whichever loopback name the browser used.
		{"http://127.0.0.1:8080", "http://localhost:8080", "same-origin", true},
		{"http://127.0.0.1:8080", "http://[::1]:8080", "", true},
		{"http://127.0.0.1:8080", "http://localhost:9090", "", false},
		{"http://127.0.0.1:8080", "http://127.0.0.1.evil.example:8080", "", false},
	}
	for _, tc := range cases {
		r, _ := http.NewRequestWithContext(t.Context(), "POST", "/", nil)
		if tc.origin != "" {
			r.Header.Set("Origin", tc.origin)
		}
		if tc.fetchSite != "" {
			r.Header.Set("Sec-Fetch-Site", tc.fetchSite)
		}
		if got := SameOrigin(tc.public)(r); got != tc.want {
			t.Errorf("public %s, Origin %q, Sec-Fetch-Site %q: %v, want %v", tc.public, tc.origin, tc.fetchSite, got, tc.want)
		}
	}
}

func TestClientKey_AnIPv4AddressOrAnIPv6Slash64(t *testing.T) {
	for remote, want := range map[string]string{
		"203.0.113.7:5000":           "203.0.113.7",
		"[::ffff:203.0.113.7]:5000":  "203.0.113.7",
		"[2001:db8:1:2:3:4:5:6]:443": "2001:db8:1:2::/64",
		"[2001:db8:1:2:ffff::1]:443": "2001:db8:1:2::/64",
		"[2001:db8:1:3::1]:443":      "2001:db8:1:3::/64",
	} {
		r, _ := http.NewRequestWithContext(t.Context(), "GET", "/", nil)
		r.RemoteAddr = remote
		if got := ClientKey(r); got != want {
			t.Errorf("%s: %s, want %s", remote, got, want)
		}
	}
}
