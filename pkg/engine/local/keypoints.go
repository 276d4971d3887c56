package local

import (
	"math"
	"sort"
	"strings"
)

const (
	lexRankDamping   = 0.85
	lexRankRounds    = 30
	lexRankThreshold = 0.1  // weaker similarities are noise, not endorsement
	mmrLambda        = 0.7  // relevance against novelty when picking several
	maxGraphSents    = 3000 // beyond this, centrality against the centroid (linear)
)

// graph is the sentences' tf-idf similarity graph, computed once per doc.
type graph struct {
	score []float64         // centrality of each sentence (0 for non-candidates)
	sim   []map[int]float64 // cosine similarity to sentences sharing terms
}

// candidate reports whether a sentence can stand alone as a key point:
// a statement with some substance, not a question or a fragment.
func candidate(s sentence) bool {
	return !isQuestion(s.text) && len(s.terms) >= 4 && len(s.terms) <= 45 && !conditional(s.text)
}

// conditional sentences ("If it goes in 3.4, …") hedge; they are rarely the point.
func conditional(text string) bool {
	lower := strings.ToLower(trimFiller(text))
	return strings.HasPrefix(lower, "if ") || strings.HasPrefix(lower, "unless ")
}

// centrality ranks sentences by LexRank: a sentence is central when many
// sentences, themselves central, say similar things.
func (d *doc) centrality() *graph {
	if d.graph != nil {
		return d.graph
	}
	n := len(d.sents)
	vecs := make([]map[string]float64, n)
	postings := map[string][]int{}
	for i, s := range d.sents {
		if !candidate(s) {
			continue
		}
		vecs[i] = d.tfidf(s.terms)
		for t := range vecs[i] {
			postings[t] = append(postings[t], i)
		}
	}
	g := &graph{score: make([]float64, n), sim: make([]map[int]float64, n)}
	for i := range d.sents {
		if vecs[i] == nil {
			continue
		}
		g.sim[i] = map[int]float64{}
		if n > maxGraphSents {
			continue
		}
		for t, w := range vecs[i] {
			for _, j := range postings[t] {
				if j != i {
					g.sim[i][j] += w * vecs[j][t]
				}
			}
		}
	}
	if n > maxGraphSents {
		g.score = centroidScores(vecs)
	} else {
		g.score = lexRank(g.sim)
	}
	d.graph = g
	return g
}

// tfidf is a unit-length tf-idf vector over the doc's sentences.
func (d *doc) tfidf(ts []string) map[string]float64 {
	v := map[string]float64{}
	for _, t := range ts {
		v[t]++
	}
	var norm float64
	for t, tf := range v {
		w := tf * math.Log(float64(len(d.sents)+1)/float64(d.counts[t]))
		v[t] = w
		norm += w * w
	}
	norm = math.Sqrt(norm)
	for t := range v {
		if norm > 0 {
			v[t] /= norm
		}
	}
	return v
}

func lexRank(sim []map[int]float64) []float64 {
	n := len(sim)
	out := make([]float64, n)
	degree := make([]float64, n)
	nodes := 0
	for i, row := range sim {
		if row == nil {
			continue
		}
		nodes++
		for _, s := range row {
			if s >= lexRankThreshold {
				degree[i] += s
			}
		}
	}
	if nodes == 0 {
		return out
	}
	p := make([]float64, n)
	for i, row := range sim {
		if row != nil {
			p[i] = 1 / float64(nodes)
		}
	}
	for round := 0; round < lexRankRounds; round++ {
		next := make([]float64, n)
		for i, row := range sim {
			if row == nil {
				continue
			}
			next[i] += (1 - lexRankDamping) / float64(nodes)
			for j, s := range row {
				if s >= lexRankThreshold && degree[i] > 0 {
					next[j] += lexRankDamping * p[i] * s / degree[i]
				}
			}
		}
		p = next
	}
	copy(out, p)
	return out
}

// centroidScores is the linear fallback: similarity to the average sentence.
func centroidScores(vecs []map[string]float64) []float64 {
	centroid := map[string]float64{}
	for _, v := range vecs {
		for t, w := range v {
			centroid[t] += w
		}
	}
	out := make([]float64, len(vecs))
	for i, v := range vecs {
		for t, w := range v {
			out[i] += w * centroid[t]
		}
	}
	return out
}

// keySentences returns up to n central, mutually different sentences in the
// order they were said.
func (d *doc) keySentences(n int) []sentence {
	return d.keySentencesWhere(n, func(sentence) bool { return true })
}

// keySentencesWhere is keySentences over the sentences keep accepts.
func (d *doc) keySentencesWhere(n int, keep func(sentence) bool) []sentence {
	g := d.centrality()
	var pool []int
	for i, s := range d.sents {
		if g.sim[i] != nil && keep(s) {
			pool = append(pool, i)
		}
	}
	sort.SliceStable(pool, func(a, b int) bool { return g.score[pool[a]] > g.score[pool[b]] })
	if len(pool) == 0 {
		return nil
	}
	top := g.score[pool[0]]
	var chosen []int
	for len(chosen) < n && len(pool) > 0 {
		best, bestVal := -1, math.Inf(-1)
		for k, i := range pool[:min(len(pool), 60)] { // the tail never wins
			redundancy := 0.0
			for _, c := range chosen {
				redundancy = math.Max(redundancy, g.sim[i][c])
			}
			val := mmrLambda*g.score[i]/math.Max(top, 1e-12) - (1-mmrLambda)*redundancy
			if val > bestVal {
				best, bestVal = k, val
			}
		}
		chosen = append(chosen, pool[best])
		pool = append(pool[:best], pool[best+1:]...)
	}
	sort.Ints(chosen)
	out := make([]sentence, len(chosen))
	for i, c := range chosen {
		out[i] = d.sents[c]
	}
	return out
}
