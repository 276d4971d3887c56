// Package export turns one stored recording into the documents people take
// away: Markdown, plain text, SRT and WebVTT subtitles, and the import-format
// JSON that `pocket import` and POST /api/v1/recordings take back. It reads
// the loose shapes only through pkg/loose, as every other reader does, and
// knows nothing of HTTP.
package export

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// UntitledTitle is what the app calls a recording without a title.
const UntitledTitle = "Untitled Recording"

// Doc is what the text formats show of a recording, read once.
type Doc struct {
	ID      string
	Title   string    // never empty: UntitledTitle stands in
	Date    time.Time // zero when the recording has no parseable date
	Summary string    // the summary as markdown ("" when there is none)
	Note    string    // the owner's own note, markdown ("" when there is none)
	Tasks   []loose.Task
	Lines   []Line
}

// Line is one transcript segment with the speaker's display name.
type Line struct {
	Speaker    string // "" when the segment names no speaker
	Start, End float64
	Text       string
}

// Read builds the Doc of a recording detail.
func Read(d recordings.Detail) Doc {
	info := loose.ReadRecording(d.Recording)
	doc := Doc{ID: d.ID, Title: info.Title, Date: info.RecordedAt}
	if rec, ok := loose.ParseObject(d.Recording); ok {
		doc.Note = strings.TrimSpace(loose.Text(rec.Get("note")))
	}
	if doc.Title == "" {
		doc.Title = UntitledTitle
	}
	if _, first, ok := loose.FirstSummarization(d.Summarizations); ok {
		doc.Summary = SummaryMarkdown(first)
		doc.Tasks = loose.Tasks(loose.ActionItems(first))
	}
	segs := loose.Segments(d.Transcription)
	// The spec's speaker-label rule (§5): profile names, else "Speaker N" by
	// order of appearance; a segment without a label names nobody.
	names := loose.SpeakerNames(d.Speakers, loose.SpeakerOrder(segs))
	for _, s := range segs {
		l := Line{Start: s.Start, End: s.End, Text: s.Text}
		if strings.TrimSpace(s.Speaker) != "" {
			l.Speaker = names[s.Speaker]
		}
		doc.Lines = append(doc.Lines, l)
	}
	return doc
}

// SummaryMarkdown is a summarization's summary as markdown ("" when it has
// none): the shared page's first paint shows it as the exports write it.
func SummaryMarkdown(summarization json.RawMessage) string {
	sum := loose.Summary(summarization)
	if !loose.HasContent(sum) {
		return ""
	}
	return summaryMarkdown(sum)
}

// summaryMarkdown keeps a summary that is markdown as written (the app
// renders it so) and writes the other shapes' words one paragraph a line.
func summaryMarkdown(sum []byte) string {
	v := loose.Unwrap(sum)
	if s, ok := loose.String(v); ok {
		return strings.TrimSpace(s)
	}
	if obj, ok := loose.ParseObject(v); ok {
		if s, ok := loose.String(obj.Get("markdown")); ok && strings.TrimSpace(s) != "" {
			return strings.TrimSpace(s)
		}
		if c := obj.Get("content"); !loose.IsNull(c) && loose.HasContent(c) {
			return summaryMarkdown(c)
		}
	}
	return strings.ReplaceAll(loose.SummaryText(sum), "\n", "\n\n")
}

// Clock is m:ss with minutes not capped (75:03), as the transcript screen
// shows time (pwa/src/data/time.ts formatClock).
func Clock(seconds float64) string {
	t := int(seconds)
	return fmt.Sprintf("%d:%02d", t/60, t%60)
}
