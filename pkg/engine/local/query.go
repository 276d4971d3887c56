package local

import (
	"regexp"
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// kind is a bit set of what a question asks for.
type kind uint16

const (
	askWhen kind = 1 << iota
	askAmount
	askWho
	askWhere
	askWhy
	askDecision
	askNext
	askQuestions // "who asked about …": questions are the answer, not noise
)

var kindPatterns = []struct {
	k  kind
	re *regexp.Regexp
}{
	{askWhen, regexp.MustCompile(`^\s*(when|by when|until when)\b|what (time|day|date)|\b(date|deadline|when)\b`)},
	{askAmount, regexp.MustCompile(`how (much|many|far|long|often|big|old|fast)|what (percentage|percent|price|cost|amount|number)|\b(cost|price|percent|percentage|total|budget|rate)\b`)},
	{askWho, regexp.MustCompile(`^\s*(who|whose)\b|which (person|people)`)},
	{askWhere, regexp.MustCompile(`^\s*where\b|\bwhere\b|which (room|place|city|cities|location|building)|\blocation\b`)},
	{askWhy, regexp.MustCompile(`^\s*why\b|what (caused|is the reason)|\breason\b`)},
	{askDecision, regexp.MustCompile(`decid|decision|agree|approv|settle|conclu`)},
	{askNext, regexp.MustCompile(`next step|action item|to-?do|follow[- ]?up|who (will|is going to|needs to)|what('s| is| are) (left|pending)`)},
	{askQuestions, regexp.MustCompile(`\b(asked|ask|question|questions)\b`)},
}

// weighted is a query term with its weight: 1 for the question's own words,
// less for expansions.
type weighted struct {
	term    string
	weight  float64
	synonym bool
}

type query struct {
	text  string
	wh    string // the interrogative the question starts with, if any
	kinds kind
	terms []weighted
}

var whWords = map[string]bool{"what": true, "when": true, "where": true, "who": true, "which": true, "why": true, "how": true}

// whWord is the first interrogative of the last sentence of text ("" if none):
// "Priya, which two?" asks "which".
func whWord(text string) string {
	ss := nlp.Sentences(text)
	if len(ss) == 0 {
		return ""
	}
	found := ""
	nlp.ScanWords(ss[len(ss)-1], func(w string) {
		if found == "" && whWords[strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")] {
			found = strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s")
		}
	})
	return found
}

// synonymWeight keeps expansions from outranking the question's own words.
const synonymWeight = 0.4

// synonymGroups are words people use interchangeably about meetings; any stem
// of a group expands to the others.
var synonymGroups = [][]string{
	{"cost", "price", "pay", "fee", "charge", "spend"},
	{"decide", "decision", "agree", "approve"},
	{"problem", "issue", "bug"},
	{"improve", "increase", "rise", "grow", "gain"},
	{"drop", "decrease", "decline", "fall", "reduce", "cut"},
	{"fix", "patch", "resolve"},
	{"hire", "recruit", "candidate"},
	{"email", "mail"},
	{"discount", "free", "offer", "deal"},
	{"far", "distance", "kilometer", "mile"},
	{"appointment", "visit", "consult"},
	{"start", "begin", "kick"},
	{"finish", "end", "close"},
	{"meeting", "call", "sync"},
	{"book", "novel"},
	{"exam", "midterm", "test", "quiz"},
	{"salary", "compensation", "band"},
	{"deadline", "due"},
	{"late", "delay", "slip", "postpone", "move"},
	{"release", "launch", "ship"},
	{"customer", "client"},
	{"medicine", "medication", "drug", "pill"},
}

var synonyms = map[string][]string{}

func init() {
	for _, g := range synonymGroups {
		stems := make([]string, 0, len(g))
		for _, w := range g {
			stems = append(stems, nlp.Terms(w)...)
		}
		for _, s := range stems {
			for _, o := range stems {
				if o != s {
					synonyms[s] = append(synonyms[s], o)
				}
			}
		}
	}
}

func analyse(question string) query {
	q := query{text: question, wh: whWord(question)}
	lower := strings.ToLower(question)
	for _, p := range kindPatterns {
		if p.re.MatchString(lower) {
			q.kinds |= p.k
		}
	}
	weights := map[string]float64{}
	expanded := map[string]bool{}
	var order []string
	add := func(t string, w float64) {
		if _, ok := weights[t]; !ok {
			order = append(order, t)
		}
		weights[t] = max(weights[t], w)
	}
	for _, g := range nlp.TermGroups(question) {
		for _, t := range g {
			add(t, 1/float64(len(g))) // a number spelled as five words is still one word
		}
	}
	own := len(order)
	for _, t := range append([]string(nil), order...) {
		for _, s := range synonyms[t] {
			if _, ok := weights[s]; !ok {
				expanded[s] = true
			}
			add(s, synonymWeight)
		}
	}
	for i, t := range order {
		q.terms = append(q.terms, weighted{term: t, weight: weights[t], synonym: i >= own && expanded[t]})
	}
	return q
}

// own are the question's own words (not expansions), for coverage.
func (q query) own() []weighted {
	var out []weighted
	for _, t := range q.terms {
		if !t.synonym {
			out = append(out, t)
		}
	}
	return out
}

// wants reports whether segment features answer the question's kinds.
func (q query) boost(f features) float64 {
	b := 1.0
	for _, m := range []struct {
		k  kind
		ok bool
	}{
		{askWhen, f.date}, {askAmount, f.number}, {askWhere, f.place}, {askWho, f.name},
		{askWhy, f.reason}, {askDecision, f.decision}, {askNext, f.commitment},
	} {
		if q.kinds&m.k != 0 && m.ok {
			b += 0.35
		}
	}
	return min(b, 1.7)
}
