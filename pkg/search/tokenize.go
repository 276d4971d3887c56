package search

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxTermLen drops tokens that are not words (hashes, URLs squashed together)
// and keeps posting keys short.
const maxTermLen = 40

// stopWords are not indexed: they match nearly every transcript, so their
// posting lists would be long and their scores near zero.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an and are as at be but by for from had has have he her his i if in into
		is it its me my no not of on or our so than that the their them then there these they this to too
		us was we were what when which who will with you your um uh yeah okay ok`) {
		stopWords[w] = true
	}
}

// Tokenize splits text into the terms the index holds: runs of letters and
// digits, lower-cased, plurals folded; one-letter words and stop words
// dropped. Accents are kept ("café" is not "cafe").
func Tokenize(s string) []string {
	var out []string
	eachTerm(s, func(t string) { out = append(out, t) })
	return out
}

// eachTerm calls fn with each of Tokenize's terms of s, in order, without
// building the list: indexing a transcript counts its terms as it goes.
func eachTerm(s string, fn func(term string)) {
	if isASCII(s) {
		eachASCIITerm(s, fn)
		return
	}
	s = strings.ToLower(s)
	start := -1
	for i, r := range s {
		switch {
		case !notWordRune(r):
			if start < 0 {
				start = i
			}
		case start >= 0:
			if t, ok := term(s[start:i]); ok {
				fn(t)
			}
			start = -1
		}
	}
	if start >= 0 {
		if t, ok := term(s[start:]); ok {
			fn(t)
		}
	}
}

// eachASCIITerm is eachTerm for text of ASCII only (nearly every transcript):
// bytes instead of runes, and no lower-cased copy of the whole text, only of
// the words that have a capital (indexing's scan was a tenth of an import's
// CPU, docs/benchmarks.md).
func eachASCIITerm(s string, fn func(term string)) {
	start, capital := -1, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case asciiWord[c]:
			if start < 0 {
				start, capital = i, false
			}
			capital = capital || ('A' <= c && c <= 'Z')
		case start >= 0:
			asciiTerm(s[start:i], capital, fn)
			start = -1
		}
	}
	if start >= 0 {
		asciiTerm(s[start:], capital, fn)
	}
}

func asciiTerm(w string, capital bool, fn func(term string)) {
	if len(w) > maxTermLen {
		return
	}
	if capital {
		w = strings.ToLower(w)
	}
	if t, ok := term(w); ok {
		fn(t)
	}
}

// asciiWord marks the ASCII letters and digits: the word bytes of ASCII text.
var asciiWord = func() (table [256]bool) {
	for c := range utf8.RuneSelf {
		table[c] = !notWordRune(rune(c))
	}
	return table
}()

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func notWordRune(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

func term(w string) (string, bool) {
	if len(w) > maxTermLen || stopWords[w] {
		return "", false
	}
	if utf8.RuneCountInString(w) < 2 && !unicode.IsDigit(rune(w[0])) {
		return "", false
	}
	return stem(w), true
}

// stem folds plurals only ("budgets" → "budget", "parties" → "party"): enough
// for people's searches to match, without the surprises of a full stemmer.
func stem(w string) string {
	switch {
	case len(w) > 4 && strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		return w[:len(w)-2]
	case len(w) > 3 && strings.HasSuffix(w, "s") &&
		!strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		return w[:len(w)-1]
	}
	return w
}
