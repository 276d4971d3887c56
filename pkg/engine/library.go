package engine

import "context"

// Passage is one retrieved piece of a user's library: a window of transcript
// lines (with the first line's speaker and start time) or a summary section.
type Passage struct {
	RecordingID  string
	Title        string // the recording's title, "Untitled Recording" when it has none
	Kind         string // PassageTranscript or PassageSummary
	SegmentIndex int    // the window's first line; -1 for a summary section
	Speaker      string
	Start, End   float64 // seconds; 0 for a summary section
	Text         string
	// Lines are a transcript window's lines. Retrieval points SegmentIndex,
	// Speaker, Start and End at the one that speaks to the question most, so
	// a citation opens the recording at that line.
	Lines []Segment
}

// PassageLines is how many transcript lines a passage window holds.
const PassageLines = 3

// Passage kinds.
const (
	PassageTranscript = "transcript"
	PassageSummary    = "summary"
)

// LibraryEngine answers a question asked across a whole library from the
// passages retrieval found, best first. Both engines implement it; the
// passages are all an engine may read, so an answer cannot reach past the
// asker's own recordings.
type LibraryEngine interface {
	AnswerLibrary(ctx context.Context, passages []Passage, q Question) (Answer, error)
}

// LibraryNotFound opens a library answer that no passage supports.
const LibraryNotFound = "I couldn't find that in your recordings."

// Cite turns a passage into the source a library answer cites.
func Cite(p Passage) Source {
	quote := p.Text
	return Source{
		SegmentIndex: p.SegmentIndex, Speaker: p.Speaker, Start: p.Start, End: p.End, Quote: quote,
		RecordingID: p.RecordingID, RecordingTitle: p.Title, Kind: p.Kind,
	}
}
