package local

import (
	"slices"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// sentence is one sentence of the transcript with where it was said.
type sentence struct {
	seg     int // index into Recording.Segments
	pos     int // position among all sentences
	text    string
	terms   []string
	words   []string // the written form of each term (a number's words for digits)
	speaker string
	start   float64
	// monologue: the recording has one voice, so imperatives are notes to self.
	monologue bool
}

// doc is the transcript split into sentences, with each term's most common
// spoken form so labels read as words ("checklist"), not stems ("checklist"
// happens to survive, "releas" does not).
type doc struct {
	rec     *engine.Recording
	sents   []sentence
	surface map[string]string
	counts  map[string]int // sentences containing each term

	graph     *graph  // centrality, computed on first use
	topicList []topic // topics, computed on first use
}

func newDoc(rec *engine.Recording) *doc {
	d := &doc{rec: rec, surface: map[string]string{}, counts: map[string]int{}}
	forms := map[string]map[string]int{}
	for _, s := range rec.Segments {
		for _, text := range nlp.Sentences(s.Text) {
			ts, ws := termsNoting(text, forms)
			d.sents = append(d.sents, sentence{seg: s.Index, pos: len(d.sents), text: text, terms: ts, words: ws,
				speaker: s.Speaker, start: s.Start, monologue: len(rec.Speakers) <= 1})
			seen := map[string]bool{}
			for _, t := range ts {
				if !seen[t] {
					seen[t] = true
					d.counts[t]++
				}
			}
		}
	}
	for t, fs := range forms {
		best, n := t, 0
		for f, c := range fs {
			if c > n || (c == n && f < best) {
				best, n = f, c
			}
		}
		d.surface[t] = best
	}
	return d
}

// termsNoting is terms with the written form behind each term, counted.
func termsNoting(text string, forms map[string]map[string]int) (ts, ws []string) {
	first := true
	nlp.ScanWordsCased(text, func(cased string) {
		w := strings.ToLower(cased)
		opening := first
		first = false
		g := nlp.AppendTerms(nil, w)
		for _, t := range g {
			form := t
			if len(g) == 1 {
				form = cased
				if opening && nlp.IsCapitalised(cased) {
					form = w // "Today" opening a sentence is the word "today"
				}
			}
			if forms[t] == nil {
				forms[t] = map[string]int{}
			}
			forms[t][form]++
			ws = append(ws, form)
		}
		ts = append(ts, g...)
	})
	return ts, ws
}

// word is a term as people say it.
func (d *doc) word(t string) string {
	if w, ok := d.surface[t]; ok {
		return w
	}
	return t
}

// fillerStart matches openings that carry nothing ("Okay, so …").
var fillerStarts = []string{"okay", "ok", "so", "and", "but", "yes", "yeah", "right", "well", "sure", "alright", "um", "uh", "then", "now", "also"}

// trimFiller removes leading filler words and punctuation from a sentence.
func trimFiller(s string) string {
	for {
		s = strings.TrimLeft(s, " ,.;:-–—")
		word, rest, _ := strings.Cut(s, " ")
		bare := strings.ToLower(strings.TrimRight(word, ",.;:!"))
		if rest == "" || !slices.Contains(fillerStarts, bare) {
			return nlp.Capitalise(s)
		}
		s = rest
	}
}
