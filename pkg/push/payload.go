package push

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// Payload is what the service worker receives in its push event.
type Payload struct {
	Type        string `json:"type"` // "summary.ready", or "digest.ready" (no recording)
	RecordingID string `json:"recordingId,omitempty"`
	Title       string `json:"title"`
	Body        string `json:"body"`
}

const (
	// untitled is the notification title of a recording without one, as the app names it.
	untitled = "Untitled Recording"
	// Lengths a notification shows anyway; longer text is cut with an ellipsis.
	maxTitleRunes = 120
	maxBodyRunes  = 200
	// MaxPayloadBytes keeps a message within one record of RecordSize (3,070
	// bytes, which Firefox on Android accepts) with room to spare, and far
	// below RFC 8291's 4,096-byte message.
	MaxPayloadBytes = 2048
)

// PayloadFor builds the notice of a recording's new summary: its title and
// the summary's first line (see summaryLine).
func PayloadFor(d recordings.Detail) Payload {
	title := loose.ReadRecording(d.Recording).Title
	if title == "" {
		title = untitled
	}
	return Payload{
		Type:        "summary.ready",
		RecordingID: d.ID,
		Title:       cut(title, maxTitleRunes),
		Body:        cut(summaryLine(d.Summarizations), maxBodyRunes),
	}
}

// DigestPayload is the notice that the user's digest is ready; the service
// worker opens the Digest page for it.
func DigestPayload(recordings int) Payload {
	body := "Nothing new since your last digest."
	switch {
	case recordings == 1:
		body = "1 new recording since your last digest."
	case recordings > 1:
		body = fmt.Sprintf("%d new recordings since your last digest.", recordings)
	}
	return Payload{Type: "digest.ready", Title: "Your digest is ready", Body: body}
}

// SummaryLine is summaryLine for other features' one-line previews (the digest).
func SummaryLine(summarizations json.RawMessage) string { return summaryLine(summarizations) }

// summaryLine is the summary's first line worth reading on a lock screen:
// of a markdown summary the first line that is not a heading ("## Overview"
// says nothing), else the first non-empty line of its text.
func summaryLine(summarizations json.RawMessage) string {
	_, first, ok := loose.FirstSummarization(summarizations)
	if !ok {
		return ""
	}
	summary := loose.Summary(first)
	if line := firstProseLine(markdownOf(summary)); line != "" {
		return line
	}
	return firstLine(loose.SummaryText(summary))
}

// markdownOf is a summary's markdown: the summary itself when it is a
// string, or its markdown member.
func markdownOf(summary json.RawMessage) string {
	v := loose.Unwrap(summary)
	if s, ok := loose.String(v); ok {
		return s
	}
	obj, _ := loose.ParseObject(v)
	s, _ := loose.String(obj.Get("markdown"))
	return s
}

func firstProseLine(markdown string) string {
	for _, l := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			continue
		}
		if l = firstLine(loose.StripMarkdown(l)); l != "" {
			return l
		}
	}
	return ""
}

func firstLine(text string) string {
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}

// cut shortens s to at most n runes, ending with an ellipsis when it cut.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n < 1 {
		return ""
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// Encode is the payload as JSON of at most MaxPayloadBytes. Text that escapes
// to more (control characters become six bytes each) is cut further, body
// first, so the notice always fits.
func (p Payload) Encode() []byte {
	for {
		b := encode(p)
		if len(b) <= MaxPayloadBytes {
			return b
		}
		switch {
		case p.Body != "":
			p.Body = cut(p.Body, utf8.RuneCountInString(p.Body)/2)
		case utf8.RuneCountInString(p.Title) > 1:
			p.Title = cut(p.Title, utf8.RuneCountInString(p.Title)/2)
		default:
			return b // an id too long to fit is refused by the recordings domain
		}
	}
}

func encode(p Payload) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // "<" as \u003c would only cost bytes
	_ = enc.Encode(p)
	return bytes.TrimSpace(buf.Bytes())
}
