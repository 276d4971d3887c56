package firstpaint

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// jsSpace is JavaScript's \s, which the app's patterns use (Go's \s is
// ASCII only).
const jsSpace = `\s\x{0b}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// emphasis is the app's single-marker emphasis (`*word*`, `_word_`) after a
// space or "(", without its lookahead, which endsEmphasis checks.
var emphasis = regexp.MustCompile(`[` + jsSpace + `(][*_]([^*_` + jsSpace + `][^*_]*?)[*_]`)

var emphasisEnd = regexp.MustCompile(`^[` + jsSpace + `).,;:!?]`)

// withoutEmphasis drops single-marker emphasis as the app's row preview does
// (stripMarkdown in pwa/src/data/normalize/recording.ts): a marker pair
// around words that starts the text or follows a space or "(", and ends it
// or comes before a space or punctuation, so snake_case and 2*3*4 stay.
func withoutEmphasis(s string) string {
	padded := " " + s // the app's pattern also matches at the start
	var b strings.Builder
	written := 0
	for from := 0; from < len(padded); {
		m := emphasis.FindStringSubmatchIndex(padded[from:])
		if m == nil {
			break
		}
		start, end := from+m[0], from+m[1]
		if end < len(padded) && !emphasisEnd.MatchString(padded[end:]) {
			_, size := utf8.DecodeRuneInString(padded[start:])
			from = start + size // the app's pattern tries again from the next character
			continue
		}
		_, size := utf8.DecodeRuneInString(padded[start:])
		b.WriteString(padded[written : start+size])
		b.WriteString(padded[from+m[2] : from+m[3]])
		written, from = end, end
	}
	b.WriteString(padded[written:])
	return b.String()[1:]
}
