package relay

import (
	"errors"
	"mime"
	"net/http"

	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/httpx"
)

// unavailableMessage is what the app shows when the upstream cannot answer.
const unavailableMessage = "The recordings service is unavailable. Please try again."

// writeUnavailable answers a call the upstream did not: 504 when it ran out
// of time, 503 otherwise.
func writeUnavailable(w http.ResponseWriter, r *http.Request, err error) {
	status, code := http.StatusServiceUnavailable, "UPSTREAM_UNAVAILABLE"
	if errors.Is(err, upstream.ErrTimeout) {
		status, code = http.StatusGatewayTimeout, "UPSTREAM_TIMEOUT"
	}
	if err != nil {
		httpx.LoggerFrom(r.Context()).Warn("upstream did not answer", "method", r.Method, "route", r.Pattern, "err", err)
	}
	w.Header().Set("Retry-After", "5")
	httpx.WriteJSON(w, status, httpx.ErrorBody{Message: unavailableMessage, Code: code})
}

// gatewayFailure: the upstream, or a proxy before it, is not serving.
func gatewayFailure(status int) bool {
	return status == http.StatusBadGateway || status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout
}

func isJSON(h http.Header) bool {
	mt, _, _ := mime.ParseMediaType(h.Get("Content-Type"))
	return mt == "application/json"
}
