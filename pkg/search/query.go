package search

import "strings"

// Query is what a search box asks: every word must match, and the last one
// may also be the start of a longer word (search-as-you-type). There is no
// phrase search: quotes and other punctuation only separate words.
type Query struct {
	terms []string
	set   map[string]bool
	// prefix: the last term may match as a prefix, only when the query does
	// not end in a space and the word is long enough to keep the expansion
	// small.
	prefix bool
}

// ParseQuery reads what was typed. A query of stop words and punctuation
// only is Empty and finds nothing.
func ParseQuery(q string) Query {
	terms := Tokenize(q)
	out := Query{terms: terms, set: make(map[string]bool, len(terms))}
	for _, t := range terms {
		out.set[t] = true
	}
	if len(terms) > 0 {
		ends := strings.TrimRightFunc(q, notWordRune) != q
		out.prefix = !ends && len(out.last()) >= 3
	}
	return out
}

// Empty reports whether the query has no word to search for.
func (q Query) Empty() bool { return len(q.terms) == 0 }

func (q Query) last() string { return q.terms[len(q.terms)-1] }

// termOf is the query term a word of a document matches, or "".
func (q Query) termOf(word string) string {
	t, ok := term(strings.ToLower(word))
	switch {
	case !ok:
		return ""
	case q.set[t]:
		return t
	case q.prefix && strings.HasPrefix(t, q.last()):
		return q.last()
	}
	return ""
}
