package search

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// marked slices the passage the way a browser would (UTF-16 offsets).
func marked(m *Match) []string {
	units := utf16.Encode([]rune(m.Passage))
	var out []string
	for _, h := range m.Highlights {
		out = append(out, string(utf16.Decode(units[h[0]:h[1]])))
	}
	return out
}

func TestMatch_NamesFieldPassageHighlightsAndTime(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, q        string
		doc            Doc
		field, passage string
		marks          []string
		start          float64 // -1: none
	}{
		{"title, with an emoji before a mark", "café budget", Doc{Title: "Café 🎉 budgets  review"},
			"title", "Café 🎉 budgets review", []string{"Café", "budgets"}, -1},
		{"description, the sentence that holds it", "café budget", Doc{Title: "x", Description: "First line. The naïve café budget talk! Last one."},
			"description", "The naïve café budget talk!", []string{"café", "budget"}, -1},
		{"summary, the line that holds it", "cafe budget", Doc{Title: "x", Summary: "Notes\nother things\nthe 🎉 cafe budget was approved"},
			"summary", "the 🎉 cafe budget was approved", []string{"cafe", "budget"}, -1},
		{"transcript, the segment and its start", "CAFÉ BUDGET", Doc{Title: "x", Transcript: []Segment{
			{Text: "hello there", Start: 1}, {Text: "Ça va? Le café 🎉 et les budgets.", Start: 42.5}}},
			"transcript", "Ça va? Le café 🎉 et les budgets.", []string{"café", "budgets"}, 42.5},
		{"the stronger field wins a tie, a prefix is marked whole", "roadm", Doc{Title: "Roadmap planning",
			Transcript: []Segment{{Text: "we discussed the roadmap at length"}}},
			"title", "Roadmap planning", []string{"Roadmap"}, -1},
		{"more of the query's words beat a stronger field", "roadmap budget", Doc{Title: "Roadmap planning",
			Transcript: []Segment{{Text: "the roadmap", Start: 3}, {Text: "the roadmap's budget", Start: 9}}},
			"transcript", "the roadmap's budget", []string{"roadmap", "budget"}, 9},
		{"every mention is marked", "lemur", Doc{Title: "x", Description: "Lemur, lemurs and LEMUR."},
			"description", "Lemur, lemurs and LEMUR.", []string{"Lemur", "lemurs", "LEMUR"}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := ParseQuery(tt.q).Match(tt.doc)
			if m == nil {
				t.Fatal("no match")
			}
			if m.Field != tt.field || m.Passage != tt.passage || !slices.Equal(marked(m), tt.marks) {
				t.Fatalf("got %s %q marks %q", m.Field, m.Passage, marked(m))
			}
			if (tt.start < 0) != (m.StartTime == nil) || (m.StartTime != nil && *m.StartTime != tt.start) {
				t.Fatalf("start_time %v, want %v", m.StartTime, tt.start)
			}
		})
	}
}

func TestMatch_NoneWhenNoPassageHoldsAWord(t *testing.T) {
	t.Parallel()
	d := Doc{Title: "Budget", Transcript: []Segment{{Text: "numbers"}}}
	for q, matches := range map[string]bool{"zebra": false, "": false, "the": false, "bu": false, "bud": true, "budget zebra": true} {
		if m := ParseQuery(q).Match(d); (m != nil) != matches {
			t.Fatalf("%q matched %+v, want a match: %v", q, m, matches)
		}
	}
}

func TestMatch_ALongPassageIsCutAroundItsFirstMark(t *testing.T) {
	t.Parallel()
	filler := strings.Repeat("filler wörds here ", 30)
	tests := []struct {
		name, text        string
		cutBefore, cutEnd bool
	}{
		{"in the middle", filler + "the zebra appeared " + strings.Repeat("more filler ", 30), true, true},
		{"near the start", "the zebra appeared " + filler, false, true},
		{"near the end", filler + "the zebra", true, false},
		{"short enough", "the zebra appeared", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := ParseQuery("zebra").Match(Doc{Transcript: []Segment{{Text: tt.text}}})
			n := len([]rune(m.Passage))
			if n > passageRunes+2 || strings.HasPrefix(m.Passage, "…") != tt.cutBefore || strings.HasSuffix(m.Passage, "…") != tt.cutEnd {
				t.Fatalf("passage %q (%d runes)", m.Passage, n)
			}
			if !slices.Equal(marked(m), []string{"zebra"}) {
				t.Fatalf("marks %q in %q", marked(m), m.Passage)
			}
		})
	}
}
