package recordings

import (
	"context"
	"encoding/binary"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// CreatedSince lists the owner's recordings created after since and up to
// until (their
// createdAt as given, else when they were imported), newest first, at most
// max; more reports that older ones after since were left out. It reads the
// created_at index only as far back as since, so its cost is the answer's.
func (s *Service) CreatedSince(ctx context.Context, uid string, since, until time.Time, max int) (ids []string, more bool, err error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, false, err
	}
	prefix := indexPrefix(uid, SortCreatedAt)
	floor, ceiling := since.UnixMilli(), until.UnixMilli()
	err = s.db.View(func(x *store.Txn) error {
		return x.Scan(prefix, nil, true, true, func(k, v []byte) (bool, error) {
			if len(k) < len(prefix)+8 {
				return true, nil
			}
			at := int64(binary.BigEndian.Uint64(k[len(prefix):]) ^ (1 << 63)) //nolint:gosec // G115: the inverse of store.I64
			if at <= floor {
				return false, nil
			}
			if at > ceiling {
				return true, nil
			}
			e, err := decodeEntry(v)
			if err != nil || e.Empty {
				return err == nil, err
			}
			if len(ids) == max {
				more = true
				return false, nil
			}
			ids = append(ids, e.ID)
			return true, nil
		})
	})
	return ids, more, err
}
