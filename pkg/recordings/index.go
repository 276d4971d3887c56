package recordings

import (
	"encoding/binary"
	"errors"

	"github.com/pocket-companion/pocket/pkg/store"
)

// SortField is a dashboard order (spec §7 sort_by).
type SortField string

// The dashboard orders, each backed by one ordered index.
const (
	SortRecordingAt SortField = "recording_at"
	SortCreatedAt   SortField = "created_at"
	SortUpdatedAt   SortField = "updated_at"
	SortDuration    SortField = "duration"
	SortTitle       SortField = "title"
)

var sortFields = []SortField{SortRecordingAt, SortCreatedAt, SortUpdatedAt, SortDuration, SortTitle}

// sortable is the part of an index key that orders it: big-endian numbers, or
// the title key ended by 0x00 so "ab" sorts before "abc".
func (st *stored) sortable(f SortField) string {
	k, imp := st.Book.Sort, st.Book.ImportedAt
	switch f {
	case SortCreatedAt:
		return store.I64(k.effCreatedAt(imp))
	case SortUpdatedAt:
		return store.I64(k.effUpdatedAt(imp))
	case SortDuration:
		return store.I64(k.DurationMS)
	case SortTitle:
		return k.Title + "\x00"
	}
	return store.I64(k.effRecordingAt(imp))
}

func indexPrefix(uid string, f SortField) []byte { return store.Prefix("ridx", uid, string(f)) }

func indexKey(uid string, f SortField, st *stored) []byte {
	return store.Key("ridx", uid, string(f), st.sortable(f), st.ID)
}

// entry is an index value: what the dashboard filters need, so a page is read
// from the index alone and only the page's items are loaded.
type entry struct {
	ID          string
	FolderID    string
	RecordingAt int64 // effective, for start_date / end_date
	HasSummary  bool
	Empty       bool
	Flags       byte // the FlagFields set (Field.Bit)
}

// The entry's own flags; the bits above them are the FlagFields' (Field.Bit).
const (
	flagSummary byte = 1 << iota
	flagEmpty
)

// Layout: flags(1) | recordingAt(8) | len(folderID) uvarint | folderID | id.
func (st *stored) entry() []byte {
	flags := st.Book.Flags
	if st.Book.HasSummary {
		flags |= flagSummary
	}
	if st.Book.Empty {
		flags |= flagEmpty
	}
	b := make([]byte, 0, 16+len(st.Book.FolderID)+len(st.ID))
	b = append(b, flags)
	b = binary.BigEndian.AppendUint64(b, uint64(st.Book.Sort.effRecordingAt(st.Book.ImportedAt))) //nolint:gosec // G115: the bits round-trip: decodeEntry reads them back as int64
	b = binary.AppendUvarint(b, uint64(len(st.Book.FolderID)))
	b = append(b, st.Book.FolderID...)
	return append(b, st.ID...)
}

var errBadEntry = errors.New("recordings: malformed index entry")

func decodeEntry(b []byte) (entry, error) {
	if len(b) < 10 {
		return entry{}, errBadEntry
	}
	e := entry{HasSummary: b[0]&flagSummary != 0, Empty: b[0]&flagEmpty != 0, Flags: b[0] &^ (flagSummary | flagEmpty)}
	e.RecordingAt = int64(binary.BigEndian.Uint64(b[1:9])) //nolint:gosec // G115: the bits written by encodeEntry, read back
	n, w := binary.Uvarint(b[9:])
	rest := b[9+max(w, 0):]
	if w <= 0 || uint64(len(rest)) < n {
		return entry{}, errBadEntry
	}
	e.FolderID, e.ID = string(rest[:n]), string(rest[n:])
	return e, nil
}

// writeIndex adds the recording to every order.
func writeIndex(x *store.Txn, uid string, st *stored) error {
	val := st.entry()
	for _, f := range sortFields {
		if err := x.Set(indexKey(uid, f, st), val); err != nil {
			return err
		}
	}
	return writePeople(x, uid, st)
}

// dropIndex removes the keys writeIndex made for the same bookkeeping.
func dropIndex(x *store.Txn, uid string, st *stored) error {
	for _, f := range sortFields {
		if err := x.Delete(indexKey(uid, f, st)); err != nil {
			return err
		}
	}
	return dropPeople(x, uid, st)
}
