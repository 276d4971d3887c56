// Package library is Ask Pocket across a person's whole library: it finds
// the transcript passages and summary sections that speak to a question,
// among the asker's own recordings only, and keeps library conversations.
package library

import (
	"context"
	"math"
	"slices"
	"sort"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/local"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// Recordings is what retrieval needs of the recordings domain: both calls
// are scoped to the owner, so nothing of another user is ever read.
type Recordings interface {
	Candidates(ctx context.Context, uid, question string, n int, scope recordings.Scope) ([]recordings.Candidate, error)
	Detail(ctx context.Context, uid, id string) (recordings.Detail, error)
}

// Retrieval tuning. Two stages: the search index's postings pick the
// recordings most about the question (cheap at any library size), then the
// passages of those few are ranked against each other.
const (
	candidateRecordings = 10
	// recordingWeight lets a recording that is about the question as a whole
	// (title, summary) lift its passages over a stray mention elsewhere.
	recordingWeight = 0.5
	engineWeight    = 0.5
	// minCoverage: a passage must hold this share of the question's words
	// (weighted by rarity) to count; one shared common word is chance.
	minCoverage  = 0.3
	absentWeight = 2.0
	bm25K1       = 1.2
	bm25B        = 0.75
)

// Relevance: a passage scoring under this share of the best passage found
// is noise. Inside a scope the best is the pool's, in scope or not: a
// passage that would be noise beside the library's answer is noise when the
// answer lies outside the scope too, and the scope says nothing was found.
const Relevance = 0.4

// Hit is one retrieved passage with its score.
type Hit struct {
	engine.Passage
	Score float64
}

// Retriever finds passages for library-wide questions.
type Retriever struct{ recs Recordings }

// NewRetriever builds a retriever over the recordings domain.
func NewRetriever(r Recordings) *Retriever { return &Retriever{recs: r} }

// Retrieve returns up to k passages of uid's recordings inside scope for
// question, best first. None when no recording there shares a word with the
// question.
//
// A scoped question is scored against the same passages as an unscoped one
// (the library's best candidates, InScope false) plus the scope's own, and only then
// narrowed: word rarity measured over a handful of recordings would call
// the scope's common words rare and its answers noise, and the library's
// best passage is what a scope's passage must come near (see Relevance).
func (r *Retriever) Retrieve(ctx context.Context, uid, question string, k int, scope recordings.Scope) ([]Hit, error) {
	cands, err := r.recs.Candidates(ctx, uid, question, candidateRecordings, scope)
	if err != nil || len(cands) == 0 {
		return nil, err
	}
	inScope := map[string]bool{}
	for _, c := range cands {
		inScope[c.ID] = c.InScope
	}
	var pool []engine.Passage
	recScore := map[string]float64{}
	engineRank := map[string]map[int]int{} // recording → line → the engine's rank of it
	for _, c := range cands {
		d, err := r.recs.Detail(ctx, uid, c.ID)
		if err != nil {
			return nil, err
		}
		rec := engine.NewRecording(engine.Stored{ID: d.ID, Recording: d.Recording, Speakers: d.Speakers, Summarizations: d.Summarizations, Transcription: d.Transcription})
		pool = append(pool, passagesOf(rec)...)
		recScore[c.ID] = c.Score / cands[0].Score
		// The built-in engine's per-recording ranking knows conversation
		// (the line after a question answers it, what kind of fact is asked
		// for): it lifts the window holding its best line and picks the
		// line a window's citation points at.
		ranks := map[int]int{}
		for i, seg := range local.RankSegments(rec, question) {
			ranks[seg] = i
		}
		engineRank[c.ID] = ranks
	}
	raw, coverage, idf := bm25(pool, nlp.Terms(question))
	best := 0.0
	for _, s := range raw {
		best = math.Max(best, s)
	}
	if best == 0 {
		return nil, nil
	}
	hits := make([]Hit, 0, len(pool))
	top := 0.0 // the best score of the pool, in scope or not
	for i, p := range pool {
		if raw[i] == 0 || coverage[i] < minCoverage {
			continue
		}
		sc := raw[i]/best + recordingWeight*recScore[p.RecordingID]
		if holdsLine(p, engineRank[p.RecordingID], 0) {
			sc += engineWeight * recScore[p.RecordingID]
		}
		top = math.Max(top, sc)
		if inScope[p.RecordingID] {
			hits = append(hits, Hit{Passage: p, Score: sc})
		}
	}
	hits = slices.DeleteFunc(hits, func(h Hit) bool { return h.Score < Relevance*top })
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].Score > hits[b].Score })
	hits = hits[:min(k, len(hits))]
	for i := range hits {
		pointAtBestLine(&hits[i].Passage, engineRank[hits[i].RecordingID], idf)
	}
	return hits, nil
}

// bm25 scores every passage of the pool against the question's terms; idf
// is over the pool, so a word common in these recordings weighs little.
func bm25(pool []engine.Passage, query []string) (scores, coverage []float64, idfs map[string]float64) {
	want := map[string]bool{}
	for _, t := range query {
		want[t] = true
	}
	tfs := make([]map[string]int, len(pool))
	lens := make([]float64, len(pool))
	df := map[string]int{}
	total := 0.0
	for i, p := range pool {
		terms := nlp.Terms(p.Text)
		lens[i] = float64(len(terms))
		total += lens[i]
		tf := map[string]int{}
		for _, t := range terms {
			if want[t] {
				tf[t]++
			}
		}
		for t := range tf {
			df[t]++
		}
		tfs[i] = tf
	}
	avg := math.Max(total/math.Max(float64(len(pool)), 1), 1)
	n := float64(len(pool))
	idf := func(t string) float64 { return math.Log(1 + (n-float64(df[t])+0.5)/(float64(df[t])+0.5)) }
	// A word no passage has weighs double: asking about something none of
	// these recordings mention weighs against "found".
	weight := 0.0
	for t := range want {
		if df[t] == 0 {
			weight += absentWeight * idf(t)
		} else {
			weight += idf(t)
		}
	}
	scores = make([]float64, len(pool))
	coverage = make([]float64, len(pool))
	for i, tf := range tfs {
		for t, c := range tf {
			f := float64(c)
			scores[i] += idf(t) * f * (bm25K1 + 1) / (f + bm25K1*(1-bm25B+bm25B*lens[i]/avg))
			coverage[i] += idf(t) / weight
		}
	}
	idfs = map[string]float64{}
	for t := range want {
		idfs[t] = idf(t)
	}
	return scores, coverage, idfs
}
