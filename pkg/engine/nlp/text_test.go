package nlp

import (
	"reflect"
	"strings"
	"testing"
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
