// Package local is the built-in AI engine, the default: it answers and
// summarises from the recording alone, by retrieval (BM25 over transcript
// lines, weighted by what kind of answer a question wants) and extraction
// (key sentences by centrality, topics by vocabulary shifts, commitments as
// action items), with no network and no model weights. The remote engine
// uses its retrieval and its mind maps too.
package local

import (
	"context"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
)

// Engine is the built-in engine: retrieval and extraction over the recording,
// no network, no model weights, deterministic. It is safe for concurrent use.
type Engine struct{}

// New returns the local engine.
func New() *Engine { return &Engine{} }

// Name identifies the engine.
func (*Engine) Name() string { return "local" }

// Answer replies from the recording alone: the presets' whole-recording
// requests by extraction, anything else by ranking transcript passages.
func (*Engine) Answer(ctx context.Context, rec *engine.Recording, q engine.Question) (engine.Answer, error) {
	if err := ctx.Err(); err != nil {
		return engine.Answer{}, err
	}
	if len(rec.Segments) == 0 && len(rec.Summary) == 0 && len(rec.ActionItems) == 0 {
		return engine.Answer{Text: "This recording has no transcript or summary yet, so there is nothing I can answer from."}, nil
	}
	var a engine.Answer
	switch detectIntent(q.Text) {
	case intentTodo:
		a = listTodo(rec)
	case intentEmail:
		a = followUpEmail(rec)
	case intentQuestions:
		a = listQuestions(rec)
	case intentSummary:
		a = mainPoints(rec)
	case intentTopics:
		a = topicsDiscussed(rec)
	case intentDecisions:
		a = decisionsMade(rec)
	default:
		a = answerQuestion(rec, q)
	}
	if q.OnDelta != nil {
		q.OnDelta(a.Text)
	}
	return a, nil
}

// answerQuestion ranks passages for a free-form question. A short follow-up
// ("and when?") borrows the words of the previous question, so it is asked
// about the same thing.
func answerQuestion(rec *engine.Recording, q engine.Question) engine.Answer {
	aq := analyse(q.Text)
	if len(aq.own()) == 0 {
		if prev := previousQuestion(q.History); prev != "" {
			aq = analyse(q.Text + " " + prev)
		} else {
			return engine.Answer{Text: "Ask me anything about this recording, for example what was decided, who is doing what, or when something is due. " +
				"You can also tap a suggestion to list the to-dos, draft a follow-up email or list the questions asked."}
		}
	} else if len(aq.own()) <= 1 && isFollowUp(q.Text) {
		if prev := previousQuestion(q.History); prev != "" {
			aq = analyse(q.Text + " " + prev)
		}
	}
	return answerByRetrieval(rec, aq)
}

func previousQuestion(history []engine.Turn) string {
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Role == "user" && detectIntent(history[i].Content) == intentNone {
			return history[i].Content
		}
	}
	return ""
}

// isFollowUp recognises messages that lean on the previous one.
func isFollowUp(text string) bool {
	lower := strings.ToLower(strings.TrimSpace(text))
	for _, p := range []string{"and ", "what about", "how about", "why", "when", "who", "where", "how much", "how many"} {
		if strings.HasPrefix(lower, p) {
			return true
		}
	}
	return strings.Contains(lower, " it") || strings.Contains(lower, " that") || strings.Contains(lower, " they") || strings.Contains(lower, " he ") || strings.Contains(lower, " she ")
}
