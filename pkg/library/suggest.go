package library

import (
	"context"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// Suggested questions for "Ask about all recordings": drawn from the
// asker's own library (their newest recordings, the people who speak most
// in it, their open action items), never fixed examples about recordings
// they may not have.

// Library is what suggestions read of the recordings domain, the owner's only.
type Library interface {
	Dashboard(ctx context.Context, uid string, q recordings.DashboardQuery) (recordings.Page, error)
	People(ctx context.Context, uid string) ([]recordings.Person, error)
	Detail(ctx context.Context, uid, id string) (recordings.Detail, error)
}

// Suggestion kinds.
const (
	SuggestRecent = "recent" // about one of the newest recordings
	SuggestPerson = "person" // about someone who speaks in the library
	SuggestAction = "action" // about an open action item
)

// Suggestion is one question to offer; RecordingID names the recording it is
// about, if one.
type Suggestion struct {
	Text        string `json:"text"`
	Kind        string `json:"kind"`
	RecordingID string `json:"recordingId,omitempty"`
}

// How much of the library suggestions read, and how many of each kind.
const (
	suggestRecordings = 10 // the newest, read in full for their action items
	suggestEach       = 2
	suggestTitleRunes = 60
)

// Suggester makes suggested questions from a library.
type Suggester struct{ lib Library }

// NewSuggester builds a suggester over the recordings domain.
func NewSuggester(lib Library) *Suggester { return &Suggester{lib: lib} }

// Suggest returns up to six questions about uid's library, one of each kind
// in turn; none for an empty library.
func (s *Suggester) Suggest(ctx context.Context, uid string) ([]Suggestion, error) {
	page, err := s.lib.Dashboard(ctx, uid, recordings.DashboardQuery{Limit: suggestRecordings, Flags: recordings.Listed()})
	if err != nil {
		return nil, err
	}
	var recent, actions []Suggestion
	for _, item := range page.Data {
		obj, _ := loose.ParseObject(item)
		d, err := s.lib.Detail(ctx, uid, loose.Text(obj.Get("id")))
		if err != nil {
			continue // deleted since the page was read
		}
		rec := engine.NewRecording(engine.Stored{ID: d.ID, Recording: d.Recording, Speakers: d.Speakers, Summarizations: d.Summarizations, Transcription: d.Transcription})
		if title := clipped(rec.Title); title != "" && len(recent) < suggestEach {
			recent = append(recent, Suggestion{Text: recentQuestion(len(recent), title), Kind: SuggestRecent, RecordingID: rec.ID})
		}
		for _, task := range rec.AllTasks() {
			if title := clipped(task.Title); !task.Completed && title != "" && len(actions) < suggestEach {
				actions = append(actions, Suggestion{Text: "What is the status of “" + title + "”?", Kind: SuggestAction, RecordingID: rec.ID})
			}
		}
	}
	people, err := s.lib.People(ctx, uid)
	if err != nil {
		return nil, err
	}
	var persons []Suggestion
	for _, p := range people[:min(suggestEach, len(people))] {
		persons = append(persons, Suggestion{Text: "What did " + p.Name + " talk about?", Kind: SuggestPerson})
	}
	return interleave(recent, persons, actions), nil
}

func recentQuestion(i int, title string) string {
	if i == 0 {
		return "What was decided in “" + title + "”?"
	}
	return "What were the key points of “" + title + "”?"
}

// clipped is a title fit for a question: one line, at most suggestTitleRunes.
func clipped(s string) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) > suggestTitleRunes {
		return strings.TrimSpace(string(r[:suggestTitleRunes-1])) + "…"
	}
	return string(r)
}

// interleave takes one of each list in turn, leaving out repeats.
func interleave(lists ...[]Suggestion) []Suggestion {
	out := []Suggestion{}
	seen := map[string]bool{}
	for i := 0; i < suggestEach; i++ {
		for _, l := range lists {
			if i < len(l) && !seen[l[i].Text] {
				seen[l[i].Text] = true
				out = append(out, l[i])
			}
		}
	}
	return out
}
