package local

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// mainPoints answers "Summarize the main points": the summary's sections and
// points when the recording has a summary, else the transcript's key
// sentences by centrality, each with who said it and when.
func mainPoints(rec *engine.Recording) engine.Answer {
	if len(rec.Summary) > 0 {
		return summaryPoints(rec)
	}
	d := newDoc(rec)
	keys := d.keySentences(6)
	if len(keys) == 0 {
		return engine.Answer{Text: "This recording has no transcript or summary to take points from."}
	}
	var b strings.Builder
	var sources []engine.Source
	b.WriteString("Here are the main points of the conversation:\n")
	for _, s := range keys {
		seg := rec.Segments[s.seg]
		fmt.Fprintf(&b, "\n- %s (%s, %s)", nlp.Shorten(trimFiller(s.text), quoteRunes), engine.Who(seg), engine.Clock(s.start))
		sources = append(sources, engine.SourceOf(seg, s.text))
	}
	return engine.Answer{Text: b.String(), Sources: sources}
}

func summaryPoints(rec *engine.Recording) engine.Answer {
	ix := newIndex(rec)
	var b strings.Builder
	var sources []engine.Source
	b.WriteString("Here are the main points:\n")
	shown := 0
	for _, sec := range rec.Summary {
		if shown >= maxListed {
			break
		}
		if sec.Title != "" {
			fmt.Fprintf(&b, "\n**%s**", sec.Title)
		}
		for _, p := range sec.Points[:min(len(sec.Points), 3)] {
			fmt.Fprintf(&b, "\n- %s", nlp.Shorten(p, 300))
			shown++
			if seg, ok := ix.sourceFor(sec.Title + ". " + p); ok {
				sources = append(sources, engine.SourceOf(rec.Segments[seg], ""))
			}
		}
		b.WriteString("\n")
	}
	return engine.Answer{Text: strings.TrimRight(b.String(), "\n"), Sources: dedupeSources(sources)}
}

// topicsDiscussed answers "What was discussed?": the topics in the order they
// came up, with when and a representative line.
func topicsDiscussed(rec *engine.Recording) engine.Answer {
	d := newDoc(rec)
	topics := d.topics()
	if len(topics) == 0 {
		if len(rec.Summary) > 0 {
			return summaryPoints(rec)
		}
		return engine.Answer{Text: "This recording has no transcript to tell what was discussed."}
	}
	var b strings.Builder
	var sources []engine.Source
	fmt.Fprintf(&b, "The conversation covered %d topic%s:\n", len(topics), plural(len(topics)))
	for i, t := range topics {
		key := t.key
		seg := rec.Segments[key.seg]
		fmt.Fprintf(&b, "\n%d. **%s** (from %s): %s said \"%s\"", i+1, nlp.Capitalise(t.label), engine.Clock(t.start), engine.Who(seg), nlp.Shorten(trimFiller(key.text), 200))
		sources = append(sources, engine.SourceOf(seg, key.text))
	}
	if names := sectionTitles(rec); len(names) > 0 {
		fmt.Fprintf(&b, "\n\nThe summary's sections: %s.", nlp.JoinAnd(names))
	}
	return engine.Answer{Text: b.String(), Sources: sources}
}

// reDecided finds sentences that settle something. "Let's …" alone is not
// enough ("let's start"): it must come with a decision word or a plain
// verdict ("ship it", "it is").
var (
	reDecided    = regexp.MustCompile(`(?i)\b(decision|decided|we agreed|agreed|approved|settled|we'll go with|going with|ship it|it is\.|it's approved|that's approved|wins\b|is final|sign off|signed off)`)
	reNotDecided = regexp.MustCompile(`(?i)(n't|\bnot|\bnever|\bno|\bnothing)\s+(\w+\s+)?(decided|agreed|approved|settled|decision)|decision (meeting|deadline)`)
)

// decided reports a sentence that settles something.
func decided(s sentence) bool {
	return !isQuestion(s.text) && len(s.terms) >= 2 && reDecided.MatchString(s.text) && !reNotDecided.MatchString(s.text)
}

// decisionsMade answers "Any important decisions made?".
func decisionsMade(rec *engine.Recording) engine.Answer {
	d := newDoc(rec)
	var b strings.Builder
	var sources []engine.Source
	n := 0
	for _, s := range d.sents {
		if n == maxListed || !decided(s) {
			continue
		}
		if n == 0 {
			b.WriteString("These decisions were made in the conversation:\n")
		}
		n++
		seg := rec.Segments[s.seg]
		fmt.Fprintf(&b, "\n%d. %s at %s: \"%s\"", n, engine.Who(seg), engine.Clock(s.start), nlp.Shorten(trimFiller(s.text), quoteRunes))
		sources = append(sources, engine.SourceOf(seg, s.text))
	}
	if n == 0 {
		for _, p := range summaryDecisions(rec) {
			if n == 0 {
				b.WriteString("The summary records these decisions:\n")
			}
			n++
			fmt.Fprintf(&b, "\n- %s", p)
		}
	}
	if n == 0 {
		return engine.Answer{Text: "I couldn't find any explicit decisions in this recording. Nobody said something was decided, agreed or approved."}
	}
	return engine.Answer{Text: b.String(), Sources: sources}
}

// summaryDecisions are the summary's points that state a decision, when the
// transcript scan found none (people decide without saying "decided").
func summaryDecisions(rec *engine.Recording) []string {
	var out []string
	for _, sec := range rec.Summary {
		isDecisionSection := strings.Contains(strings.ToLower(sec.Title), "decision")
		for _, p := range sec.Points {
			if isDecisionSection || strings.HasPrefix(strings.ToLower(p), "decision") {
				out = append(out, nlp.Shorten(p, 300))
			}
		}
	}
	return out
}

func dedupeSources(in []engine.Source) []engine.Source {
	seen := map[int]bool{}
	out := in[:0]
	for _, s := range in {
		if !seen[s.SegmentIndex] {
			seen[s.SegmentIndex] = true
			out = append(out, s)
		}
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
