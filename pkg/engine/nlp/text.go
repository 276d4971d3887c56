// Package nlp is the engines' handling of English text: sentences, content
// terms (lower case, stop words and contractions dropped, Porter stems,
// numbers spelled as words so "26,880" meets "twenty-six thousand eight
// hundred and eighty") and the small prose helpers answers are written with.
// It knows nothing of recordings, so both engines can use it.
package nlp

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// stopWords carry no topic: function words, question words (the question's
// type is detected separately) and the fillers of spoken language.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a about above after again against all also am an and any are as at be because been
		before being below between both but by can could did do does doing down during each few for from further
		get got had has have having he her here hers herself him himself his how i if in into is it its itself
		just let me more most my myself no nor not of off on once only or other our ours ourselves out over own
		same she should so some such than that the their theirs them themselves then there these they this
		those through to too under until up very was we were what when where which while who whom why will with
		would you your yours yourself yourselves um uh oh yeah yes okay ok right well really actually basically
		like sure kind sort thing things lot maybe just gonna wanna want think know mean said say says tell told
		go going went come one's anyone someone something anything everyone everything please thanks thank
		hi hey per s t d ll re ve m don didn doesn isn aren wasn weren won wouldn couldn shouldn can't cannot`) {
		stopWords[w] = true
	}
}

// abbreviations expand to the word a transcript spells out.
var abbreviations = map[string]string{
	"jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june", "jul": "july",
	"aug": "august", "sep": "september", "sept": "september", "oct": "october", "nov": "november",
	"dec": "december", "mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday",
	"thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday",
	"sun": "sunday", "km": "kilometer", "kms": "kilometer", "mins": "minute", "min": "minute",
	"hrs": "hour", "hr": "hour", "mg": "milligram", "k": "thousand", "e-mail": "email", "todo": "task",
	"to-do": "task", "q&a": "question", "mri": "mri", "1:1": "one-on-one",
}

// aliases join stems the Porter stemmer leaves apart although people use them
// interchangeably.
var aliases = map[string]string{"decis": "decid", "annual": "year", "yearli": "year", "kilometr": "kilomet"}

// Terms returns the stemmed content terms of s, numbers spelled as words.
func Terms(s string) []string {
	out := make([]string, 0, len(s)/6)
	ScanWords(s, func(w string) { out = AppendTerms(out, w) })
	return out
}

// TermGroups is Terms with the terms of each written word kept together, so
// a query can weigh "3.4" (four terms: 3.4 three point four) as one word.
func TermGroups(s string) [][]string {
	var out [][]string
	ScanWords(s, func(w string) {
		if g := AppendTerms(nil, w); len(g) > 0 {
			out = append(out, g)
		}
	})
	return out
}

// ScanWords calls fn with each lower-case word of s. Digit groups keep their
// inner '.' ("3.4") and lose inner ',' ("26,880"); a '%' after a number or a
// currency sign before it becomes a word of its own.
func ScanWords(s string, fn func(string)) {
	ScanWordsCased(strings.ToLower(s), fn)
}

// ScanWordsCased is ScanWords keeping the letters' case, for labels that
// must read "PDF" and "Harbor", not "pdf" and "harbor".
//
// Every question asked of the library scans each candidate recording's
// transcript, so this runs over megabytes an answer: a word that is a plain
// run of s is passed as a substring of it, and only a word that changes
// ("26,880" loses its comma, "’" becomes "'") is copied.
func ScanWordsCased(s string, fn func(string)) {
	w := wordScan{s: s, fn: fn, start: -1}
	prev := rune(-1)
	for i, size := 0, 0; i < len(s); i += size {
		var r rune
		r, size = utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			w.keep(i, i+size)
		case (r == '.' || r == ',') && isBetween(prev, s[i+size:], unicode.IsDigit):
			if r == '.' {
				w.keep(i, i+size)
			} else {
				w.drop(i)
			}
		case (r == '\'' || r == '’') && isBetween(prev, s[i+size:], unicode.IsLetter):
			if r == '\'' {
				w.keep(i, i+size)
			} else {
				w.replace(i, '\'')
			}
		case r == '%':
			w.emit("percent")
		case r == '$':
			w.emit("dollar")
		case r == '€':
			w.emit("euro")
		default:
			w.flush()
		}
		prev = r
	}
	w.flush()
}

// isBetween reports whether the runes either side of a character, prev before
// it and the first of rest after it, both satisfy is.
func isBetween(prev rune, rest string, is func(rune) bool) bool {
	if prev < 0 || rest == "" {
		return false
	}
	next, _ := utf8.DecodeRuneInString(rest)
	return is(prev) && is(next)
}

