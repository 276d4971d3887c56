package local

import (
	"math"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// BM25 parameters: the usual values; transcript segments are short and even,
// so length normalisation matters little either way.
const (
	bm25K1 = 1.2
	bm25B  = 0.75
)

type posting struct {
	seg int
	tf  int
}

// index is a BM25 index over one recording's transcript segments, with the
// per-segment facts the ranking uses and the summary's points and action
// items as "units" pointing at the segments that support them.
type index struct {
	rec      *engine.Recording
	postings map[string][]posting
	segTerms [][]string
	lens     []int
	avgLen   float64
	feats    []features
	wh       []string // interrogative of a segment that ends by asking
	units    []unit
}

// unit is one summary point or action item, with the segments that say it.
type unit struct {
	point   string          // the point as written, for quoting
	terms   map[string]bool // its words with its section's title
	support []support
}

type support struct {
	seg int
	sim float64 // share of the unit's idf weight the segment contains
}

func newIndex(rec *engine.Recording) *index {
	ix := &index{rec: rec, postings: map[string][]posting{}}
	ix.segTerms = make([][]string, len(rec.Segments))
	ix.lens = make([]int, len(rec.Segments))
	ix.feats = make([]features, len(rec.Segments))
	ix.wh = make([]string, len(rec.Segments))
	total := 0
	for i, s := range rec.Segments {
		ts := nlp.Terms(s.Text)
		ix.segTerms[i], ix.lens[i] = ts, len(ts)
		total += len(ts)
		counts := map[string]int{}
		for _, t := range ts {
			counts[t]++
		}
		for t, n := range counts {
			ix.postings[t] = append(ix.postings[t], posting{seg: i, tf: n})
		}
		ix.feats[i] = featuresOf(s.Text)
		if isQuestion(s.Text) {
			ix.wh[i] = whWord(s.Text)
		}
	}
	if len(rec.Segments) > 0 {
		ix.avgLen = float64(total) / float64(len(rec.Segments))
	}
	ix.units = ix.buildUnits()
	return ix
}

// idf is BM25's inverse document frequency; a term no segment has gets the
// highest value, so asking about it weighs against "found".
func (ix *index) idf(t string) float64 {
	n := float64(len(ix.rec.Segments))
	df := float64(len(ix.postings[t]))
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// bm25 scores every segment against weighted query terms.
func (ix *index) bm25(q []weighted) []float64 {
	scores := make([]float64, len(ix.rec.Segments))
	for _, wt := range q {
		idf := ix.idf(wt.term)
		for _, p := range ix.postings[wt.term] {
			tf := float64(p.tf)
			norm := 1 - bm25B + bm25B*float64(ix.lens[p.seg])/math.Max(ix.avgLen, 1)
			scores[p.seg] += wt.weight * idf * tf * (bm25K1 + 1) / (tf + bm25K1*norm)
		}
	}
	return scores
}

// buildUnits turns summary points and action items into units and finds, for
// each, the one or two segments whose words it repeats most.
func (ix *index) buildUnits() []unit {
	var points, texts []string
	for _, sec := range ix.rec.Summary {
		for _, p := range sec.Points {
			points = append(points, p)
			texts = append(texts, strings.TrimSpace(sec.Title+". "+p))
		}
	}
	for _, t := range ix.rec.AllTasks() {
		points = append(points, t.Title)
		texts = append(texts, strings.TrimSpace(t.Title+". "+t.Description))
	}
	units := make([]unit, 0, len(texts))
	for i, text := range texts {
		u := unit{point: points[i], terms: map[string]bool{}}
		for _, t := range nlp.Terms(text) {
			u.terms[t] = true
		}
		u.support = ix.supportOf(u.terms)
		units = append(units, u)
	}
	return units
}

func (ix *index) supportOf(unitTerms map[string]bool) []support {
	var total float64
	overlap := map[int]float64{}
	for t := range unitTerms {
		idf := ix.idf(t)
		total += idf
		for _, p := range ix.postings[t] {
			overlap[p.seg] += idf
		}
	}
	var best []support
	for seg, w := range overlap {
		s := support{seg: seg, sim: w / math.Max(total, 1e-9)}
		if s.sim < 0.25 {
			continue
		}
		best = insertTop(best, s, 2)
	}
	return best
}

// insertTop keeps the k most similar supports, ties to the earlier segment.
func insertTop(list []support, s support, k int) []support {
	list = append(list, s)
	for i := len(list) - 1; i > 0; i-- {
		a, b := list[i], list[i-1]
		if a.sim > b.sim || (a.sim == b.sim && a.seg < b.seg) {
			list[i], list[i-1] = b, a
		}
	}
	if len(list) > k {
		list = list[:k]
	}
	return list
}
