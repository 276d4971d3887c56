package nlp

import "strings"

// stem is the Porter (1980) stemmer for lower-case ASCII words; anything else
// is returned unchanged. A full stemmer (not just plural folding, as search
// uses) matters here: a question says "decide" where the transcript says
// "decision", "improved" where it says "improvement".
func stem(w string) string {
	if len(w) <= 2 {
		return w
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return w
		}
	}
	w = step1a(w)
	w = step1b(w)
	w = step1c(w)
	w = replaceFirst(w, step2Rules, 0)
	w = replaceFirst(w, step3Rules, 0)
	w = step4(w)
	return step5(w)
}

func isCons(w string, i int) bool {
	switch w[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !isCons(w, i-1)
	}
	return true
}

// measure counts the vowel-consonant sequences (Porter's m) of w.
func measure(w string) int {
	m, i, n := 0, 0, len(w)
	for i < n && isCons(w, i) {
		i++
	}
	for i < n {
		for i < n && !isCons(w, i) {
			i++
		}
		if i >= n {
			break
		}
		m++
		for i < n && isCons(w, i) {
			i++
		}
	}
	return m
}

func hasVowel(w string) bool {
	for i := range w {
		if !isCons(w, i) {
			return true
		}
	}
	return false
}

func doubleCons(w string) bool {
	n := len(w)
	return n >= 2 && w[n-1] == w[n-2] && isCons(w, n-1)
}

// cvc: ends consonant-vowel-consonant, the last not w, x or y.
func cvc(w string) bool {
	n := len(w)
	if n < 3 || !isCons(w, n-1) || isCons(w, n-2) || !isCons(w, n-3) {
		return false
	}
	c := w[n-1]
	return c != 'w' && c != 'x' && c != 'y'
}

func step1a(w string) string {
	switch {
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "ies"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "ss"):
		return w
	case strings.HasSuffix(w, "s"):
		return w[:len(w)-1]
	}
	return w
}

func step1b(w string) string {
	if strings.HasSuffix(w, "eed") {
		if measure(w[:len(w)-3]) > 0 {
			return w[:len(w)-1]
		}
		return w
	}
	for _, suf := range []string{"ed", "ing"} {
		if stemPart, ok := strings.CutSuffix(w, suf); ok && hasVowel(stemPart) {
			return step1bFix(stemPart)
		}
	}
	return w
}

func step1bFix(w string) string {
	switch {
	case strings.HasSuffix(w, "at"), strings.HasSuffix(w, "bl"), strings.HasSuffix(w, "iz"):
		return w + "e"
	case doubleCons(w) && !strings.ContainsRune("lsz", rune(w[len(w)-1])):
		return w[:len(w)-1]
	case measure(w) == 1 && cvc(w):
		return w + "e"
	}
	return w
}

func step1c(w string) string {
	if s, ok := strings.CutSuffix(w, "y"); ok && hasVowel(s) {
		return s + "i"
	}
	return w
}

type rule struct{ suffix, repl string }

var step2Rules = []rule{
	{"ational", "ate"}, {"tional", "tion"}, {"enci", "ence"}, {"anci", "ance"}, {"izer", "ize"},
	{"bli", "ble"}, {"alli", "al"}, {"entli", "ent"}, {"eli", "e"}, {"ousli", "ous"},
	{"ization", "ize"}, {"ation", "ate"}, {"ator", "ate"}, {"alism", "al"}, {"iveness", "ive"},
	{"fulness", "ful"}, {"ousness", "ous"}, {"aliti", "al"}, {"iviti", "ive"}, {"biliti", "ble"},
	{"logi", "log"},
}

var step3Rules = []rule{
	{"icate", "ic"}, {"ative", ""}, {"alize", "al"}, {"iciti", "ic"}, {"ical", "ic"}, {"ful", ""}, {"ness", ""},
}

// replaceFirst applies the rule of the longest matching suffix when the rest
// has a measure above minM.
func replaceFirst(w string, rules []rule, minM int) string {
	best := -1
	for i, r := range rules {
		if strings.HasSuffix(w, r.suffix) && (best < 0 || len(r.suffix) > len(rules[best].suffix)) {
			best = i
		}
	}
	if best < 0 {
		return w
	}
	base := w[:len(w)-len(rules[best].suffix)]
	if measure(base) > minM {
		return base + rules[best].repl
	}
	return w
}

var step4Suffixes = []string{
	"ement", "ance", "ence", "able", "ible", "ment", "ant", "ent", "ism", "ate", "iti", "ous", "ive", "ize",
	"ion", "al", "er", "ic", "ou",
}

func step4(w string) string {
	for _, suf := range step4Suffixes { // longest first where they overlap (ement, ment, ent)
		base, ok := strings.CutSuffix(w, suf)
		if !ok {
			continue
		}
		if suf == "ion" && (base == "" || (base[len(base)-1] != 's' && base[len(base)-1] != 't')) {
			return w
		}
		if measure(base) > 1 {
			return base
		}
		return w
	}
	return w
}

func step5(w string) string {
	if base, ok := strings.CutSuffix(w, "e"); ok {
		if m := measure(base); m > 1 || (m == 1 && !cvc(base)) {
			w = base
		}
	}
	if measure(w) > 1 && doubleCons(w) && w[len(w)-1] == 'l' {
		w = w[:len(w)-1]
	}
	return w
}
