package remote

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/local"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
	"github.com/pocket-companion/pocket/pkg/llm"
)

// Prompt budgets, in characters (about four per token): small enough for an
// 8k-token local model with room for the answer.
const (
	transcriptBudget = 20000
	summaryBudget    = 3000
	historyTurns     = 6
	historyRunes     = 1000
)

const systemPrompt = `You are Pocket, an assistant that answers questions about one recorded conversation.
Answer only from the recording below: its transcript, summary and action items. Do not use outside knowledge.
When you use a transcript line, name the speaker and the time as m:ss, and cite the line number in square brackets, like [12].
If the recording does not contain the answer, say plainly: "` + engine.NotFound + `"
Answer in English. Be concise; use short bullet lists for lists. Do not use HTML.`

// groundedMessages builds the chat for a question: instructions, the
// recording (the passages that matter most when it is too long to send
// whole), the conversation so far, and the question.
func groundedMessages(rec *engine.Recording, q engine.Question) []llm.Message {
	msgs := []llm.Message{{Role: "system", Content: systemPrompt + "\n\n" + recordingContext(rec, q.Text)}}
	msgs = append(msgs, historyMessages(q.History)...)
	return append(msgs, llm.Message{Role: "user", Content: q.Text})
}

// historyMessages are the conversation's last turns, each shortened.
func historyMessages(history []engine.Turn) []llm.Message {
	if len(history) > historyTurns {
		history = history[len(history)-historyTurns:]
	}
	var msgs []llm.Message
	for _, t := range history {
		if t.Role == "user" || t.Role == "assistant" {
			msgs = append(msgs, llm.Message{Role: t.Role, Content: nlp.Shorten(t.Content, historyRunes)})
		}
	}
	return msgs
}

// recordingContext renders the recording for the model.
func recordingContext(rec *engine.Recording, question string) string {
	var b strings.Builder
	b.WriteString("# Recording\n")
	if rec.Title != "" {
		fmt.Fprintf(&b, "Title: %s\n", rec.Title)
	}
	if !rec.RecordedAt.IsZero() {
		fmt.Fprintf(&b, "Recorded: %s\n", rec.RecordedAt.Format("Monday, January 2, 2006 15:04 MST"))
	}
	if len(rec.Speakers) > 0 {
		fmt.Fprintf(&b, "Speakers: %s\n", strings.Join(rec.Speakers, ", "))
	}
	if s := outlineText(rec); s != "" {
		fmt.Fprintf(&b, "\n# Summary\n%s\n", nlp.Shorten(s, summaryBudget))
	}
	if len(rec.ActionItems) > 0 {
		b.WriteString("\n# Action items\n")
		for _, t := range rec.AllTasks() {
			fmt.Fprintf(&b, "- %s (%s priority)\n", t.Title, engine.PriorityLabel(t.Priority))
		}
	}
	b.WriteString("\n# Transcript (line number, time, speaker)\n")
	b.WriteString(transcriptExcerpt(rec, question, transcriptBudget))
	return b.String()
}

func outlineText(rec *engine.Recording) string {
	var b strings.Builder
	for _, sec := range rec.Summary {
		if sec.Title != "" {
			fmt.Fprintf(&b, "## %s\n", sec.Title)
		}
		for _, p := range sec.Points {
			fmt.Fprintf(&b, "- %s\n", p)
		}
	}
	return b.String()
}

func transcriptLine(s engine.Segment) string {
	return fmt.Sprintf("[%d] %s %s: %s\n", s.Index, engine.Clock(s.Start), engine.Who(s), s.Text)
}

// transcriptExcerpt is the whole transcript when it fits; otherwise the
// passages retrieval ranks highest for the question, each with its
// neighbours, in spoken order, with gaps marked.
func transcriptExcerpt(rec *engine.Recording, question string, budget int) string {
	var whole strings.Builder
	for _, s := range rec.Segments {
		whole.WriteString(transcriptLine(s))
	}
	if whole.Len() <= budget {
		return whole.String()
	}
	budget = budget * 95 / 100 // room for the gap marks
	keep := map[int]bool{}
	used := 0
	for _, seg := range local.RankSegments(rec, question) {
		for i := max(0, seg-1); i <= min(len(rec.Segments)-1, seg+1); i++ {
			if !keep[i] {
				n := len(transcriptLine(rec.Segments[i]))
				if used+n > budget {
					continue
				}
				keep[i], used = true, used+n
			}
		}
		if used >= budget*9/10 {
			break
		}
	}
	for i := 0; used < budget && i < len(rec.Segments); i++ { // fill with the start for context
		if n := len(transcriptLine(rec.Segments[i])); !keep[i] && used+n <= budget {
			keep[i], used = true, used+n
		}
	}
	idx := make([]int, 0, len(keep))
	for i := range keep {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	var b strings.Builder
	for k, i := range idx {
		if k > 0 && idx[k-1] != i-1 {
			b.WriteString("…\n")
		}
		b.WriteString(transcriptLine(rec.Segments[i]))
	}
	return b.String()
}
