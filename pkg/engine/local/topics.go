package local

import (
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// topic is a stretch of the conversation about one thing: found where the
// vocabulary of the sentences before and after a point stops overlapping
// (TextTiling), labelled by the words most particular to it.
type topic struct {
	label       string
	first, last int // sentence positions, last exclusive
	start       float64
	key         sentence // the topic's most central sentence
	words       []string // its most particular words, as spoken
}

// weakLabelWords are too general to name a topic on their own.
var weakLabelWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`think want need make look work time thing way good great lot bit people talk right
		question answer part idea point case example first last next number today year week month day also even still
		much many new old big small sure fine kind end start use let hear divided related mean call put give
		take come get keep show tell ask try feel seem happen cover talk around back across along actually
		really probably maybe lot everybody anybody somebody else another different same whole able`) {
		for _, t := range nlp.Terms(w) {
			weakLabelWords[t] = true
		}
	}
}

// topics segments the transcript; short conversations are one topic.
func (d *doc) topics() []topic {
	if d.topicList != nil || len(d.sents) == 0 {
		return d.topicList
	}
	bounds := d.boundaries()
	var out []topic
	used := map[string]bool{}
	for i := 0; i+1 < len(bounds); i++ {
		t := topic{first: bounds[i], last: bounds[i+1], start: d.sents[bounds[i]].start}
		if i == 0 {
			if l := d.agendaOpening(t); l != "" {
				t.label = l
				used[strings.ToLower(l)] = true
				d.topicWords(&t)
			}
		}
		if t.label == "" {
			d.labelTopic(&t, used)
		}
		keys := d.topicKeys(t, 1)
		if len(keys) == 0 {
			keys = []sentence{d.sents[t.first]}
		}
		t.key = keys[0]
		out = append(out, t)
	}
	d.topicList = out
	return out
}

// boundaries returns sentence positions where topics start, plus the end.
func (d *doc) boundaries() []int {
	n := len(d.sents)
	want := int(math.Round(float64(n) / 20))
	want = max(1, min(want, 8))
	w := max(3, min(n/12, 10))
	if want == 1 || n < 2*w {
		return []int{0, n}
	}
	sims := d.windowSimilarities(w)
	type gap struct {
		at    int
		depth float64
	}
	var gaps []gap
	for g := w; g <= n-w; g++ {
		dp := depth(sims, g, w, n-w)
		switch {
		case announcesTopic(d.sents[g].text):
			dp += transitionBonus
		case isRecap(d.sents[g].text):
			dp = 0 // a recap revisits every topic; it starts none
		}
		gaps = append(gaps, gap{g, dp})
	}
	sort.SliceStable(gaps, func(a, b int) bool { return gaps[a].depth > gaps[b].depth })
	cuts := []int{0, n}
	for _, c := range gaps {
		if len(cuts)-1 >= want || c.depth < 0.05 {
			break
		}
		if farFrom(cuts, c.at, w) {
			cuts = append(cuts, c.at)
		}
	}
	sort.Ints(cuts)
	return cuts
}

// Meetings announce their topics ("Second item, …", "Next, …", "Now, about
// the renewal"); such a sentence is a likely boundary whatever the words.
var (
	reTransition    = regexp.MustCompile(`(?i)^(okay,? |so,? |alright,? |now,? )?(second|third|fourth|fifth|next|last|final|another) (item|thing|topic|point|question|up)\b|^(okay,? |so,? )?(next|moving on|let's move on|let's talk about|now,? about|on to|switching to|turning to)\b|^(first|second|third|fourth|fifth|next|finally|last),? `)
	reRecap         = regexp.MustCompile(`(?i)\b(to recap|to summarize|to sum up|let me summarize|in summary|recap)\b`)
	transitionBonus = 0.3
)

// announcesTopic runs the transition pattern only on sentences that open
// with one of its words (the regular expression is slow on every sentence).
func announcesTopic(text string) bool {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(text)), " ")
	switch strings.TrimRight(first, ",:") {
	case "okay", "so", "alright", "now", "second", "third", "fourth", "fifth", "next", "last", "final",
		"another", "moving", "let's", "on", "switching", "turning", "first", "finally":
		return reTransition.MatchString(text)
	}
	return false
}

func isRecap(text string) bool {
	lower := strings.ToLower(text)
	return (strings.Contains(lower, "recap") || strings.Contains(lower, "summ")) && reRecap.MatchString(text)
}

