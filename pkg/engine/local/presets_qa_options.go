package local

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// asked is a question someone asked in the conversation, with the reply that
// followed when someone else gave one.
type asked struct {
	sentence
	answer *engine.Segment
}

// checkIns are questions in form that ask nothing a reader would list.
var checkIns = regexp.MustCompile(`(?i)^(sound good|sounds good|does that work|does that make sense|make sense|anything else|any questions|any other questions|right|okay|ok|ready|you there|can you hear me|everyone good|all good|got it|yes|no|really)\??$`)

// substantive: a wh-question needs one content word ("Why is it off by
// default?"), a yes/no question two, and check-ins are out.
func substantive(s sentence) bool {
	text := strings.TrimSpace(trimFiller(s.text))
	if checkIns.MatchString(text) {
		return false
	}
	if whWord(text) != "" {
		return len(s.terms) >= 1
	}
	return len(s.terms) >= 2
}

// questionsAsked finds the questions of the conversation, in order. The
// reply is the next turn, by someone else, when the question ends its turn
// or nearly (the asker may add a sentence of context).
func (d *doc) questionsAsked() []asked {
	var out []asked
	segs := d.rec.Segments
	for i, s := range d.sents {
		if !isQuestion(s.text) || !substantive(s) {
			continue
		}
		q := asked{sentence: s}
		after := 0 // sentences the asker says after the question, same turn
		for j := i + 1; j < len(d.sents) && d.sents[j].seg == s.seg; j++ {
			after++
		}
		if next := s.seg + 1; after <= 1 && next < len(segs) && segs[next].Speaker != segs[s.seg].Speaker {
			q.answer = &segs[next]
		}
		out = append(out, q)
	}
	return out
}

// listQuestions answers "List Q&A options": the questions asked, who asked
// and when, and the answer that followed.
func listQuestions(rec *engine.Recording) engine.Answer {
	qs := newDoc(rec).questionsAsked()
	if len(qs) == 0 {
		return engine.Answer{Text: "Nobody asked a question in this recording that I could find."}
	}
	shown := qs
	if len(qs) > maxListed {
		shown = mostSubstantial(qs, maxListed)
	}
	var b strings.Builder
	var sources []engine.Source
	fmt.Fprintf(&b, "Questions raised in this conversation (%d):\n", len(qs))
	for i, q := range shown {
		fmt.Fprintf(&b, "\n%d. %s at %s: \"%s\"", i+1, orSomeone(q.speaker), engine.Clock(q.start), trimFiller(q.text))
		sources = append(sources, engine.SourceOf(rec.Segments[q.seg], q.text))
		if q.answer == nil {
			b.WriteString("\n   No direct answer followed.")
			continue
		}
		reply := firstSentences(q.answer.Text, 2)
		fmt.Fprintf(&b, "\n   %s answered at %s: \"%s\"", engine.Who(*q.answer), engine.Clock(q.answer.Start), reply)
		sources = append(sources, engine.SourceOf(*q.answer, reply))
	}
	if len(shown) < len(qs) {
		fmt.Fprintf(&b, "\n\nShowing the %d most substantial of %d questions.", len(shown), len(qs))
	}
	return engine.Answer{Text: b.String(), Sources: sources}
}

// mostSubstantial keeps the n questions with the most content words, in the
// order they were asked.
func mostSubstantial(qs []asked, n int) []asked {
	idx := make([]int, len(qs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return len(qs[idx[a]].terms) > len(qs[idx[b]].terms) })
	idx = idx[:n]
	sort.Ints(idx)
	out := make([]asked, n)
	for i, j := range idx {
		out[i] = qs[j]
	}
	return out
}

func firstSentences(text string, n int) string {
	ss := nlp.Sentences(text)
	if len(ss) > n {
		ss = ss[:n]
	}
	return nlp.Shorten(strings.Join(ss, " "), quoteRunes)
}

func orSomeone(name string) string {
	if name == "" {
		return "Someone"
	}
	return name
}
