package local

import (
	"math"
	"sort"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// Ranking weights. Each encodes one habit of conversation rather than a fit to
// particular questions:
const (
	neighbourWeight = 0.2  // a passage is about what its neighbours are about
	answerWeight    = 0.6  // the line after a question (by someone else) answers it
	mirrorWeight    = 0.9  // … all the more when it was asked as the user asks ("which …?" / "which …?")
	questionPenalty = 0.55 // a line that asks is rarely the line that answers
	unitWeight      = 0.5  // a summary point or action item vouches for its source lines
	speakerBoost    = 1.5  // "what did Daniel say …" prefers Daniel's lines
	minUnitCoverage = 0.3  // a summary point must share this much of the question to count
)

// hit is one ranked segment.
type hit struct {
	seg         int
	score       float64
	coverage    float64 // share of the question's own idf weight found around seg
	matched     float64 // how many of the question's own words are found around seg (a number's words count as one)
	viaQuestion bool    // ranked mostly because it answers the question before it
}

// RankSegments lists the segments that speak to question, best first: the
// passages the remote engine keeps of a transcript too long to send whole,
// and the sources it cites when the model names none.
func RankSegments(rec *engine.Recording, question string) []int {
	hits := newIndex(rec).rank(analyse(question))
	segs := make([]int, len(hits))
	for i, h := range hits {
		segs[i] = h.seg
	}
	return segs
}

// rank scores every segment for q and returns those with a positive score,
// best first (ties to the earlier segment).
func (ix *index) rank(q query) []hit {
	raw := ix.bm25(q.terms)
	maxRaw := 0.0
	for _, r := range raw {
		maxRaw = math.Max(maxRaw, r)
	}
	if maxRaw == 0 {
		return nil
	}
	unitBoost := ix.unitBoosts(q)
	speakers := ix.mentionedSpeakers(q)
	hits := make([]hit, 0, len(raw))
	for i := range raw {
		h := ix.contextScore(q, raw, i)
		h.score *= q.boost(ix.feats[i])
		if speakers[ix.rec.Segments[i].Speaker] {
			h.score *= speakerBoost
		}
		h.score += unitWeight * maxRaw * unitBoost[i]
		if h.score > 0 {
			hits = append(hits, h)
		}
	}
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	for i := range hits[:min(len(hits), 8)] {
		hits[i].coverage, hits[i].matched = ix.coverage(q, hits[i], speakers)
	}
	return hits
}

// contextScore is a segment's own score plus what its surroundings add.
func (ix *index) contextScore(q query, raw []float64, i int) hit {
	h := hit{seg: i, score: raw[i]}
	segs := ix.rec.Segments
	if i > 0 {
		h.score += neighbourWeight * raw[i-1]
		// An answer that repeats few of the question's words still answers it.
		if isQuestion(segs[i-1].Text) && segs[i-1].Speaker != segs[i].Speaker {
			w := answerWeight
			if q.wh != "" && ix.wh[i-1] == q.wh {
				w = mirrorWeight
			}
			if w*raw[i-1] > raw[i] {
				h.score += w*raw[i-1] - raw[i]
				h.viaQuestion = true
			}
		}
	}
	if i+1 < len(raw) {
		h.score += neighbourWeight * raw[i+1]
	}
	if isQuestion(segs[i].Text) && q.kinds&askQuestions == 0 {
		h.score *= questionPenalty
	}
	return h
}

// unitBoosts spreads the match of each summary point or action item onto the
// segments that support it.
func (ix *index) unitBoosts(q query) []float64 {
	boost := make([]float64, len(ix.rec.Segments))
	own := q.own()
	var total float64
	for _, t := range own {
		total += ix.idf(t.term) * t.weight
	}
	if total == 0 {
		return boost
	}
	for _, u := range ix.units {
		var got float64
		for _, t := range own {
			if u.terms[t.term] {
				got += ix.idf(t.term) * t.weight
			}
		}
		cov := got / total
		if cov < minUnitCoverage {
			continue
		}
		for _, s := range u.support {
			boost[s.seg] = math.Max(boost[s.seg], cov*s.sim)
		}
	}
	return boost
}

// mentionedSpeakers finds speakers the question names ("What did Daniel …").
func (ix *index) mentionedSpeakers(q query) map[string]bool {
	out := map[string]bool{}
	own := map[string]bool{}
	for _, t := range q.own() {
		own[t.term] = true
	}
	for _, name := range ix.rec.Speakers {
		for _, t := range nlp.Terms(name) {
			if own[t] && len(t) >= 3 {
				out[name] = true
			}
		}
	}
	return out
}

// coverage is the share of the question's own words (by idf) present in the
// hit's window: the segment, the one before and the one after. Words that
// only name a speaker count as present on that speaker's lines.
func (ix *index) coverage(q query, h hit, speakers map[string]bool) (float64, float64) {
	window := map[string]bool{}
	for i := max(0, h.seg-1); i <= min(len(ix.segTerms)-1, h.seg+1); i++ {
		for _, t := range ix.segTerms[i] {
			window[t] = true
		}
		if speakers[ix.rec.Segments[i].Speaker] {
			for _, t := range nlp.Terms(ix.rec.Segments[i].Speaker) {
				window[t] = true
			}
		}
	}
	var got, total float64
	matched := 0.0
	for _, t := range q.own() {
		idf := ix.idf(t.term) * t.weight
		total += idf
		if window[t.term] {
			got += idf
			matched += t.weight
		}
	}
	if total == 0 {
		return 0, 0
	}
	return got / total, matched
}
