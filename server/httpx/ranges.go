package httpx

import (
	"net/http"
	"strings"
)

// ManyRanges reports whether a request asks for more than one byte range.
// http.ServeContent answers several ranges as one multipart body with a
// header block per part, so a header listing thousands of one-byte ranges
// returns many times the file's size; the API serves one range per request
// (a suffix range such as bytes=-500 is one). Every Range header line is
// counted: http.ServeContent reads only the first, but a proxy may read any.
func ManyRanges(h http.Header) bool {
	n := 0
	for _, line := range h.Values("Range") {
		for _, part := range strings.Split(line, ",") {
			if strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(part), "bytes=")) != "" {
				n++
			}
		}
	}
	return n > 1
}
