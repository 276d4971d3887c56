package search

import (
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Match tells a search result where its query matched, so the list can show
// the passage under the title. Highlights are [start, end) in UTF-16 code
// units of Passage, which is how browsers index strings.
type Match struct {
	Field      string   `json:"field"`
	Passage    string   `json:"passage"`
	Highlights [][2]int `json:"highlights"`
	StartTime  *float64 `json:"start_time,omitempty"`
}

// passageRunes bounds a passage; context keeps this many runes before the
// first matched word when a passage must be cut.
const (
	passageRunes  = 200
	passageBefore = 60
)

// span is one matched word: byte offsets into the text and its query term.
type span struct {
	from, to int
	term     string
}

// spans lists the words of text q matches, in order.
func (q Query) spans(text string) []span {
	var out []span
	start := -1
	for i, r := range text + " " {
		if !notWordRune(r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			if t := q.termOf(text[start:i]); t != "" {
				out = append(out, span{start, i, t})
			}
			start = -1
		}
	}
	return out
}

func coverage(sp []span) int {
	seen := map[string]bool{}
	for _, s := range sp {
		seen[s.term] = true
	}
	return len(seen)
}

// candidate is one passage a field offers: a sentence, a summary line or a
// transcript segment.
type candidate struct {
	text  string
	start *float64
}

// Match picks the passage of d that holds the most of q's words: nil when
// none does. Ties go to the stronger field (title, description, summary,
// transcript) and then to the earlier passage. A long passage is cut to
// about 200 characters around its first matched word.
func (q Query) Match(d Doc) *Match {
	best, bestCov, bestField := candidate{}, 0, Field(-1)
	for f := Title; f <= Transcript; f++ {
		for _, c := range passages(f, d) {
			if cov := coverage(q.spans(c.text)); cov > bestCov {
				best, bestCov, bestField = c, cov, f
			}
		}
	}
	if bestField < 0 {
		return nil
	}
	text := trimAround(best.text, q.spans(best.text))
	return &Match{Field: bestField.String(), Passage: text, Highlights: utf16Ranges(text, q.spans(text)), StartTime: best.start}
}

// passages are what field f of d offers: the title, each segment of the
// transcript, each sentence or line of the prose fields.
func passages(f Field, d Doc) []candidate {
	var out []candidate
	switch f {
	case Title:
		out = append(out, candidate{text: squash(d.Title)})
	case Transcript:
		for _, seg := range d.Transcript {
			start := seg.Start
			out = append(out, candidate{text: squash(seg.Text), start: &start})
		}
	default:
		prose := d.Description
		if f == Summary {
			prose = d.Summary
		}
		for _, s := range sentences(prose) {
			out = append(out, candidate{text: s})
		}
	}
	return out
}

// sentences splits prose at line breaks and after . ! ? followed by a space.
func sentences(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		from := 0
		for i := 0; i+1 < len(line); i++ {
			if strings.ContainsRune(".!?", rune(line[i])) && line[i+1] == ' ' {
				out = appendNonBlank(out, line[from:i+1])
				from = i + 1
			}
		}
		out = appendNonBlank(out, line[from:])
	}
	return out
}

func appendNonBlank(out []string, s string) []string {
	if s = squash(s); s != "" {
		out = append(out, s)
	}
	return out
}

// squash collapses runs of white space, so passages read as one line.
func squash(s string) string { return strings.Join(strings.Fields(s), " ") }

// trimAround cuts a long passage to about passageRunes runes, starting a little
// before the first matched word, at word boundaries, marking cuts with "…".
func trimAround(text string, sp []span) string {
	if utf8.RuneCountInString(text) <= passageRunes {
		return text
	}
	first := 0
	if len(sp) > 0 {
		first = utf8.RuneCountInString(text[:sp[0].from])
	}
	runes := []rune(text)
	from := max(0, first-passageBefore)
	to := min(len(runes), from+passageRunes)
	from = max(0, min(from, to-passageRunes))
	if from > 0 { // start after a space, unless that would skip the match
		for i := from; i < first; i++ {
			if unicode.IsSpace(runes[i]) {
				from = i + 1
				break
			}
		}
	}
	if to < len(runes) {
		for i := to; i > first+1; i-- {
			if unicode.IsSpace(runes[i-1]) {
				to = i - 1
				break
			}
		}
	}
	out := string(runes[from:to])
	if from > 0 {
		out = "…" + out
	}
	if to < len(runes) {
		out += "…"
	}
	return out
}

// utf16Ranges converts byte spans of text to UTF-16 code unit ranges.
func utf16Ranges(text string, sp []span) [][2]int {
	out := [][2]int{}
	units, next := 0, 0
	at := map[int]int{} // byte offset → UTF-16 offset, for span edges only
	edges := map[int]bool{}
	for _, s := range sp {
		edges[s.from], edges[s.to] = true, true
	}
	for i, r := range text {
		if edges[i] {
			at[i] = units
		}
		units += utf16.RuneLen(r)
		next = i + utf8.RuneLen(r)
	}
	at[next] = units
	for _, s := range sp {
		out = append(out, [2]int{at[s.from], at[s.to]})
	}
	return out
}
