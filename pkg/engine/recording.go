package engine

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/pocket-companion/pocket/pkg/loose"
)

// Stored is a recording's stored fields, exactly as the detail holds them.
type Stored struct {
	ID             string
	Recording      json.RawMessage
	Speakers       json.RawMessage
	Summarizations json.RawMessage
	Transcription  json.RawMessage
}

// NewRecording reads the stored loose shapes (through pkg/loose, the one
// reader of them) into what engines work with.
func NewRecording(s Stored) *Recording {
	info := loose.ReadRecording(s.Recording)
	segs := loose.Segments(s.Transcription)
	names := loose.SpeakerNames(s.Speakers, loose.SpeakerOrder(segs))
	rec := &Recording{
		ID:          s.ID,
		Title:       info.Title,
		Description: info.Description,
		RecordedAt:  info.RecordedAt,
		Segments:    make([]Segment, len(segs)),
	}
	seen := map[string]bool{}
	for i, sg := range segs {
		name := names[sg.Speaker]
		if sg.Speaker == "" {
			name = "" // an unlabelled line has no speaker to name
		}
		rec.Segments[i] = Segment{Index: i, Speaker: name, Start: sg.Start, End: sg.End, Text: sg.Text}
		if name != "" && !seen[name] {
			seen[name] = true
			rec.Speakers = append(rec.Speakers, name)
		}
	}
	if _, sum, ok := loose.FirstSummarization(s.Summarizations); ok {
		if summary := loose.Summary(sum); loose.HasContent(summary) {
			rec.Summary = loose.SummaryOutline(summary)
		}
		rec.ActionItems = loose.Tasks(loose.ActionItems(sum))
	}
	return rec
}

// Clock formats seconds as the app does: m:ss, or h:mm:ss from an hour on.
func Clock(sec float64) string {
	if sec < 0 || math.IsNaN(sec) {
		sec = 0
	}
	t := int(sec)
	if t >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", t/3600, t%3600/60, t%60)
	}
	return fmt.Sprintf("%d:%02d", t/60, t%60)
}

// Who is a segment's speaker for prose: the name, or "Someone".
func Who(s Segment) string {
	if s.Speaker == "" {
		return "Someone"
	}
	return s.Speaker
}

// AllTasks lists the action items with their subtasks and sub-subtasks,
// depth first.
func (r *Recording) AllTasks() []loose.Task { return flatten(r.ActionItems) }

func flatten(tasks []loose.Task) []loose.Task {
	var out []loose.Task
	for _, t := range tasks {
		out = append(out, t)
		out = append(out, flatten(t.Subtasks)...)
	}
	return out
}
