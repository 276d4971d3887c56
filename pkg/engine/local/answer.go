package local

import (
	"fmt"
	"sort"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

const (
	// minCoverage: below this share of the question's words (by idf) near the
	// best passage, the recording does not hold the answer and we say so…
	minCoverage = 0.45
	// …unless two or more of its words are there and a fair share: questions
	// carry verbs the answer need not repeat ("improve" → "went from 41 to 53").
	minCoverageTwoWords = 0.3
	// relatedShare: other passages are shown when they score this close to the best.
	relatedShare = 0.5
	maxRelated   = 2
	quoteRunes   = 260
)

// answerByRetrieval answers a free-form question from the best passages.
func answerByRetrieval(rec *engine.Recording, q query) engine.Answer {
	ix := newIndex(rec)
	hits := ix.rank(q)
	if len(hits) == 0 || !found(hits[0]) {
		return engine.Answer{Text: notFoundText(rec)}
	}
	best := hits[0]
	var b strings.Builder
	var sources []engine.Source
	segs := rec.Segments
	quote := bestQuote(segs[best.seg].Text, q, best.viaQuestion)
	if best.viaQuestion {
		asked := segs[best.seg-1]
		askedQuote := lastSentence(asked.Text)
		fmt.Fprintf(&b, "%s asked at %s: \"%s\"\n%s answered at %s: \"%s\"",
			engine.Who(asked), engine.Clock(asked.Start), askedQuote, engine.Who(segs[best.seg]), engine.Clock(segs[best.seg].Start), quote)
		sources = append(sources, engine.SourceOf(asked, askedQuote))
	} else {
		fmt.Fprintf(&b, "At %s, %s said: \"%s\"", engine.Clock(segs[best.seg].Start), engine.Who(segs[best.seg]), quote)
	}
	sources = append(sources, engine.SourceOf(segs[best.seg], quote))
	related := relatedHits(hits, best)
	if len(related) > 0 {
		b.WriteString("\n\nAlso relevant:")
		for _, h := range related {
			s := segs[h.seg]
			rq := bestQuote(s.Text, q, h.viaQuestion)
			fmt.Fprintf(&b, "\n- %s at %s: \"%s\"", engine.Who(s), engine.Clock(s.Start), rq)
			sources = append(sources, engine.SourceOf(s, rq))
		}
	}
	if point := ix.summaryPointFor(q, best.seg); point != "" {
		fmt.Fprintf(&b, "\n\nThe summary puts it this way: %s", point)
	}
	return engine.Answer{Text: b.String(), Sources: sources}
}

// found reports whether a hit holds enough of the question to answer it.
func found(h hit) bool {
	return h.coverage >= minCoverage || (h.matched >= 2 && h.coverage >= minCoverageTwoWords)
}

// relatedHits picks up to two more passages that score close to the best and
// are not the best's neighbours (which the reader has in context already).
func relatedHits(hits []hit, best hit) []hit {
	var out []hit
	taken := []int{best.seg}
	for _, h := range hits[1:] {
		if h.score < relatedShare*best.score || len(out) == maxRelated {
			break
		}
		if !found(h) || near(taken, h.seg) {
			continue
		}
		out = append(out, h)
		taken = append(taken, h.seg)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].seg < out[b].seg })
	return out
}

func near(taken []int, seg int) bool {
	for _, t := range taken {
		if seg >= t-1 && seg <= t+1 {
			return true
		}
	}
	return false
}

// bestQuote picks the sentences of a segment that answer q: the one sharing
// most of the question's words (and, for an answer to a question asked just
// before, the opening, which is where replies put their point), with the next
// sentence when it is short.
func bestQuote(text string, q query, opening bool) string {
	ss := nlp.Sentences(text)
	if len(ss) <= 2 {
		return nlp.Shorten(text, quoteRunes)
	}
	best, bestScore := 0, -1.0
	if !opening {
		want := map[string]float64{}
		for _, t := range q.terms {
			want[t.term] = t.weight
		}
		for i, s := range ss {
			score := 0.0
			for _, t := range nlp.Terms(s) {
				score += want[t]
			}
			score *= q.boost(featuresOf(s))
			if score > bestScore {
				best, bestScore = i, score
			}
		}
	}
	quote := ss[best]
	if best+1 < len(ss) && len(strings.Fields(quote)) < 12 {
		quote += " " + ss[best+1]
	}
	return nlp.Shorten(quote, quoteRunes)
}

func lastSentence(text string) string {
	ss := nlp.Sentences(text)
	if len(ss) == 0 {
		return text
	}
	return nlp.Shorten(ss[len(ss)-1], quoteRunes)
}

// summaryPointFor returns the summary point or action item that states the
// answer, when one covers most of the question and rests on the best passage.
func (ix *index) summaryPointFor(q query, seg int) string {
	own := q.own()
	var total float64
	for _, t := range own {
		total += ix.idf(t.term) * t.weight
	}
	bestText, bestCov := "", 0.5
	for _, u := range ix.units {
		var got float64
		for _, t := range own {
			if u.terms[t.term] {
				got += ix.idf(t.term) * t.weight
			}
		}
		if total == 0 || got/total < bestCov || !supports(u, seg) {
			continue
		}
		bestText, bestCov = u.point, got/total
	}
	return bestText
}

func supports(u unit, seg int) bool {
	for _, s := range u.support {
		if s.seg >= seg-1 && s.seg <= seg+1 {
			return true
		}
	}
	return false
}

// notFoundText says the answer is not there plainly, with what the recording
// covers, so the person knows what they can ask instead.
func notFoundText(rec *engine.Recording) string {
	topics := topicNames(rec, 4)
	if len(topics) == 0 {
		return engine.NotFound
	}
	return engine.NotFound + " It covers " + nlp.JoinAnd(topics) + "."
}
