package local

import (
	"strings"
	"unicode"

	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// features are kinds of information a segment holds, matched against the kind
// of answer a question asks for ("when" wants a date, "how much" a number).
// They are found by word lookups, not regular expressions: a one-hour
// transcript has thousands of lines and this runs for every one.
type features struct {
	date, number, place, name, decision, commitment, reason bool
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var (
	calendarWords = wordSet(`monday tuesday wednesday thursday friday saturday sunday january february march
		april may june july august september october november december`)
	dateWords = wordSet(`today tomorrow tonight yesterday deadline o'clock q1 q2 q3 q4 weekend noon midnight`)
	datePairs = wordSet(`next_week next_month next_year next_sprint next_quarter this_week this_month
		this_morning this_afternoon this_evening this_quarter end_of last_week`)
	amountWords   = wordSet(`percent half dozen double twice dollar dollars euros cents`)
	placeWords    = wordSet(`room hall building office floor street avenue campus city cities place online zoom downtown`)
	decisionWords = wordSet(`decided decision decide agreed agree approved approve settled confirmed vote wins`)
	decisionPairs = wordSet(`go_with going_with let's_do let's_go ship_it sign_off signed_off plan_is`)
	commitWords   = wordSet(`i'll we'll let's must`)
	commitPairs   = wordSet(`i_will i_can we_will we_need need_to needs_to we_should going_to have_to follow_up take_care
		by_monday by_tuesday by_wednesday by_thursday by_friday by_tomorrow by_tonight by_the by_next by_end`)
	reasonWords = wordSet(`because since reason caused causes due`)
	reasonPairs = wordSet(`so_that that's_why which_is problem_is happens_when`)
)

func featuresOf(text string) features {
	var f features
	var prev string
	nlp.ScanWords(text, func(w string) {
		pair := prev + "_" + w
		prev = w
		switch {
		case calendarWords[w], dateWords[w], datePairs[pair]:
			f.date = true
		}
		if nlp.IsNumberWord(w) || amountWords[w] || (w[0] >= '0' && w[0] <= '9') {
			f.number = true
		}
		f.place = f.place || placeWords[w]
		f.decision = f.decision || decisionWords[w] || decisionPairs[pair]
		f.commitment = f.commitment || commitWords[w] || commitPairs[pair]
		f.reason = f.reason || reasonWords[w] || reasonPairs[pair]
	})
	if strings.Contains(text, "a.m.") || strings.Contains(text, "p.m.") {
		f.date = true
	}
	f.name = hasProperNoun(text)
	f.place = f.place || f.name // "in Hall B", "Austin and Denver"
	return f
}

// hasProperNoun reports a capitalised word inside a sentence (not its first
// word, not "I", not a weekday or month): a person's or a place's name.
func hasProperNoun(text string) bool {
	atStart := true
	for _, w := range strings.Fields(text) {
		core := strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
		if core != "" && !atStart && nlp.IsCapitalised(core) && core != "I" && !calendarWords[strings.ToLower(core)] {
			return true
		}
		atStart = strings.ContainsAny(w[len(w)-1:], ".?!")
	}
	return false
}

// isQuestion reports whether the segment ends by asking something: what
// follows it, by someone else, is likely the answer.
func isQuestion(text string) bool {
	return strings.HasSuffix(strings.TrimSpace(text), "?")
}
