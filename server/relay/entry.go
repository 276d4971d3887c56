package relay

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"time"
)

// Entry is one cached answer of the upstream to one user's GET.
type Entry struct {
	Status      int       `json:"status"`
	ContentType string    `json:"contentType"`
	ETag        string    `json:"etag"`                   // ours, strong: a hash of Body
	UpstreamTag string    `json:"upstreamEtag,omitempty"` // the upstream's, for revalidating
	StoredAt    time.Time `json:"storedAt"`
	Body        []byte    `json:"-"`
}

// encodeEntry is the stored form: the length of the JSON head (4 bytes,
// big-endian), the head, then the body as it came, so a cached answer is
// neither base64-encoded nor parsed as JSON on every read.
func encodeEntry(e Entry) []byte {
	head, _ := json.Marshal(e) // plain fields only: cannot fail
	out := make([]byte, 4, 4+len(head)+len(e.Body))
	binary.BigEndian.PutUint32(out, uint32(len(head))) //nolint:gosec // G115: a cache entry head is a few hundred bytes of JSON
	out = append(out, head...)
	return append(out, e.Body...)
}

var errBadEntry = errors.New("relay: malformed cache entry")

func decodeEntry(raw []byte) (Entry, error) {
	if len(raw) < 4 {
		return Entry{}, errBadEntry
	}
	n := int(binary.BigEndian.Uint32(raw))
	if len(raw) < 4+n {
		return Entry{}, errBadEntry
	}
	var e Entry
	if err := json.Unmarshal(raw[4:4+n], &e); err != nil {
		return Entry{}, errors.Join(errBadEntry, err)
	}
	e.Body = raw[4+n:]
	return e, nil
}
