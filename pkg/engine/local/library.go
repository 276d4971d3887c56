package local

import (
	"context"
	"fmt"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// libraryCited is how many passages a library answer quotes: enough to show
// where else a topic came up, few enough to read at a glance.
const libraryCited = 3

// AnswerLibrary answers a question across recordings by quoting the best
// passages retrieval found, each with its recording, speaker and time, and
// citing them. Passages arrive best first and are all the engine reads.
func (*Engine) AnswerLibrary(ctx context.Context, passages []engine.Passage, q engine.Question) (engine.Answer, error) {
	if err := ctx.Err(); err != nil {
		return engine.Answer{}, err
	}
	var a engine.Answer
	picked := pickPassages(passages, libraryCited)
	if len(picked) == 0 {
		a.Text = engine.LibraryNotFound + " Try other words, or ask about one recording from its own Ask Pocket."
	} else {
		recs := map[string]bool{}
		for _, p := range picked {
			recs[p.RecordingID] = true
		}
		var b strings.Builder
		if len(recs) == 1 {
			fmt.Fprintf(&b, "From **%s**:\n", picked[0].Title)
		} else {
			fmt.Fprintf(&b, "From %d of your recordings:\n", len(recs))
		}
		terms := map[string]bool{}
		for _, t := range nlp.Terms(q.Text) {
			terms[t] = true
		}
		for _, p := range picked {
			b.WriteString("\n- ")
			b.WriteString(passageLine(p, terms, len(recs) > 1))
			src := engine.Cite(p)
			src.Quote = bestSentence(citedText(p), terms)
			a.Sources = append(a.Sources, src)
		}
		a.Text = b.String()
	}
	if q.OnDelta != nil {
		q.OnDelta(a.Text)
	}
	return a, nil
}

// pickPassages keeps up to n passages, best first, leaving out one that
// shares a line with a window already kept.
func pickPassages(passages []engine.Passage, n int) []engine.Passage {
	var out []engine.Passage
	for _, p := range passages {
		overlaps := false
		for _, o := range out {
			if o.RecordingID == p.RecordingID && sharesLine(o, p) {
				overlaps = true
			}
		}
		if !overlaps {
			out = append(out, p)
		}
		if len(out) == n {
			break
		}
	}
	return out
}

func sharesLine(a, b engine.Passage) bool {
	for _, x := range a.Lines {
		for _, y := range b.Lines {
			if x.Index == y.Index {
				return true
			}
		}
	}
	return false
}

// citedText is the line a passage's citation points at, or the passage.
func citedText(p engine.Passage) string {
	for _, l := range p.Lines {
		if l.Index == p.SegmentIndex {
			return l.Text
		}
	}
	return p.Text
}

// passageLine is one bullet: where it was said and the sentence that matters.
func passageLine(p engine.Passage, terms map[string]bool, withTitle bool) string {
	where := ""
	if withTitle {
		where = "**" + p.Title + "**"
	}
	switch {
	case p.Kind == engine.PassageSummary && withTitle:
		where += " (summary)"
	case p.Kind == engine.PassageSummary:
		where = "In the summary"
	case p.Speaker != "":
		where = strings.TrimSpace(fmt.Sprintf("%s %s at %s", where, p.Speaker, engine.Clock(p.Start)))
	default:
		where = strings.TrimSpace(fmt.Sprintf("%s at %s", where, engine.Clock(p.Start)))
	}
	return where + ": “" + bestSentence(citedText(p), terms) + "”"
}

// bestSentence is the passage's sentence sharing most of the question's
// words (the first on a tie), shortened to a quote.
func bestSentence(text string, terms map[string]bool) string {
	best, bestN := "", -1
	for _, s := range nlp.Sentences(text) {
		n := 0
		for _, t := range nlp.Terms(s) {
			if terms[t] {
				n++
			}
		}
		if n > bestN {
			best, bestN = s, n
		}
	}
	if best == "" {
		best = text
	}
	return nlp.Shorten(best, 240)
}
