package remote

import (
	"context"
	"fmt"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
	"github.com/pocket-companion/pocket/pkg/llm"
)

// libraryBudget bounds the passages sent, in characters, like the
// single-recording transcript budget.
const libraryBudget = 12000

const librarySystemPrompt = `You are Pocket, an assistant that answers questions about a person's recorded conversations.
Answer only from the numbered passages below, taken from their recordings. Do not use outside knowledge.
Cite every passage you use with its number in square brackets, like [2]; name the recording when it helps.
If the passages do not contain the answer, say plainly: "` + engine.LibraryNotFound + `"
Answer in English. Be concise; use short bullet lists for lists. Do not use HTML.`

// AnswerLibrary asks the model with the retrieved passages as its only
// ground; the passages it cites by number become the answer's sources.
func (e *Engine) AnswerLibrary(ctx context.Context, passages []engine.Passage, q engine.Question) (engine.Answer, error) {
	sent := passages
	msgs := []llm.Message{{Role: "system", Content: librarySystemPrompt + "\n\n" + libraryContext(&sent)}}
	msgs = append(msgs, historyMessages(q.History)...)
	msgs = append(msgs, llm.Message{Role: "user", Content: q.Text})
	text, err := e.ask(ctx, msgs, q.OnDelta)
	if err != nil {
		return engine.Answer{}, err
	}
	// Passages are numbered from 1 for the model; citations() reads numbers
	// as they are, so number 0 (never shown) is dropped.
	clean, cited := citations(text, len(sent)+1)
	var sources []engine.Source
	for _, n := range cited {
		if n >= 1 {
			sources = append(sources, engine.Cite(sent[n-1]))
		}
	}
	return engine.Answer{Text: clean, Sources: sources}, nil
}

// libraryContext numbers the passages for the model, best first, keeping as
// many as fit the budget (and trimming *passages to those sent).
func libraryContext(passages *[]engine.Passage) string {
	var b strings.Builder
	b.WriteString("# Passages\n")
	for i, p := range *passages {
		where := p.Title
		if p.Kind == engine.PassageSummary {
			where += ", summary"
		} else {
			where += ", " + engine.Clock(p.Start)
			if p.Speaker != "" {
				where += ", " + p.Speaker
			}
		}
		line := fmt.Sprintf("[%d] (%s) %s\n", i+1, where, nlp.Shorten(p.Text, 1200))
		if b.Len()+len(line) > libraryBudget && i > 0 {
			*passages = (*passages)[:i]
			break
		}
		b.WriteString(line)
	}
	return b.String()
}
