package recordings

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"

	"github.com/pocket-companion/pocket/server/httpx"
)

// listBuffers keep the buffers list answers are assembled in between requests.
var listBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// writeList answers {"success":true,"data":[items],"nextCursor":…[,"total":n]}
// exactly as encoding/json would write listAnswer, but copies the items as
// stored: they are JSON the server compacted and escaped when it wrote them,
// and re-encoding them (encoding/json validates and re-escapes every byte of
// a RawMessage) was the largest cost of a dashboard read after the index walk.
func writeList(w http.ResponseWriter, items []json.RawMessage, nextCursor string, total *int) {
	bp := listBuffers.Get().(*[]byte)
	b := append((*bp)[:0], `{"success":true,"data":[`...) //nolint:gocritic // appendAssign: reuses the pooled array; *bp = b returns it
	for i, item := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, item...)
	}
	b = append(b, `],"nextCursor":`...)
	if nextCursor == "" {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendQuote(b, nextCursor) // cursors are base64url: quoting is JSON's
	}
	if total != nil {
		b = append(b, `,"total":`...)
		b = strconv.AppendInt(b, int64(*total), 10)
	}
	b = append(b, "}\n"...)
	httpx.WriteJSONBytes(w, http.StatusOK, b)
	if cap(b) <= 1<<20 { // an unusually large answer's buffer is left to the collector
		*bp = b
		listBuffers.Put(bp)
	}
}
