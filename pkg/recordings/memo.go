package recordings

import (
	"bytes"
	"encoding/json"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/search"
)

// A stored recording's transcript segments, first summary and search
// postings are each needed several times on one write (deriving the book,
// the people index, the search index, the list item), and working them out
// from the loose JSON was most of an import's CPU (docs/benchmarks.md).
// They are kept beside the recording with the bytes they came from, and
// worked out again when those change.
// An import works them out while parsing, ahead of the transaction that
// writes them, so the commit path only writes.

type segmentsMemo struct {
	transcription json.RawMessage
	segs          []loose.Segment
}

// segments is loose.Segments(st.Transcription).
func (st *stored) segments() []loose.Segment {
	if m := st.memoSegments; m != nil && bytes.Equal(m.transcription, st.Transcription) {
		return m.segs
	}
	st.memoSegments = &segmentsMemo{transcription: st.Transcription, segs: loose.Segments(st.Transcription)}
	return st.memoSegments.segs
}

type postingsMemo struct {
	recording, summarizations, transcription json.RawMessage
	postings                                 search.Postings
}

// indexPostings is search.Analyze of st.searchDoc(): the search index's terms
// of the title, description, first summary and transcript.
func (st *stored) indexPostings() search.Postings {
	if m := st.memoPostings; m != nil && bytes.Equal(m.recording, st.Recording) &&
		bytes.Equal(m.summarizations, st.Summarizations) && bytes.Equal(m.transcription, st.Transcription) {
		return m.postings
	}
	st.memoPostings = &postingsMemo{
		recording: st.Recording, summarizations: st.Summarizations, transcription: st.Transcription,
		postings: search.Analyze(st.searchDoc()),
	}
	return st.memoPostings.postings
}

type summaryMemo struct {
	summarizations json.RawMessage
	first, summary json.RawMessage
	ok             bool
}

// firstSummary is the first summarization (loose.FirstSummarization) and its
// summary value (loose.Summary): the book, the search index and the list
// item each read them.
func (st *stored) firstSummary() (first, summary json.RawMessage, ok bool) {
	if m := st.memoSummary; m == nil || !bytes.Equal(m.summarizations, st.Summarizations) {
		_, first, ok := loose.FirstSummarization(st.Summarizations)
		st.memoSummary = &summaryMemo{summarizations: st.Summarizations, first: first, summary: loose.Summary(first), ok: ok}
	}
	m := st.memoSummary
	return m.first, m.summary, m.ok
}
