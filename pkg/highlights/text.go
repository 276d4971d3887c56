package highlights

import (
	"math"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// untimedLength is how long a segment without an end lasts, as the
// subtitle exports count it.
const untimedLength = 1.0

// passage is what a range of a recording says.
type passage struct {
	text     string
	speakers []string
}

// checkRange refuses a range that is not a span of time: NaN, negative,
// empty or reversed. Whether it lies within the recording is passageOf's.
func checkRange(start, end float64) error {
	switch {
	case math.IsNaN(start) || math.IsNaN(end) || math.IsInf(start, 0) || math.IsInf(end, 0):
		return apperr.New(apperr.Invalid, "INVALID_RANGE", "start and end must be numbers of seconds")
	case start < 0:
		return apperr.New(apperr.Invalid, "INVALID_RANGE", "start must be 0 or more seconds")
	case end == start:
		return apperr.New(apperr.Invalid, "INVALID_RANGE", "The highlight is empty: end must be after start")
	case end < start:
		return apperr.New(apperr.Invalid, "INVALID_RANGE", "The highlight is reversed: end must be after start")
	}
	return nil
}

// passageOf is the transcript between start and end: every segment that
// overlaps the range, with its speakers' display names (the spec's label
// rule, as the exports apply it). A range past the transcript's last word,
// or one that overlaps no segment, is refused.
func passageOf(d recordings.Detail, start, end float64) (passage, error) {
	segs := loose.Segments(d.Transcription)
	extent := 0.0
	for _, s := range segs {
		extent = max(extent, segEnd(s))
	}
	if extent == 0 {
		return passage{}, apperr.New(apperr.Invalid, "INVALID_RANGE", "This recording has no timed transcript to highlight")
	}
	if end > extent+0.5 { // half a second of slack for a player's rounding
		return passage{}, apperr.Newf(apperr.Invalid, "INVALID_RANGE", "The highlight ends outside the recording, which lasts %.1f s", extent)
	}
	names := loose.SpeakerNames(d.Speakers, loose.SpeakerOrder(segs))
	var words []string
	var speakers []string
	seen := map[string]bool{}
	for _, s := range segs {
		if segEnd(s) <= start || s.Start >= end {
			continue
		}
		words = append(words, strings.TrimSpace(s.Text))
		if name := names[s.Speaker]; strings.TrimSpace(s.Speaker) != "" && name != "" && !seen[name] {
			seen[name] = true
			speakers = append(speakers, name)
		}
	}
	if len(words) == 0 {
		return passage{}, apperr.New(apperr.Invalid, "INVALID_RANGE", "Nothing is said between start and end")
	}
	return passage{text: clip(strings.Join(words, " "), MaxText), speakers: speakers}, nil
}

func segEnd(s loose.Segment) float64 {
	if s.End > s.Start {
		return s.End
	}
	return s.Start + untimedLength
}

// clip keeps the first n characters of s, marking a cut with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
