package recordings

import (
	"bytes"
	"context"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Unsummarized calls fn with the owner and id of every live recording, of
// every user, that has no summary content and is not empty (it has a
// transcript or a duration), until fn returns false. The AI engine uses it on
// start to catch up on recordings imported while it was not running (e.g.
// by `pocket import`). It reads only the dashboard index, not the records.
func (s *Service) Unsummarized(ctx context.Context, fn func(ownerUID, id string) bool) error {
	prefix := []byte("ridx/")
	field := []byte("/" + string(SortRecordingAt) + "/")
	return s.db.View(func(x *store.Txn) error {
		return x.Scan(prefix, nil, false, true, func(k, v []byte) (bool, error) {
			if err := ctx.Err(); err != nil {
				return false, err
			}
			rest := k[len(prefix):]
			slash := bytes.IndexByte(rest, '/')
			if slash < 0 || !bytes.HasPrefix(rest[slash:], field) {
				return true, nil // one order is enough: every recording is in each
			}
			e, err := decodeEntry(v)
			if err != nil || e.HasSummary || e.Empty {
				return true, nil
			}
			return fn(string(rest[:slash]), e.ID), nil
		})
	})
}
