package httpx

import (
	"crypto/sha256"
	"crypto/subtle"
	"net"
	"net/http"
	"net/netip"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// requireOperator guards Operator routes (docs/adr/0001-metrics-access.md).
// With a token, any caller presenting it passes and everyone else gets 401,
// loopback included, so a scraper's misconfiguration shows at once. Without
// one, only loopback peers pass; anyone else gets the 404 of an unknown path,
// so a public deployment does not even reveal the route.
func requireOperator(token string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case token != "":
			got, ok := BearerToken(r)
			if !ok || !sameSecret(got, token) {
				w.Header().Set("WWW-Authenticate", `Bearer realm="pocket"`)
				WriteError(w, r, apperr.New(apperr.Unauthenticated, "UNAUTHENTICATED", "A valid operator token is required"))
				return
			}
		case !fromLoopback(r):
			WriteError(w, r, apperr.New(apperr.NotFound, "NOT_FOUND", "No endpoint at "+r.Method+" "+r.URL.Path))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// fromLoopback reports whether the peer is this machine and the request did not
// come through a proxy: a reverse proxy on the same host connects from loopback
// on behalf of the whole internet, and announces it with a forwarding header.
func fromLoopback(r *http.Request) bool {
	for _, h := range []string{"Forwarded", "X-Forwarded-For", "X-Real-Ip"} {
		if r.Header.Get(h) != "" {
			return false
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}

// sameSecret compares in constant time; hashing first hides the length too.
func sameSecret(got, want string) bool {
	a, b := sha256.Sum256([]byte(got)), sha256.Sum256([]byte(want))
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}
