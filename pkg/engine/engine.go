// Package engine is Ask Pocket's AI: it answers questions about one recording
// and writes summaries for recordings that arrive without one. This package
// is the interface and the types both engines share; the built-in engine
// (pkg/engine/local, the default) works from the recording alone by retrieval
// and extraction, with no network and no model weights, and the remote engine
// (pkg/engine/remote) asks an OpenAI-compatible chat-completions endpoint with
// a prompt grounded in the recording. None of them knows of HTTP handlers, fx
// or storage; callers build a Recording from the stored detail with
// NewRecording.
package engine

import (
	"context"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/loose"
)

// Engine is what the chat and summary features need of an AI.
type Engine interface {
	// Answer replies to a question about rec; history is the conversation so
	// far (oldest first), which engines may use to resolve follow-ups.
	Answer(ctx context.Context, rec *Recording, q Question) (Answer, error)
	// Summarize writes a summary of rec in the spec's shapes, in the
	// template and language how asks for (the zero value: the default).
	Summarize(ctx context.Context, rec *Recording, how SummaryOptions) (Summary, error)
	// Name identifies the engine in session metadata and logs ("local", "llm").
	Name() string
}

// ErrUnavailable wraps failures of a remote model (down, timing out, refusing):
// the request may succeed later, and the transport answers 503.
var ErrUnavailable = errors.New("engine: the AI model is unavailable")

// ErrNoTranscript: there is nothing to summarise (no transcript text).
var ErrNoTranscript = errors.New("engine: the recording has no transcript to summarise")

// NotFound opens every answer that the recording does not hold, whichever
// engine gives it: the local one says it, the model is told to.
const NotFound = "I couldn't find that in this recording."

// Recording is everything an engine may read of one recording, already
// normalised from the loose stored shapes.
type Recording struct {
	ID          string
	Title       string
	Description string
	RecordedAt  time.Time
	Segments    []Segment
	Speakers    []string        // display names in order of first appearance
	Summary     []loose.Section // the stored summary's outline; nil when none
	ActionItems []loose.Task
}

// Segment is one transcript line with its speaker's display name.
type Segment struct {
	Index   int // position in the transcript as the app lists it (blank lines skipped)
	Speaker string
	Start   float64 // seconds
	End     float64
	Text    string
}

// Turn is one earlier message of the conversation.
type Turn struct {
	Role    string // "user" or "assistant"
	Content string
}

// Question is one user message with the conversation before it.
type Question struct {
	Text    string
	History []Turn
	// OnDelta, when set, receives the answer's text as it is produced (a
	// remote engine streams it); the returned Answer is still complete.
	OnDelta func(string)
}

// Answer is an engine's reply: text with light markdown (bullets, bold) that
// names speakers and m:ss times, and the transcript passages it rests on.
type Answer struct {
	Text    string
	Sources []Source
}

// Source is one transcript passage an answer cites.
type Source struct {
	SegmentIndex int     `json:"segmentIndex"`
	Speaker      string  `json:"speaker"`
	Start        float64 `json:"start"`
	End          float64 `json:"end"`
	Quote        string  `json:"quote"`
	// Set on a library answer's sources: which recording the passage is in,
	// and whether it is transcript or summary.
	RecordingID    string `json:"recordingId,omitempty"`
	RecordingTitle string `json:"recordingTitle,omitempty"`
	Kind           string `json:"kind,omitempty"`
}

// SourceOf cites segment s; quote is the words that matter, the whole line
// when empty.
func SourceOf(s Segment, quote string) Source {
	if quote == "" {
		quote = s.Text
	}
	return Source{SegmentIndex: s.Index, Speaker: s.Speaker, Start: s.Start, End: s.End, Quote: quote}
}
