package nlp

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Shorten cuts s to at most n runes at a word boundary, with an ellipsis.
func Shorten(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	cut := n
	for cut > n/2 && rs[cut] != ' ' {
		cut--
	}
	return strings.TrimRight(string(rs[:cut]), " ,;:-–—") + "…"
}

// Capitalise upper-cases the first letter.
func Capitalise(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return strings.ToUpper(string(r)) + s[size:]
}

// JoinAnd joins names as prose: "A", "A and B", "A, B and C".
func JoinAnd(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// IsCapitalised reports a word written with a capital and then lower case
// ("Harbor", not "PDF" or "harbor").
func IsCapitalised(w string) bool {
	rs := []rune(w)
	return len(rs) >= 2 && unicode.IsUpper(rs[0]) && unicode.IsLower(rs[1])
}
