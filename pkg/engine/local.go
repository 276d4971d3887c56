package engine

import (
	"context"
	"strings"
)

// Local is the built-in engine: retrieval and extraction over the recording,
// no network, no model weights, deterministic. It is safe for concurrent use.
type Local struct{}

// NewLocal returns the local engine.
func NewLocal() *Local { return &Local{} }

// Name identifies the engine.
func (*Local) Name() string { return "local" }

// Answer replies from the recording alone: the presets' whole-recording
// requests by extraction, anything else by ranking transcript passages.
func (*Local) Answer(ctx context.Context, rec *Recording, q Question) (Answer, error) {
	if err := ctx.Err(); err != nil {
		return Answer{}, err
	}
	if len(rec.Segments) == 0 && len(rec.Summary) == 0 && len(rec.ActionItems) == 0 {
		return Answer{Text: "This recording has no transcript or summary yet, so there is nothing I can answer from."}, nil
	}
	var a Answer
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
func answerQuestion(rec *Recording, q Question) Answer {
	aq := analyse(q.Text)
	if len(aq.own()) == 0 {
		if prev := previousQuestion(q.History); prev != "" {
			aq = analyse(q.Text + " " + prev)
		} else {
			return Answer{Text: "Ask me anything about this recording, for example what was decided, who is doing what, or when something is due. " +
				"You can also tap a suggestion to list the to-dos, draft a follow-up email or list the questions asked."}
		}
	} else if len(aq.own()) <= 1 && isFollowUp(q.Text) {
		if prev := previousQuestion(q.History); prev != "" {
			aq = analyse(q.Text + " " + prev)
		}
	}
	return answerByRetrieval(rec, aq)
}

func previousQuestion(history []Turn) string {
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
