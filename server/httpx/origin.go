package httpx

import (
	"mime"
	"net"
	"net/http"
	"net/url"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// SameOrigin reports whether r comes from a page of the app itself (origin
// publicURL), or from a client that is not a browser: a request with neither
// Origin nor Sec-Fetch-Site has no cross-site page behind it, since browsers
// send them on every cross-site POST and WebSocket.
func SameOrigin(publicURL string) func(*http.Request) bool {
	want := originOf(publicURL)
	return func(r *http.Request) bool {
		switch r.Header.Get("Sec-Fetch-Site") {
		case "", "same-origin", "none": // "none": typed in the address bar
		default:
			return false
		}
		o := r.Header.Get("Origin")
		return o == "" || originOf(o) == want
	}
}

// originOf is scheme://host:port. Loopback names are one host: the server on
// 127.0.0.1:8080 is also http://localhost:8080 to whoever opens it that way.
func originOf(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return "\x00invalid"
	}
	host, port := u.Hostname(), u.Port()
	if ip := net.ParseIP(host); host == "localhost" || (ip != nil && ip.IsLoopback()) {
		host = "loopback"
	}
	return u.Scheme + "://" + net.JoinHostPort(host, port)
}

// RefuseCrossSite wraps an endpoint that reads or sets the session cookie:
// another site's page must not sign a visitor in (into its own account),
// refresh or end their session. The cookie is SameSite=Strict already; this
// also holds where a browser does not honour that. With jsonBody, the body
// must be declared JSON, which a plain HTML form cannot do.
func RefuseCrossSite(publicURL string, jsonBody bool, next Handler) Handler {
	sameOrigin := SameOrigin(publicURL)
	return func(w http.ResponseWriter, r *http.Request) error {
		if !sameOrigin(r) {
			return apperr.New(apperr.Forbidden, "CROSS_SITE", "Requests from other sites are not accepted here")
		}
		if jsonBody && !declaresJSON(r) {
			return apperr.New(apperr.Invalid, "NOT_JSON", "Content-Type must be application/json")
		}
		return next(w, r)
	}
}

func declaresJSON(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/json"
}
