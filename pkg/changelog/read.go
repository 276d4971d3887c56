package changelog

import (
	"encoding/binary"
	"errors"
	"strconv"
	"strings"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Page is one answer to a pull.
type Page struct {
	Entries []Entry
	// Cursor is where the next read starts; store it with the entries.
	Cursor string
	// HasMore: entries after Cursor are waiting.
	HasMore bool
	// Resync: the cursor cannot be continued (another epoch, below the floor,
	// or ahead of the log); the device must drop its copy and read from "".
	Resync bool
}

// Read returns up to limit entries after cursor, oldest first, in the
// caller's snapshot x. An empty cursor reads from the beginning.
func Read(x *store.Txn, uid, cursor string, limit int) (Page, error) {
	h, err := readHead(x, uid)
	if err != nil {
		return Page{}, err
	}
	var after uint64
	if cursor != "" {
		epoch, seq, ok := parseCursor(cursor)
		floor, err := readFloor(x, uid)
		if err != nil {
			return Page{}, err
		}
		if !ok || epoch != h.Epoch || seq > h.Seq || seq < floor {
			return Page{Resync: true}, nil
		}
		after = seq
	}
	page := Page{}
	last := after
	err = x.Scan(logPrefix(uid), logKey(uid, after+1), false, true, func(k, v []byte) (bool, error) {
		if len(page.Entries) == limit {
			page.HasMore = true
			return false, nil
		}
		e, err := decodeEntry(k, v)
		if err != nil {
			return false, err
		}
		page.Entries = append(page.Entries, e)
		last = e.Seq
		return true, nil
	})
	if err != nil {
		return Page{}, err
	}
	if !page.HasMore {
		// Entries compacted away leave gaps: the end of the log is the head.
		last = h.Seq
	}
	page.Cursor = formatCursor(h.Epoch, last)
	return page, nil
}

// Head is the cursor of the end of the user's log: reading from it returns
// only what is written later.
func Head(x *store.Txn, uid string) (string, error) {
	h, err := readHead(x, uid)
	if err != nil {
		return "", err
	}
	return formatCursor(h.Epoch, h.Seq), nil
}

// A cursor names the log's epoch (a new log, say after a restore from an old
// backup, must not be continued from an unrelated position) and a position.
func formatCursor(epoch string, seq uint64) string {
	if epoch == "" {
		return ""
	}
	return epoch + "." + strconv.FormatUint(seq, 10)
}

func parseCursor(c string) (epoch string, seq uint64, ok bool) {
	epoch, num, found := strings.Cut(c, ".")
	if !found || epoch == "" {
		return "", 0, false
	}
	seq, err := strconv.ParseUint(num, 10, 64)
	return epoch, seq, err == nil
}

func readFloor(x *store.Txn, uid string) (uint64, error) {
	b, err := x.Get(floorKey(uid))
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	if err != nil || len(b) != 8 {
		return 0, err
	}
	return binary.BigEndian.Uint64(b), nil
}

// Latest is the entity's current entry; ok is false when it has none (never
// written, or its tombstone was pruned).
func Latest(x *store.Txn, uid string, kind Kind, id string) (Entry, bool, error) {
	seq, err := Version(x, uid, kind, id)
	if err != nil || seq == 0 {
		return Entry{}, false, err
	}
	var e Entry
	if err := x.GetJSON(logKey(uid, seq), &e); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return Entry{}, false, nil
		}
		return Entry{}, false, err
	}
	e.Seq = seq
	return e, true, nil
}
