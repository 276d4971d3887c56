package recordings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/store"
)

// stored is one recording: the five fields of the import object exactly as
// given (nil when absent) and the server's bookkeeping.
type stored struct {
	ID             string          `json:"id"`
	Book           book            `json:"book"`
	Recording      json.RawMessage `json:"recording,omitempty"`
	Speakers       json.RawMessage `json:"speakers,omitempty"`
	Summarizations json.RawMessage `json:"summarizations,omitempty"`
	Transcription  json.RawMessage `json:"transcription,omitempty"`
	Metadata       json.RawMessage `json:"metadata,omitempty"`

	// What is derived from the given fields, kept while they are unchanged
	// (memo.go): parsing and indexing read them more than once.
	memoSegments *segmentsMemo
	memoPostings *postingsMemo
	memoSummary  *summaryMemo

	// extras are the import object's members beyond the recording's own
	// (highlights), handed to the OnImportedIn hooks; never stored here.
	extras loose.Object
}

// book is what the server derives and keeps beside the given data. Index keys
// are rebuilt from it (not re-derived), so stale keys are always found and
// removed even if derivation changes between versions.
type book struct {
	FolderID   string     `json:"folderId,omitempty"`
	ImportedAt time.Time  `json:"importedAt"`
	DeletedAt  *time.Time `json:"deletedAt,omitempty"`
	Sort       sortKeys   `json:"sort"`
	HasSummary bool       `json:"hasSummary,omitempty"`
	Empty      bool       `json:"empty,omitempty"`
	// Flags are the FlagFields set on the recording (their Field.Bit), for
	// the index entries the dashboard filters on.
	Flags byte     `json:"flags,omitempty"`
	Terms []string `json:"terms,omitempty"`
	// TermBlock names the posting block holding the postings of Terms when
	// the recording came in an import batch (search.Block); empty when it
	// has keys of its own.
	TermBlock  string   `json:"termBlock,omitempty"`
	SummaryIDs []string `json:"summaryIds,omitempty"`
	// SpeakerNames are the owner's names for speakers, by speakers key
	// (SPEAKER_00), laid over the uploaded speakers member when read.
	SpeakerNames map[string]string `json:"speakerNames,omitempty"`
	// People are the names its speakers go by (see people.go), for the
	// person index.
	People []string `json:"people,omitempty"`
}

// sortKeys holds the given timestamps in Unix milliseconds (0: not given),
// duration in milliseconds and the title's ordering key.
type sortKeys struct {
	RecordingAt int64  `json:"recordingAt,omitempty"`
	CreatedAt   int64  `json:"createdAt,omitempty"`
	UpdatedAt   int64  `json:"updatedAt,omitempty"`
	DurationMS  int64  `json:"durationMs,omitempty"`
	Title       string `json:"title"`
}

// encode writes the record with the given fields' bytes untouched
// (json.Marshal would compact them and escape HTML characters).
func (st *stored) encode() ([]byte, error) {
	id, _ := json.Marshal(st.ID)
	bk, err := json.Marshal(st.Book)
	if err != nil {
		return nil, err
	}
	obj := loose.Object{{Key: "id", Value: id}, {Key: "book", Value: bk}}
	for _, m := range st.given() {
		if m.Value != nil {
			obj = append(obj, m)
		}
	}
	return obj.MarshalJSON()
}

func (st *stored) given() loose.Object {
	return loose.Object{
		{Key: "recording", Value: st.Recording},
		{Key: "speakers", Value: st.Speakers},
		{Key: "summarizations", Value: st.Summarizations},
		{Key: "transcription", Value: st.Transcription},
		{Key: "metadata", Value: st.Metadata},
	}
}

func recKey(uid, id string) []byte  { return store.Key("rec", uid, id) }
func itemKey(uid, id string) []byte { return store.Key("ritem", uid, id) }

// load reads a recording; soft-deleted ones are returned too (callers decide).
func load(x *store.Txn, uid, id string) (*stored, error) {
	b, err := x.Get(recKey(uid, id))
	if errors.Is(err, store.ErrNotFound) {
		return nil, apperr.Missing("Recording")
	}
	if err != nil {
		return nil, fmt.Errorf("recordings: load %s: %w", id, err)
	}
	st := &stored{}
	if err := json.Unmarshal(b, st); err != nil {
		return nil, fmt.Errorf("recordings: decode %s: %w", id, err)
	}
	return st, nil
}

// loadLive is load for everything users see: soft-deleted is NotFound.
func loadLive(x *store.Txn, uid, id string) (*stored, error) {
	st, err := load(x, uid, id)
	if err == nil && st.Book.DeletedAt != nil {
		return nil, apperr.Missing("Recording")
	}
	return st, err
}

// recordingObject is the recording member as an ordered object (empty when
// the import had none).
func (st *stored) recordingObject() loose.Object {
	obj, _ := loose.ParseObject(st.Recording)
	return obj
}

// recordingWithID is the recording as given, with `id` added when the import
// left it out (the server generated it).
func (st *stored) recordingWithID() json.RawMessage {
	obj := st.recordingObject()
	if s, ok := loose.String(obj.Get("id")); ok && s == st.ID {
		return st.Recording
	}
	id, _ := json.Marshal(st.ID)
	b, _ := obj.Set("id", id).MarshalJSON()
	return b
}

// listItem is the dashboard/search shape: the recording as given, its id, and
// `summarization: {summary}` taken from the first summarization as given.
func (st *stored) listItem() []byte {
	obj := st.recordingObject()
	if s, ok := loose.String(obj.Get("id")); !ok || s != st.ID {
		id, _ := json.Marshal(st.ID)
		obj = obj.Set("id", id)
	}
	if _, sum, _ := st.firstSummary(); sum != nil {
		wrapped, _ := loose.Object{{Key: "summary", Value: sum}}.MarshalJSON()
		obj = obj.Set("summarization", wrapped)
	}
	b, _ := obj.MarshalJSON()
	return compactJSON(b)
}

