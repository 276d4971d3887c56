// Package digest is what Pocket tells a user about a period: the recordings
// new since their last digest, each with the first sentence of its summary,
// and the action items still open. It builds one, renders it as text and
// HTML for e-mail, keeps each user's digest settings and when their last
// digest went out, says when the next is due, and signs the unsubscribe
// links that work without signing in.
package digest

import (
	"context"
	"strings"
	"time"
	"unicode"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// Bounds of one digest, so a large library makes a short e-mail: the newest
// MaxRecordings new recordings are listed (the rest counted in More), and at
// most MaxActionItems open action items, taken from the new recordings.
const (
	MaxRecordings  = 20
	MaxActionItems = 20
	maxLineRunes   = 200
)

// Digest is one user's digest for the period from Since to Until.
type Digest struct {
	Since       time.Time    `json:"since"`
	Until       time.Time    `json:"until"`
	Recordings  []Recording  `json:"recordings"`
	More        int          `json:"more"` // new recordings beyond Recordings (at least this many)
	ActionItems []ActionItem `json:"actionItems"`
}

// Recording is one new recording: its title and the first sentence of its summary.
type Recording struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Summary string `json:"summary"`
}

// ActionItem is an open task and the recording it came from.
type ActionItem struct {
	RecordingID    string `json:"recordingId"`
	RecordingTitle string `json:"recordingTitle"`
	Title          string `json:"title"`
}

// Empty reports whether there is nothing to tell.
func (d Digest) Empty() bool { return len(d.Recordings) == 0 && len(d.ActionItems) == 0 }

// Library is what a digest reads of the user's recordings.
type Library interface {
	CreatedSince(ctx context.Context, uid string, since, until time.Time, max int) ([]string, bool, error)
	Detail(ctx context.Context, uid, id string) (recordings.Detail, error)
}

// untitled is how the app names a recording without a title.
const untitled = "Untitled Recording"

// Build reads uid's digest of the recordings created after since, up to now.
func Build(ctx context.Context, lib Library, uid string, since, now time.Time) (Digest, error) {
	d := Digest{Since: since.UTC(), Until: now.UTC(), Recordings: []Recording{}, ActionItems: []ActionItem{}}
	ids, more, err := lib.CreatedSince(ctx, uid, since, now, MaxRecordings)
	if err != nil {
		return d, err
	}
	if more {
		d.More = 1
	}
	for _, id := range ids {
		det, err := lib.Detail(ctx, uid, id)
		if err != nil {
			continue // deleted since it was listed
		}
		r := recordingOf(det)
		d.Recordings = append(d.Recordings, r)
		d.ActionItems = appendOpen(d.ActionItems, r, det)
	}
	return d, nil
}

func recordingOf(det recordings.Detail) Recording {
	title := loose.ReadRecording(det.Recording).Title
	if title == "" {
		title = untitled
	}
	return Recording{ID: det.ID, Title: title, Summary: FirstSentence(push.SummaryLine(det.Summarizations))}
}

// appendOpen adds the recording's open action items (subtasks included), up
// to MaxActionItems in all.
func appendOpen(out []ActionItem, r Recording, det recordings.Detail) []ActionItem {
	_, sum, ok := loose.FirstSummarization(det.Summarizations)
	if !ok {
		return out
	}
	var walk func([]loose.Task)
	walk = func(tasks []loose.Task) {
		for _, t := range tasks {
			if len(out) >= MaxActionItems {
				return
			}
			if !t.Completed && strings.TrimSpace(t.Title) != "" {
				out = append(out, ActionItem{RecordingID: r.ID, RecordingTitle: r.Title, Title: strings.TrimSpace(t.Title)})
			}
			walk(t.Subtasks)
		}
	}
	walk(loose.Tasks(loose.ActionItems(sum)))
	return out
}

// FirstSentence is the text up to and including the first '.', '!' or '?'
// followed by a space (or the end), cut to a line's length.
func FirstSentence(s string) string {
	s = strings.TrimSpace(s)
	r := []rune(s)
	for i, c := range r {
		if (c == '.' || c == '!' || c == '?') && (i+1 == len(r) || unicode.IsSpace(r[i+1])) {
			r = r[:i+1]
			break
		}
	}
	if len(r) > maxLineRunes {
		return strings.TrimSpace(string(r[:maxLineRunes-1])) + "…"
	}
	return string(r)
}
