package remote

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
	"github.com/pocket-companion/pocket/pkg/llm"
)

const summaryPrompt = `You summarise one recorded conversation for its owner. Use only what the transcript says.
Reply with one JSON object and nothing else, with these fields:
  "title": a short title (at most 8 words),
  "description": one sentence saying who talked about what,
  "summary_markdown": a markdown summary with at least two sections, each starting with a "## " heading (for example "## Overview", "## Key points", "## Decisions", "## Next steps"), bullets under each,
  "action_items": a list of {"title": imperative task, "description": who and when if said, "priority": one of "CRITICAL","HIGH","MEDIUM","LOW" by urgency, "subtasks": list of short strings}.`

// templatePrompt replaces summary_markdown when a template gives the
// sections: the model fills each, and the headings are written here, so the
// summary has exactly the template's sections in its order.
const templatePrompt = `Instead of "summary_markdown", give "sections": a list with one markdown string per section below, in this order, without the heading itself (bullets or a short paragraph).
If the transcript holds nothing for a section, its string is exactly: %q
Sections:
`

// modelSummary is the model's part of a summary, already checked.
type modelSummary struct {
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Markdown    string   `json:"summary_markdown"`
	Sections    []string `json:"sections"`
	ActionItems []struct {
		Title       string   `json:"title"`
		Description string   `json:"description"`
		Priority    string   `json:"priority"`
		Subtasks    []string `json:"subtasks"`
	} `json:"action_items"`
}

// summarySystemPrompt is the summary prompt for how: the template's sections when
// it names one, and the output language.
func summarySystemPrompt(how engine.SummaryOptions) string {
	var b strings.Builder
	b.WriteString(summaryPrompt)
	if t := how.Template; t != nil {
		b.WriteString("\n")
		fmt.Fprintf(&b, templatePrompt, engine.NothingFits)
		for i, sec := range t.Sections {
			fmt.Fprintf(&b, "%d. %s: %s\n", i+1, sec.Heading, sec.Instruction)
		}
	}
	if how.Language != "" {
		fmt.Fprintf(&b, "\nWrite every text field in the language whose BCP 47 tag is %q.", how.Language)
	} else {
		b.WriteString("\nWrite in the language of the transcript.")
	}
	return b.String()
}

func (e *Engine) modelSummary(ctx context.Context, rec *engine.Recording, how engine.SummaryOptions) (modelSummary, error) {
	req := llm.Request{
		Messages: []llm.Message{
			{Role: "system", Content: summarySystemPrompt(how)},
			{Role: "user", Content: recordingContext(withoutStoredSummary(rec), "")},
		},
		Temperature: 0.2,
		JSON:        true,
	}
	// Streamed, so a slow model that keeps producing is not cut off by a
	// whole-request timeout; a stuck one still is, by the idle timeout.
	text, err := e.model.Stream(ctx, req, nil)
	if err != nil {
		return modelSummary{}, err
	}
	var m modelSummary
	if err := json.Unmarshal([]byte(jsonObject(text)), &m); err != nil {
		return modelSummary{}, fmt.Errorf("the model's summary is not the JSON asked for: %w", err)
	}
	if how.Template != nil {
		return m.withSections(how.Template.Sections)
	}
	if strings.Count(m.Markdown, "\n## ")+boolInt(strings.HasPrefix(m.Markdown, "## ")) < 2 {
		return modelSummary{}, fmt.Errorf("the model's summary has fewer than two sections")
	}
	return m, nil
}

// withSections writes the markdown from the model's section texts under the
// template's headings; a reply with another number of sections is refused
// (the local engine's templated summary is used instead).
func (m modelSummary) withSections(secs []engine.TemplateSection) (modelSummary, error) {
	if len(m.Sections) != len(secs) {
		return m, fmt.Errorf("the model gave %d sections for a template of %d", len(m.Sections), len(secs))
	}
	var b strings.Builder
	for i, sec := range secs {
		body := withoutHeadings(m.Sections[i])
		if body == "" {
			body = engine.NothingFits
		}
		fmt.Fprintf(&b, "## %s\n%s\n\n", strings.Join(strings.Fields(sec.Heading), " "), body)
	}
	m.Markdown = b.String()
	return m, nil
}

// apply puts the model's prose and tasks into a summary that already has the
// local maps; empty or malformed fields keep the local version.
func (m modelSummary) apply(s *engine.Summary) {
	if t := strings.TrimSpace(m.Title); t != "" {
		s.Title = nlp.Shorten(t, 80)
	}
	if d := strings.TrimSpace(m.Description); d != "" {
		s.Description = nlp.Shorten(d, 300)
	}
	s.Markdown = strings.TrimSpace(m.Markdown) + "\n"
	var items []engine.ActionItem
	for _, it := range m.ActionItems {
		title := strings.TrimSpace(it.Title)
		if title == "" {
			continue
		}
		id := fmt.Sprintf("a%d", len(items)+1)
		item := engine.ActionItem{ID: id, Title: nlp.Shorten(title, 160), Description: nlp.Shorten(strings.TrimSpace(it.Description), 500),
			Priority: engine.NormalPriority(it.Priority), Subtasks: []engine.Subtask{}}
		for j, sub := range it.Subtasks {
			if sub = strings.TrimSpace(sub); sub != "" {
				item.Subtasks = append(item.Subtasks, engine.Subtask{ID: fmt.Sprintf("%ss%d", id, j+1), Title: nlp.Shorten(sub, 160), Priority: item.Priority, SubSubtasks: []engine.SubSubtask{}})
			}
		}
		items = append(items, item)
	}
	if len(items) > 0 || len(m.ActionItems) == 0 {
		s.ActionItems = items
	}
}

// jsonObject cuts the outermost {...} out of a reply, as models sometimes
// wrap JSON in prose or code fences despite being asked not to.
func jsonObject(text string) string {
	start, end := strings.Index(text, "{"), strings.LastIndex(text, "}")
	if start < 0 || end < start {
		return text
	}
	return text[start : end+1]
}

func withoutStoredSummary(rec *engine.Recording) *engine.Recording {
	c := *rec
	c.Summary, c.ActionItems = nil, nil
	return &c
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// withoutHeadings makes any heading line of a section's text plain, so the
// template's headings stay the summary's only ones.
func withoutHeadings(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i, l := range lines {
		if t := strings.TrimLeft(l, " "); strings.HasPrefix(t, "#") {
			lines[i] = strings.TrimSpace(strings.TrimLeft(t, "#"))
		}
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
