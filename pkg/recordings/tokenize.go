package recordings

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

// tokenize splits text into lower-case, lightly stemmed terms: runs of letters
// and digits; one-letter words and stop words dropped.
func tokenize(s string) []string {
	var out []string
	eachTerm(s, func(t string) { out = append(out, t) })
	return out
}

// eachTerm calls fn with each of tokenize's terms of s, in order, without
// building the list: indexing a transcript counts its terms as it goes.
func eachTerm(s string, fn func(term string)) {
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

// queryTerms tokenises a query. prefix reports whether the last word may be
// matched as a prefix (search-as-you-type): only when the query does not end
// in a space and the word is long enough to keep the expansion small.
func queryTerms(q string) (terms []string, prefix bool) {
	terms = tokenize(q)
	if len(terms) == 0 {
		return nil, false
	}
	last := terms[len(terms)-1]
	ends := strings.TrimRightFunc(q, notWordRune) != q
	return terms, !ends && len(last) >= 3
}
