package search

import (
	"slices"
	"strings"
	"testing"
)

func TestTokenize(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Hello, World!", "hello world"},
		{"The budgets & parties' classes", "budget party class"},
		{"Q4 2026 plan: a b c", "q4 2026 plan"},
		{"naïve café", "naïve café"},
		{"NAÏVE CAFÉ", "naïve café"},
		{"e-mail don't", "mail don"},
		{strings.Repeat("x", 41) + " fine", "fine"},
		{"um, uh, okay yeah", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			if got := strings.Join(Tokenize(tt.in), " "); got != tt.want {
				t.Fatalf("got %q want %q", got, tt.want)
			}
		})
	}
}

func TestParseQuery_TheLastWordIsAPrefixWhileBeingTyped(t *testing.T) {
	t.Parallel()
	tests := []struct {
		q      string
		prefix bool
	}{
		{"budg", true},
		{"budg ", false},     // a space ends the word
		{"budg.", false},     // so does punctuation
		{"bu", false},        // too short to expand
		{"the budg", true},   // only the last word
		{"budget the", true}, // a trailing stop word is dropped: "budget" is the last
		{"", false},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			t.Parallel()
			if got := ParseQuery(tt.q).prefix; got != tt.prefix {
				t.Fatalf("prefix %v, want %v", got, tt.prefix)
			}
		})
	}
}

// FuzzTokenize_SplitsLikeFieldsFunc checks the scanner against the plain
// definition: strings.FieldsFunc over the lower-cased text, each word filtered
// and stemmed by term.
func FuzzTokenize_SplitsLikeFieldsFunc(f *testing.F) {
	for _, s := range []string{"Budget budgets, PARTIES!", "café—naïve 42x", "İstanbul ǅ ß", "a I 7 of", "\xff\xfeword", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want []string
		for _, w := range strings.FieldsFunc(strings.ToLower(s), notWordRune) {
			if tm, ok := term(w); ok {
				want = append(want, tm)
			}
		}
		if got := Tokenize(s); !slices.Equal(got, want) {
			t.Fatalf("Tokenize(%q) = %q, want %q", s, got, want)
		}
	})
}