// windowSimilarities is, for each gap g, the cosine of the terms of the w
// sentences before it and the w after, kept as sliding counts.
func (d *doc) windowSimilarities(w int) []float64 {
	n := len(d.sents)
	sims := make([]float64, n)
	left, right := d.bag(0, w), d.bag(w, min(2*w, n))
	for g := w; g <= n-w; g++ {
		sims[g] = cosine(left, right)
		if g == n-w {
			break
		}
		for _, t := range d.sents[g].terms { // sentence g moves from right to left
			left[t]++
			right[t]--
		}
		for _, t := range d.sents[g-w].terms {
			left[t]--
		}
		if g+w < n {
			for _, t := range d.sents[g+w].terms {
				right[t]++
			}
		}
	}
	return sims
}

// depth is how far the similarity at g lies below the peaks either side.
func depth(sims []float64, g, lo, hi int) float64 {
	left, right := sims[g], sims[g]
	for i := g - 1; i >= lo && sims[i] >= left; i-- {
		left = sims[i]
	}
	for i := g + 1; i <= hi && sims[i] >= right; i++ {
		right = sims[i]
	}
	return left + right - 2*sims[g]
}

func farFrom(cuts []int, at, w int) bool {
	for _, c := range cuts {
		if at > c-w && at < c+w {
			return false
		}
	}
	return true
}

// bag counts the terms of sentences [from, to).
func (d *doc) bag(from, to int) map[string]float64 {
	b := map[string]float64{}
	for _, s := range d.sents[from:to] {
		for _, t := range s.terms {
			b[t]++
		}
	}
	return b
}

func cosine(a, b map[string]float64) float64 {
	var dot, na, nb float64
	for t, x := range a {
		dot += x * b[t]
		na += x * x
	}
	for _, y := range b {
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

// topicKeys returns up to k sentences that best represent a topic: closest to
// the topic's own centroid (not the whole conversation's, where a recap of
// everything wins), not near-duplicates of each other, in spoken order.
func (d *doc) topicKeys(t topic, k int) []sentence {
	centroid := map[string]float64{}
	vecs := map[int]map[string]float64{}
	for i := t.first; i < t.last; i++ {
		s := d.sents[i]
		if !candidate(s) || reRecap.MatchString(s.text) {
			continue
		}
		vecs[i] = d.tfidf(s.terms)
		for term, w := range vecs[i] {
			centroid[term] += w
		}
	}
	order := make([]int, 0, len(vecs))
	for i := range vecs {
		order = append(order, i)
	}
	score := make(map[int]float64, len(vecs))
	for i, v := range vecs {
		score[i] = cosine(v, centroid)
	}
	sort.Slice(order, func(a, b int) bool {
		sa, sb := score[order[a]], score[order[b]]
		if sa != sb {
			return sa > sb
		}
		return order[a] < order[b]
	})
	var chosen []int
	for _, i := range order {
		if len(chosen) == k {
			break
		}
		dup := false
		for _, c := range chosen {
			dup = dup || cosine(vecs[i], vecs[c]) > 0.5
		}
		if !dup {
			chosen = append(chosen, i)
		}
	}
	sort.Ints(chosen)
	out := make([]sentence, len(chosen))
	for j, i := range chosen {
		out[j] = d.sents[i]
	}
	return out
}

// reAgenda reads an opening agenda: "We have four things on the agenda: the
// 3.4 release date, the onboarding checklist experiment, …".
var reAgenda = regexp.MustCompile(`(?i)\bagenda\b[^:]*:\s*(.+)$`)

// agendaOpening labels the first topic with the agenda's first item, when the
// first topic announces an agenda of several items.
func (d *doc) agendaOpening(t topic) string {
	for _, s := range d.sents[t.first:t.last] {
		m := reAgenda.FindStringSubmatch(s.text)
		if m == nil {
			continue
		}
		items := strings.Split(strings.ReplaceAll(strings.TrimRight(m[1], "."), ", and ", ", "), ", ")
		if len(items) < 2 {
			return ""
		}
		first := strings.TrimSpace(items[0])
		for _, art := range []string{"the ", "a ", "an ", "our "} {
			first = strings.TrimPrefix(first, art)
		}
		if n := len(strings.Fields(first)); n >= 1 && n <= 5 {
			return first
		}
		return ""
	}
	return ""
}
