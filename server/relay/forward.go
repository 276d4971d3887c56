package relay

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/httpx"
)

// toUpstream are the request headers the upstream needs: the caller's own
// credentials (bearer token, session cookie), what the body is, and what the
// cookie endpoints check to refuse other sites' pages.
var toUpstream = []string{"Authorization", "Content-Type", "Accept", "Accept-Language", "Cookie", "Origin", "Sec-Fetch-Site"}

// toBrowser are the answer headers the browser needs.
var toBrowser = []string{
	"Content-Type", "Set-Cookie", "Location", "Retry-After", "Cache-Control",
	"Referrer-Policy", "X-Robots-Tag", "Content-Security-Policy", "Content-Disposition", "WWW-Authenticate",
}

// rangeRequest and rangeAnswer are what byte ranges need besides: asked of
// media routes only, and their answers' headers copied back.
var (
	rangeRequest = []string{"Range", "If-Range", "If-None-Match", "If-Modified-Since"}
	rangeAnswer  = []string{"Content-Range", "Accept-Ranges", "Content-Length", "ETag", "Last-Modified"}
)

// addHeaders copies the named headers of src into dst.
func addHeaders(dst, src http.Header, names []string) {
	for _, k := range names {
		if v := src.Values(k); len(v) > 0 {
			dst[k] = v
		}
	}
}

// upstreamRequest is r as the upstream should receive it.
func upstreamRequest(r *http.Request, body []byte) upstream.Request {
	h := http.Header{}
	addHeaders(h, r.Header, toUpstream)
	// Who the caller is, for the upstream's per-client limits: believed there
	// only when its POCKET_TRUSTED_PROXIES names this relay.
	h.Set("X-Forwarded-For", httpx.ForwardedFor(r))
	// An identity provider's callback page may be checked against where it came from.
	if strings.HasSuffix(r.URL.Path, "/callback") && r.Referer() != "" {
		h.Set("Referer", r.Referer())
	}
	return upstream.Request{Method: r.Method, PathAndQuery: r.URL.RequestURI(), Header: h, Body: body}
}

func copyAnswerHeaders(dst, src http.Header) { addHeaders(dst, src, toBrowser) }

// readBody reads the request's body within limit; nil when there is none.
func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if limit == 0 || r.Body == nil {
		return nil, nil
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return nil, apperr.New(apperr.TooLarge, "BODY_TOO_LARGE", "Request body is too large")
	case err != nil:
		return nil, apperr.Invalidf("Request body could not be read")
	case len(b) == 0:
		return nil, nil
	}
	return b, nil
}

// copyFlushing copies an answer to the browser, flushing after every read,
// so a streamed chat answer reaches the page as the upstream writes it (a
// whole JSON answer arrives in a few reads; flushing them costs nothing).
func copyFlushing(w http.ResponseWriter, body io.Reader) error {
	rc := http.NewResponseController(w)
	buf := make([]byte, 32<<10)
	for {
		n, err := body.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return werr
			}
			if ferr := rc.Flush(); ferr != nil && !errors.Is(ferr, http.ErrNotSupported) {
				return ferr
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
