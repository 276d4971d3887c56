// Package remote is the AI engine backed by an OpenAI-compatible model
// (pkg/llm): answers come from the model with a prompt grounded in the
// recording, summaries take the model's prose and action items and the local
// engine's mind maps. It is used when POCKET_LLM_URL is set.
package remote

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/local"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
	"github.com/pocket-companion/pocket/pkg/llm"
)

// Completer is what Engine needs of a model client (*llm.Client). Both
// answers and summaries are streamed: the client's idle timeout then tells a
// stuck model from a slow one.
type Completer interface {
	Stream(ctx context.Context, req llm.Request, onDelta func(string)) (string, error)
	Model() string
}

// Engine answers with an OpenAI-compatible model, grounded in the recording.
// Summaries take the model's prose and action items and the local engine's
// mind maps; if the model fails, the local summary is used whole.
type Engine struct {
	model Completer
	local *local.Engine
}

// New wraps a model client.
func New(model Completer) *Engine { return &Engine{model: model, local: local.New()} }

// Name identifies the engine.
func (e *Engine) Name() string { return "llm" }

// Answer asks the model and reads the transcript lines it cites as sources.
func (e *Engine) Answer(ctx context.Context, rec *engine.Recording, q engine.Question) (engine.Answer, error) {
	text, err := e.ask(ctx, groundedMessages(rec, q), q.OnDelta)
	if err != nil {
		return engine.Answer{}, err
	}
	clean, cited := citations(text, len(rec.Segments))
	var sources []engine.Source
	for _, i := range cited {
		sources = append(sources, engine.SourceOf(rec.Segments[i], ""))
	}
	if len(sources) == 0 {
		sources = matchingSources(rec, q.Text, clean)
	}
	return engine.Answer{Text: clean, Sources: sources}, nil
}

// ask streams the model's answer to msgs: a failure is ErrUnavailable (or
// the context's own error), and so is an empty answer.
func (e *Engine) ask(ctx context.Context, msgs []llm.Message, onDelta func(string)) (string, error) {
	text, err := e.model.Stream(ctx, llm.Request{Messages: msgs, Temperature: 0.2}, onDelta)
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		return "", fmt.Errorf("%w: %w", engine.ErrUnavailable, err)
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return "", fmt.Errorf("%w: the model returned an empty answer", engine.ErrUnavailable)
	}
	return text, nil
}

// reCite matches the model's line citations: [12], [#12], [12, 14].
var reCite = regexp.MustCompile(`\s?\[#?(\d{1,6}(?:\s*[,;]\s*#?\d{1,6})*)\]`)

// citations removes citation markers (the text already names speaker and
// time) and returns the cited lines that exist, in order, once each.
func citations(text string, segments int) (string, []int) {
	seen := map[int]bool{}
	var out []int
	for _, m := range reCite.FindAllStringSubmatch(text, -1) {
		for _, part := range regexp.MustCompile(`\d+`).FindAllString(m[1], -1) {
			if n, err := strconv.Atoi(part); err == nil && n >= 0 && n < segments && !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	sort.Ints(out)
	return strings.TrimSpace(reCite.ReplaceAllString(text, "")), out
}

// matchingSources are, when the model cited nothing, the passages retrieval
// ranks for the question that share words with the answer.
func matchingSources(rec *engine.Recording, question, answer string) []engine.Source {
	if strings.HasPrefix(answer, engine.NotFound) {
		return nil
	}
	words := map[string]bool{}
	for _, t := range nlp.Terms(answer) {
		words[t] = true
	}
	var out []engine.Source
	for _, seg := range local.RankSegments(rec, question) {
		shared := 0
		for _, t := range nlp.Terms(rec.Segments[seg].Text) {
			if words[t] {
				shared++
			}
		}
		if shared >= 3 {
			out = append(out, engine.SourceOf(rec.Segments[seg], ""))
		}
		if len(out) == 3 {
			break
		}
	}
	return out
}

// Summarize asks the model for title, description, markdown and action items
// and keeps the local engine's maps.
func (e *Engine) Summarize(ctx context.Context, rec *engine.Recording, how engine.SummaryOptions) (engine.Summary, error) {
	base, err := e.local.Summarize(ctx, rec, how)
	if err != nil {
		return engine.Summary{}, err
	}
	parts, err := e.modelSummary(ctx, rec, how)
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return engine.Summary{}, err
		}
		base.GeneratedBy = "local (model unavailable: " + nlp.Shorten(err.Error(), 160) + ")"
		return base, nil
	}
	parts.apply(&base)
	base.GeneratedBy = "llm:" + e.model.Model()
	return base, nil
}