// compactJSON is b as encoding/json writes a json.RawMessage (no spaces,
// <, > and & escaped), done once here so that list answers can copy stored
// items as they are instead of re-encoding every item on every read.
func compactJSON(b []byte) []byte {
	if compactAndHTMLSafe(b) {
		return b // most items: nothing to change, so no two passes of encoding/json's scanner
	}
	var compact, escaped bytes.Buffer
	if json.Compact(&compact, b) != nil {
		return b
	}
	json.HTMLEscape(&escaped, compact.Bytes())
	return escaped.Bytes()
}

var lineSeparator, paragraphSeparator = []byte("\u2028"), []byte("\u2029")

// compactAndHTMLSafe reports whether compactJSON would return b unchanged:
// no space outside strings, and nothing HTMLEscape rewrites (<, >, &, and
// the line and paragraph separators U+2028 and U+2029).
func compactAndHTMLSafe(b []byte) bool {
	if bytes.ContainsAny(b, "<>&") || bytes.Contains(b, lineSeparator) || bytes.Contains(b, paragraphSeparator) {
		return false
	}
	return loose.OutsideStrings(b, func(c byte) bool { return c != ' ' && c != '\t' && c != '\n' && c != '\r' })
}

// derive fills the bookkeeping that depends only on the given data.
func (st *stored) derive() {
	rec := st.recordingObject()
	st.Book.Sort = sortKeys{
		RecordingAt: millis(rec.First("recordingAt", "recording_at")),
		CreatedAt:   millis(rec.First("createdAt", "created_at")),
		UpdatedAt:   millis(rec.First("updatedAt", "updated_at")),
		DurationMS:  durationMS(rec.Get("duration")),
		Title:       titleKey(title(rec)),
	}
	_, sum, _ := st.firstSummary()
	st.Book.HasSummary = loose.HasContent(sum)
	st.Book.Flags = flagBits(rec)
	// Empty: nothing to show or search. A recording with a summary, any
	// transcript text or a positive duration is not empty.
	st.Book.Empty = !st.Book.HasSummary && st.Book.Sort.DurationMS <= 0 &&
		len(st.segments()) == 0
	st.Book.SummaryIDs = summaryIDs(st.Summarizations)
	named, _ := st.speakerRefs()
	st.Book.People = peopleOf(named)
}

func title(rec loose.Object) string { return loose.Text(rec.First("title", "name")) }

func millis(raw json.RawMessage) int64 {
	t, ok := loose.TimeValue(raw)
	if !ok {
		return 0
	}
	return t.UnixMilli()
}

func durationMS(raw json.RawMessage) int64 {
	f, ok := loose.Number(raw)
	if !ok || f <= 0 || f > 1e9 {
		return 0
	}
	return int64(math.Round(f * 1000))
}

// titleKey orders titles case-insensitively; untitled recordings sort where
// the list shows them, under "Untitled Recording".
func titleKey(t string) string {
	t = strings.ToLower(strings.TrimSpace(strings.ReplaceAll(t, "\x00", "")))
	if t == "" {
		t = "untitled recording"
	}
	const max = 96 // keys stay small; longer titles tie-break on id
	if len(t) > max {
		cut := max
		for cut > 0 && t[cut]&0xC0 == 0x80 { // do not split a UTF-8 sequence
			cut--
		}
		t = t[:cut]
	}
	return t
}

// summaryIDs lists every summarization id, for the `sum/` lookup index.
func summaryIDs(raw json.RawMessage) []string {
	v := loose.Unwrap(raw)
	var ids []string
	if obj, ok := loose.ParseObject(v); ok {
		for _, m := range obj {
			if okID(m.Key) && !loose.IsNull(m.Value) {
				ids = append(ids, m.Key)
			}
		}
		return ids
	}
	if arr, ok := loose.Array(v); ok {
		for _, el := range arr {
			if o, ok := loose.ParseObject(loose.Unwrap(el)); ok {
				if id := loose.Text(o.Get("id")); okID(id) {
					ids = append(ids, id)
				}
			}
		}
	}
	return ids
}

// okID accepts ids that are safe as the last part of a key and in a URL path.
func okID(id string) bool {
	if id == "" || len(id) > 200 || strings.ContainsRune(id, '/') {
		return false
	}
	for _, r := range id {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}

// effective times fall back so that every recording has a place in each order:
// recordingAt → createdAt → updatedAt → when it was imported.
func (k sortKeys) effRecordingAt(imported time.Time) int64 {
	return firstNonZero(k.RecordingAt, k.CreatedAt, k.UpdatedAt, imported.UnixMilli())
}
func (k sortKeys) effCreatedAt(imported time.Time) int64 {
	return firstNonZero(k.CreatedAt, imported.UnixMilli())
}
func (k sortKeys) effUpdatedAt(imported time.Time) int64 {
	return firstNonZero(k.UpdatedAt, k.CreatedAt, imported.UnixMilli())
}

func firstNonZero(v ...int64) int64 {
	for _, x := range v {
		if x != 0 {
			return x
		}
	}
	return 0
}

// newer is the spec's duplicate rule: the latest recordingAt wins, else
// updatedAt, else createdAt. A tie keeps what is stored.
func newer(in, old sortKeys) bool {
	for _, p := range [][2]int64{{in.RecordingAt, old.RecordingAt}, {in.UpdatedAt, old.UpdatedAt}, {in.CreatedAt, old.CreatedAt}} {
		if p[0] != p[1] {
			return p[0] > p[1]
		}
	}
	return false
}
