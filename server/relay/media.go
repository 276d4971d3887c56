package relay

import (
	"net/http"

	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/httpx"
)

// relayMedia passes an audio request through, streamed, with the answer's
// range headers: a 206 stays a 206 and a 416 a 416. Nothing is cached per
// user, since the file is large and a share link's answer is not the
// caller's to keep. A request for more than one range is refused here, as
// the embedded provider refuses it, so the relay never streams an upstream's
// multipart answer many times the file's size (the size is not known here,
// so the 416 names none).
func (rl *Relay) relayMedia(w http.ResponseWriter, r *http.Request, req upstream.Request) error {
	if httpx.ManyRanges(r.Header) {
		http.Error(w, "only one byte range may be asked for per request", http.StatusRequestedRangeNotSatisfiable)
		return nil
	}
	resp := rl.send(w, r, req)
	if resp == nil {
		return nil
	}
	defer func() { _ = resp.Body.Close() }()
	copyAnswerHeaders(w.Header(), resp.Header)
	addHeaders(w.Header(), resp.Header, rangeAnswer)
	w.WriteHeader(resp.StatusCode)
	if err := copyFlushing(w, resp.Body); err != nil {
		httpx.LoggerFrom(r.Context()).Info("relayed audio cut short", "route", r.Pattern, "err", err)
	}
	return nil
}
