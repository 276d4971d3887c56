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
  "action_items": a list of {"title": imperative task, "description": who and when if said, "priority": one of "CRITICAL","HIGH","MEDIUM","LOW" by urgency, "subtasks": list of short strings}.
Write in English.`

// modelSummary is the model's part of a summary, already checked.
type modelSummary struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Markdown    string `json:"summary_markdown"`
	ActionItems []struct {
		Title       string   `json:"title"`
		Description string   `json:"description"`
		Priority    string   `json:"priority"`
		Subtasks    []string `json:"subtasks"`
	} `json:"action_items"`
}

func (e *Engine) modelSummary(ctx context.Context, rec *engine.Recording) (modelSummary, error) {
	req := llm.Request{
		Messages: []llm.Message{
			{Role: "system", Content: summaryPrompt},
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
	if strings.Count(m.Markdown, "\n## ")+boolInt(strings.HasPrefix(m.Markdown, "## ")) < 2 {
		return modelSummary{}, fmt.Errorf("the model's summary has fewer than two sections")
	}
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