// wordScan is the word ScanWordsCased is reading: s[start:end] while it is a
// plain run of s, or buf once a character was dropped or replaced.
type wordScan struct {
	s          string
	fn         func(string)
	start, end int // start < 0: no word
	buf        []byte
	copied     bool
}

func (w *wordScan) keep(from, to int) {
	switch {
	case w.start < 0:
		w.start, w.end = from, to
	case w.copied:
		w.buf = append(w.buf, w.s[from:to]...)
	default:
		w.end = to
	}
}

// drop leaves out the character at i: the word so far is copied.
func (w *wordScan) drop(i int) {
	if w.start < 0 {
		w.start, w.end = i, i
	}
	w.copy()
}

// replace writes b where the character at i stands.
func (w *wordScan) replace(i int, b byte) {
	w.drop(i)
	w.buf = append(w.buf, b)
}

func (w *wordScan) copy() {
	if !w.copied {
		w.buf = append(w.buf[:0], w.s[w.start:w.end]...)
		w.copied = true
	}
}

func (w *wordScan) emit(word string) {
	w.flush()
	w.fn(word)
}

func (w *wordScan) flush() {
	if w.start < 0 {
		return
	}
	word := w.s[w.start:w.end]
	if w.copied {
		word = string(w.buf)
	}
	w.start, w.copied = -1, false
	if word != "" {
		w.fn(word)
	}
}

// AppendTerms adds the terms of one word.
func AppendTerms(out []string, w string) []string {
	if i := strings.IndexByte(w, '\''); i >= 0 {
		w = w[:i] // it's, we'll, don't, Tariq's: the base carries the meaning
	}
	if a, ok := abbreviations[w]; ok {
		w = a
	}
	if isNumeric(w) {
		if strings.Contains(w, ".") {
			out = append(out, w)
		}
		return append(out, digitWords(w)...)
	}
	if n, ok := ordinalDigits(w); ok {
		return append(out, digitWords(n)...)
	}
	if c, ok := ordinals[w]; ok {
		w = c
	}
	if stopWords[w] || len(w) < 2 {
		return out
	}
	if numberWord[w] {
		return append(out, w) // unstemmed, as digits are spelled
	}
	t := stem(w)
	if a, ok := aliases[t]; ok {
		t = a
	}
	return append(out, t)
}

func isNumeric(w string) bool {
	if w == "" || w[0] < '0' || w[0] > '9' {
		return false
	}
	for i := 0; i < len(w); i++ {
		if (w[i] < '0' || w[i] > '9') && w[i] != '.' {
			return false
		}
	}
	return true
}

// ordinalDigits reads "24th", "1st", "2nd", "3rd".
func ordinalDigits(w string) (string, bool) {
	for _, suf := range []string{"st", "nd", "rd", "th"} {
		if n, ok := strings.CutSuffix(w, suf); ok && isNumeric(n) && !strings.Contains(n, ".") {
			return n, true
		}
	}
	return "", false
}

// sentenceAbbrevs end with a period without ending the sentence.
var sentenceAbbrevs = map[string]bool{"mr": true, "mrs": true, "ms": true, "dr": true, "st": true, "vs": true, "e.g": true, "i.e": true, "etc": true, "prof": true}

// Sentences splits text at '.', '!' or '?' followed by a space and a capital,
// digit or quote, except after common abbreviations ("Dr. Shah").
func Sentences(text string) []string {
	rs := []rune(strings.TrimSpace(text))
	var out []string
	start := 0
	for i := 0; i < len(rs); i++ {
		if !endsSentence(rs, i) {
			continue
		}
		if s := strings.TrimSpace(string(rs[start : i+1])); s != "" {
			out = append(out, s)
		}
		start = i + 1
	}
	if s := strings.TrimSpace(string(rs[start:])); s != "" {
		out = append(out, s)
	}
	return out
}

func endsSentence(rs []rune, i int) bool {
	r := rs[i]
	if r != '.' && r != '!' && r != '?' {
		return false
	}
	if i+2 >= len(rs) || rs[i+1] != ' ' {
		return false
	}
	next := rs[i+2]
	if !unicode.IsUpper(next) && !unicode.IsDigit(next) && next != '"' && next != '“' {
		return false
	}
	if r == '.' {
		j := i
		for j > 0 && (unicode.IsLetter(rs[j-1]) || rs[j-1] == '.') {
			j--
		}
		return !sentenceAbbrevs[strings.ToLower(string(rs[j:i]))]
	}
	return true
}
