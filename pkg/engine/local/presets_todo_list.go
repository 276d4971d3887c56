package local

import (
	"fmt"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
	"github.com/pocket-companion/pocket/pkg/loose"
)

// maxListed bounds list answers so a chat bubble stays readable.
const maxListed = 12

// listTodo answers "List to-do": the recording's action items with their
// priorities and subtasks, each tied to where it was said; without action
// items, the commitments people made in the conversation.
func listTodo(rec *engine.Recording) engine.Answer {
	if len(rec.ActionItems) > 0 {
		return listActionItems(rec)
	}
	cs := newDoc(rec).commitments()
	if len(cs) == 0 {
		return engine.Answer{Text: "I couldn't find any to-dos in this recording: it has no action items, and nobody said they would do something."}
	}
	var b strings.Builder
	var sources []engine.Source
	b.WriteString("This recording has no action-item list, but these commitments were made in the conversation:\n")
	for i, c := range cs[:min(len(cs), maxListed)] {
		fmt.Fprintf(&b, "\n%d. **%s**", i+1, c.title)
		details := []string{engine.PriorityLabel(c.priority) + " priority"}
		if c.owner != "" {
			details = append(details, "owner: "+c.owner)
		}
		if c.due != "" {
			details = append(details, "due: "+c.due)
		}
		fmt.Fprintf(&b, " (%s)\n   %s at %s: \"%s\"", strings.Join(details, ", "), c.speakerName(), engine.Clock(c.start), nlp.Shorten(c.text, quoteRunes))
		sources = append(sources, engine.SourceOf(rec.Segments[c.seg], c.text))
	}
	return engine.Answer{Text: b.String(), Sources: sources}
}

func (c commitment) speakerName() string {
	if c.speaker == "" {
		return "Someone"
	}
	return c.speaker
}

func listActionItems(rec *engine.Recording) engine.Answer {
	ix := newIndex(rec)
	var b strings.Builder
	var sources []engine.Source
	open := 0
	for _, t := range rec.ActionItems {
		if !t.Completed {
			open++
		}
	}
	fmt.Fprintf(&b, "Here are the action items from this recording (%d, %d still open):\n", len(rec.ActionItems), open)
	for i, t := range rec.ActionItems[:min(len(rec.ActionItems), maxListed)] {
		fmt.Fprintf(&b, "\n%d. %s", i+1, taskLine(t, "Untitled Task"))
		if t.Description != "" {
			fmt.Fprintf(&b, "\n   %s", t.Description)
		}
		for _, sub := range t.Subtasks {
			fmt.Fprintf(&b, "\n   - %s", taskLine(sub, "Untitled Subtask"))
			for _, subsub := range sub.Subtasks {
				fmt.Fprintf(&b, "\n     - %s", taskLine(subsub, "Untitled Sub-subtask"))
			}
		}
		if seg, ok := ix.sourceFor(t.Title + ". " + t.Description); ok {
			s := rec.Segments[seg]
			fmt.Fprintf(&b, "\n   Mentioned by %s at %s.", engine.Who(s), engine.Clock(s.Start))
			sources = append(sources, engine.SourceOf(s, ""))
		}
	}
	if len(rec.ActionItems) > maxListed {
		fmt.Fprintf(&b, "\n\n…and %d more in the Actionable tab.", len(rec.ActionItems)-maxListed)
	}
	return engine.Answer{Text: b.String(), Sources: sources}
}

// taskLine is "**Title** — High priority" with a done mark.
func taskLine(t loose.Task, placeholder string) string {
	title := t.Title
	if title == "" {
		title = placeholder
	}
	line := fmt.Sprintf("**%s** — %s priority", title, engine.PriorityLabel(t.Priority))
	if t.Completed {
		line += " (done)"
	}
	return line
}

// sourceFor finds the segment that best says text, if one says enough of it.
func (ix *index) sourceFor(text string) (int, bool) {
	ts := map[string]bool{}
	for _, t := range nlp.Terms(text) {
		ts[t] = true
	}
	sup := ix.supportOf(ts)
	if len(sup) == 0 || sup[0].sim < 0.3 {
		return 0, false
	}
	return sup[0].seg, true
}
