// Package search is the full-text engine behind the search box, the
// dashboard's search filter and library questions: a per-owner inverted index
// kept in the store beside the documents it indexes, BM25 ranking weighted by
// field, and the matched passage with its highlights for each result.
//
// A document is any owner's item with a title, a description, a summary and a
// timed transcript (Doc); the caller keeps the document itself and the list of
// terms Analyze found in it, so its postings can be dropped without deriving
// them again. The index is written inside the caller's transaction, so what
// the caller stores and what search finds never disagree.
//
// Key layout (see pkg/store): term/<owner>/<term>/<id> holds one document's
// posting; term/<owner>/<term>/0x00<block> holds the postings of every
// document of one Block that uses the term.
package search

// Field is one searchable part of a document. Fields are weighted: a word in
// the title counts far more than the same word said once in an hour of
// transcript.
type Field int

// The fields, in posting order.
const (
	Title Field = iota
	Description
	Summary // summary text and action items
	Transcript
)

const numFields = int(Transcript) + 1

var (
	fieldWeights = [numFields]float64{8, 4, 3, 1}
	fieldNames   = [numFields]string{"title", "description", "summary", "transcript"}
)

// String is the field's name in a Match.
func (f Field) String() string { return fieldNames[f] }

// Doc is a document's searchable text.
type Doc struct {
	Title       string
	Description string
	Summary     string // prose; lines and sentences become passages
	Transcript  []Segment
}

// Segment is one timed line of a transcript.
type Segment struct {
	Text  string
	Start float64 // seconds from the start of the recording
}

// eachText calls fn with each field's text, the transcript a segment at a
// time (segments are separate passages, and indexing them one by one needs
// no joined copy of an hour of transcript).
func (d Doc) eachText(fn func(f Field, text string)) {
	fn(Title, d.Title)
	fn(Description, d.Description)
	fn(Summary, d.Summary)
	for _, seg := range d.Transcript {
		fn(Transcript, seg.Text)
	}
}

// textBytes is the length of all of d's text.
func (d Doc) textBytes() int {
	n := 0
	d.eachText(func(_ Field, text string) { n += len(text) })
	return n
}
