package mcp

import (
	"encoding/json"
	"time"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/export"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// The tools' answers, declared once here: what an assistant reads of a
// recording, built from the domain's readers (pkg/engine, pkg/loose).

// TranscriptPageLines is how many transcript lines one page of get_recording holds.
const TranscriptPageLines = 200

type recordingOut struct {
	ID          string          `json:"id"`
	Title       string          `json:"title"`
	RecordedAt  string          `json:"recordedAt,omitempty"`
	Speakers    []string        `json:"speakers,omitempty"`
	Summary     []sectionOut    `json:"summary,omitempty"`
	ActionItems []taskOut       `json:"actionItems,omitempty"`
	Transcript  *transcriptPage `json:"transcript,omitempty"`
}

type sectionOut struct {
	Title  string   `json:"title,omitempty"`
	Points []string `json:"points"`
}

type taskOut struct {
	ID          string `json:"id,omitempty"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	Priority    string `json:"priority,omitempty"`
	Completed   bool   `json:"completed"`
	// Subtasks are taskOut values too; typed any because the SDK's schema
	// inference refuses recursive types.
	Subtasks []any `json:"subtasks,omitempty"`
}

type transcriptPage struct {
	Page  int       `json:"page"`
	Pages int       `json:"pages"`
	Lines []lineOut `json:"lines"`
}

type lineOut struct {
	Index   int     `json:"index"`
	Speaker string  `json:"speaker,omitempty"`
	Start   float64 `json:"start"`
	At      string  `json:"at"`
	Text    string  `json:"text"`
}

// readRecording is the recording as engines read it.
func readRecording(d recordings.Detail) *engine.Recording {
	return engine.NewRecording(engine.Stored{ID: d.ID, Recording: d.Recording, Speakers: d.Speakers, Summarizations: d.Summarizations, Transcription: d.Transcription})
}

func titleOf(rec *engine.Recording) string {
	if rec.Title == "" {
		return export.UntitledTitle
	}
	return rec.Title
}

func stampOf(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func sectionsOf(in []loose.Section) []sectionOut {
	out := make([]sectionOut, len(in))
	for i, s := range in {
		out[i] = sectionOut{Title: s.Title, Points: s.Points}
		if out[i].Points == nil {
			out[i].Points = []string{}
		}
	}
	return out
}

func tasksOf(in []loose.Task) []taskOut {
	out := make([]taskOut, len(in))
	for i, t := range in {
		out[i] = taskOut{ID: t.ID, Title: t.Title, Description: t.Description, Priority: t.Priority, Completed: t.Completed}
		for _, sub := range tasksOf(t.Subtasks) {
			out[i].Subtasks = append(out[i].Subtasks, sub)
		}
	}
	return out
}

// pageOf is one page of the transcript; page counts from 1.
func pageOf(segs []engine.Segment, page int) transcriptPage {
	pages := (len(segs) + TranscriptPageLines - 1) / TranscriptPageLines
	out := transcriptPage{Page: page, Pages: pages, Lines: []lineOut{}}
	for _, s := range segs[min(len(segs), (page-1)*TranscriptPageLines):min(len(segs), page*TranscriptPageLines)] {
		out.Lines = append(out.Lines, lineOut{Index: s.Index, Speaker: s.Speaker, Start: s.Start, At: engine.Clock(s.Start), Text: s.Text})
	}
	return out
}

// hitOut is one search result.
type hitOut struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	RecordedAt string `json:"recordedAt,omitempty"`
	Match      any    `json:"match,omitempty"`
}

// hitOf reads a search result in the list-item shape.
func hitOf(item json.RawMessage) hitOut {
	obj, _ := loose.ParseObject(item)
	info := loose.ReadRecording(item)
	h := hitOut{ID: loose.Text(obj.Get("id")), Title: info.Title, RecordedAt: stampOf(info.RecordedAt)}
	if h.Title == "" {
		h.Title = export.UntitledTitle
	}
	if m := obj.Get("match"); m != nil {
		var match any
		if json.Unmarshal(m, &match) == nil {
			h.Match = match
		}
	}
	return h
}
