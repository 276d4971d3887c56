package nlp

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"
)

func TestStem_PorterVocabulary(t *testing.T) {
	// Expected values from Porter's published test vocabulary.
	pairs := map[string]string{
		"caresses": "caress", "ponies": "poni", "cats": "cat", "feed": "feed", "agreed": "agre", //nolint:misspell // a Porter stem, not a word
		"plastered": "plaster", "motoring": "motor", "sing": "sing", "conflated": "conflat",
		"troubled": "troubl", "sized": "size", "hopping": "hop", "falling": "fall", "filing": "file",
		"happy": "happi", "relational": "relat", "conditional": "condit", "rational": "ration",
		"digitizer": "digit", "generalization": "gener", "adjustment": "adjust", "replacement": "replac",
		"probate": "probat", "rate": "rate", "controll": "control", "roll": "roll", "improved": "improv", //nolint:misspell // Porter's vocabulary
		"improvement": "improv", "meetings": "meet", "decisions": "decis",
	}
	for in, want := range pairs {
		if got := stem(in); got != want {
			t.Errorf("stem(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTerms_NumbersMeetTheirSpelledForm(t *testing.T) {
	tests := []struct{ typed, spoken string }{
		{"80 seats", "eighty seats"},
		{"$26,880", "twenty-six thousand eight hundred and eighty dollars"},
		{"41%", "forty-one percent"},
		{"Dec 1", "December first"},
		{"0.875", "zero point eight seven five"},
		{"Nov 24th", "November twenty-fourth"},
		{"15 km", "fifteen kilometers"},
	}
	for _, tt := range tests {
		t.Run(tt.typed, func(t *testing.T) {
			typed, spoken := Terms(tt.typed), Terms(tt.spoken)
			for _, w := range spoken {
				if !contains(typed, w) && w != "dollar" {
					t.Fatalf("%q → %v does not cover %q → %v", tt.typed, typed, tt.spoken, spoken)
				}
			}
		})
	}
}

func TestTerms_DropsStopWordsAndContractions(t *testing.T) {
	got := Terms("Okay, so what's the new date? We'll decide on Tariq's place.")
	want := []string{"new", "date", "decid", "tariq", "place"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v", got)
	}
}

func TestSentences(t *testing.T) {
	got := Sentences("Good morning, Sam. I'm Dr. Shah. Version 3.4 ships? Yes! at 5 p.m. tonight.")
	want := []string{"Good morning, Sam.", "I'm Dr. Shah.", "Version 3.4 ships?", "Yes! at 5 p.m. tonight."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q", got)
	}
}

func TestNumberWords(t *testing.T) {
	tests := map[int64]string{0: "zero", 7: "seven", 42: "forty two", 100: "one hundred",
		26880: "twenty six thousand eight hundred eighty", 1200000: "one million two hundred thousand"}
	for n, want := range tests {
		if got := strings.Join(numberWords(n), " "); got != want {
			t.Errorf("%d: %q", n, got)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// scanWordsByRunes is how ScanWordsCased read words before it passed
// substrings: over the text's runes, each word built anew. The two must agree
// on every text.
func scanWordsByRunes(s string, fn func(string)) {
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			fn(b.String())
			b.Reset()
		}
	}
	rs := []rune(s)
	between := func(i int, is func(rune) bool) bool {
		return i > 0 && i+1 < len(rs) && is(rs[i-1]) && is(rs[i+1])
	}
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		case (r == '.' || r == ',') && between(i, unicode.IsDigit):
			if r == '.' {
				b.WriteRune(r)
			}
		case (r == '\'' || r == '’') && between(i, unicode.IsLetter):
			b.WriteRune('\'')
		case r == '%':
			flush()
			fn("percent")
		case r == '$':
			flush()
			fn("dollar")
		case r == '€':
			flush()
			fn("euro")
		default:
			flush()
		}
	}
	flush()
}

func collectWords(scan func(string, func(string)), s string) []string {
	var out []string
	scan(s, func(w string) { out = append(out, w) })
	return out
}

func TestScanWordsCased_AgreesWithARuneByRuneScan(t *testing.T) {
	texts := []string{
		"", " ", "a", "Okay, so what's the new date? We'll decide on Tariq’s place.",
		"$26,880 is 41% of 65,536.5 — €3.4k, 1,2,3 and 3.4.5 or .5 and 5. and ,5",
		"it’s ’quoted’ and 'quoted' and don’t’s", "Zürich naïve café 東京 ١٢٣ x²",
		"\xff\xfeinvalid\xc3 bytes\xe2\x80 and \uFFFD replacement", "end with digit 7", "'", "’a", "a’", "1,", ",1", "a'b'c",
	}
	fixtures, err := filepath.Glob("../../../fixtures/recordings/*.json")
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range fixtures {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(raw), strings.ToLower(string(raw)))
	}
	for _, s := range texts {
		got, want := collectWords(ScanWordsCased, s), collectWords(scanWordsByRunes, s)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("ScanWordsCased(%q) = %q, want %q", s, got, want)
		}
	}
}

// BenchmarkScanWords: the scan over a transcript's worth of text, against the
// rune-by-rune scan it replaced (the baseline, in the same run).
func BenchmarkScanWords(b *testing.B) {
	text := strings.ToLower(strings.Repeat("Okay, so what's the new date? We'll decide on Tariq’s place: $26,880 by Dec 1, or 41% of it. ", 200))
	for _, scan := range []struct {
		name string
		fn   func(string, func(string))
	}{{"runes", scanWordsByRunes}, {"substrings", ScanWordsCased}} {
		b.Run(scan.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				scan.fn(text, func(string) {})
			}
		})
	}
}
