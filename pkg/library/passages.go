package library

import (
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
)

// Passage windows: a line of transcript alone rarely carries its context
// ("Yes, the 24th." answers the line before), so passages are windows of a
// few lines that overlap by one, and a window's citation is its first line.
const (
	windowStride = 2
)

// passagesOf splits one recording into its transcript windows and summary
// sections.
func passagesOf(rec *engine.Recording) []engine.Passage {
	title := rec.Title
	if strings.TrimSpace(title) == "" {
		title = "Untitled Recording"
	}
	var out []engine.Passage
	segs := rec.Segments
	for i := 0; i < len(segs); i += windowStride {
		end := min(i+engine.PassageLines, len(segs))
		var b strings.Builder
		for j := i; j < end; j++ {
			if j > i {
				b.WriteString(" ")
			}
			b.WriteString(segs[j].Text)
		}
		out = append(out, engine.Passage{
			RecordingID: rec.ID, Title: title, Kind: engine.PassageTranscript, SegmentIndex: segs[i].Index,
			Speaker: segs[i].Speaker, Start: segs[i].Start, End: segs[end-1].End, Text: b.String(),
		})
		if end == len(segs) {
			break
		}
	}
	for _, sec := range rec.Summary {
		text := strings.TrimSpace(sec.Title + ": " + strings.Join(sec.Points, " "))
		if len(sec.Points) == 0 {
			continue
		}
		out = append(out, engine.Passage{RecordingID: rec.ID, Title: title, Kind: engine.PassageSummary, SegmentIndex: -1, Text: text})
	}
	return out
}
