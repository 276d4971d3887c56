package search

import (
	"slices"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/store"
)

func TestSearch_RanksByFieldThenByHowMuchOfTheFieldTheWordIs(t *testing.T) {
	t.Parallel()
	chatty := strings.Repeat("the budget and the budget again, budget budget ", 40)
	lib := library{
		"transcript": {Title: "Weekly call", Transcript: []Segment{{Text: chatty}}},
		"title":      {Title: "Budget review", Transcript: []Segment{{Text: "numbers were discussed at length by everyone"}}},
		"desc":       {Title: "Planning", Description: "budget notes"},
		"summary":    {Title: "Sync", Summary: "the budget was approved"},
		"none":       {Title: "Other", Transcript: []Segment{{Text: "nothing relevant"}}},
		"short":      titled("Standup"),
		"long":       titled("Standup with the whole extended product and design group"),
	}
	expectFinds(t, lib, []finds{
		{"budget", []string{"title", "desc", "summary", "transcript"}}, // by field
		{"standup", []string{"short", "long"}},                         // the shorter title ranks higher
		{"zebra", nil},
	})
}

func TestSearch_EveryWordMustMatchAndTheLastMayBeAPrefix(t *testing.T) {
	t.Parallel()
	lib := library{
		"a": titled("Quarterly budgeting session"),
		"b": titled("Quarterly hiring"),
		"c": titled("Budgets for parties"),
		"d": {Title: "Review", Transcript: []Segment{{Text: "review the forecast first"}}},
	}
	expectFinds(t, lib, []finds{
		{"quarterly budg", []string{"a"}},
		{"budget", []string{"c", "a"}}, // exact (plural folded) before prefix completion
		{"budget ", []string{"c"}},     // a trailing space ends the word: no prefix
		{"party", []string{"c"}},
		{"quarterly", []string{"b", "a"}},
		{"quarterly zebra", nil},
		{"bu", nil},                          // too short to expand
		{`"forecast review"`, []string{"d"}}, // quotes are no phrase: both words, anywhere
		{`"review forecast"`, []string{"d"}}, // in any order
		{"first forecast review", []string{"d"}},
	})
}

func TestSearch_FoldsCaseAndPluralsButKeepsAccents(t *testing.T) {
	t.Parallel()
	lib := library{
		"quokka": titled("Quokka sighting"),
		"cafe":   spoken("meet at the café"),
		"plain":  spoken("a cafe downstairs"),
		"party":  spoken("two parties planned"),
		"classy": spoken("the classes start"),
		"greek":  titled("ΣΥΝΆΝΤΗΣΗ ομάδας"),
	}
	expectFinds(t, lib, []finds{
		{"QUOKKA", []string{"quokka"}},
		{"qUoKkA sightings", []string{"quokka"}},
		{"CAFÉ ", []string{"cafe"}},
		{"cafe ", []string{"plain"}}, // accents are kept: "cafe" is not "café"
		{"party", []string{"party"}},
		{"parties", []string{"party"}},
		{"class", []string{"classy"}},
		{"συνάντηση", []string{"greek"}},
	})
}

func TestSearch_AQueryWithNoWordFindsNothing(t *testing.T) {
	t.Parallel()
	lib := library{"r": titled("The meeting and a talk")}
	db, ix := indexed(t, "u1", lib)
	for _, q := range []string{"", "   ", "!!! ?", "the and", "a", strings.Repeat("x", 41)} {
		t.Run(q, func(t *testing.T) {
			t.Parallel()
			if !ParseQuery(q).Empty() && len(Tokenize(q)) == 0 {
				t.Fatalf("%q has no word but is not Empty", q)
			}
			if got := find(t, db, ix, q, len(lib)); got == nil || len(got) != 0 {
				t.Fatalf("%q found %#v, want an empty list", q, got)
			}
		})
	}
}

func TestSearch_LimitsWhatIsIndexed(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("y", maxTermLen)
	lib := library{
		"hash":  spoken("commit " + strings.Repeat("z", maxTermLen+1)),
		"long":  spoken("word " + long),
		"digit": spoken("step 7 of a plan"),
	}
	expectFinds(t, lib, []finds{
		{strings.Repeat("z", maxTermLen+1) + " ", nil}, // more than 40 letters is not a word
		{long + " ", []string{"long"}},                 // 40 letters are
		{"7 ", []string{"digit"}},                      // a lone digit is kept
		{"a plan", []string{"digit"}},                  // a lone letter is not
	})
}

func TestSearch_ReadsOnlyTheOwnersIndex(t *testing.T) {
	t.Parallel()
	db, mine := indexed(t, "u1", library{"mine": titled("Walrus notes")})
	theirs := IndexOf("u10") // shares a prefix with u1's name
	put(t, db, theirs, library{"theirs": titled("Walrus plans"), "other": titled("Walrus too")})
	for _, tt := range []struct {
		ix   Index
		want []string
	}{{mine, []string{"mine"}}, {theirs, []string{"other", "theirs"}}} {
		if got := find(t, db, tt.ix, "walrus", 3); !slices.Equal(got, tt.want) {
			t.Fatalf("%s found %v, want %v", tt.ix.owner, got, tt.want)
		}
	}
}

func TestRelated_AnyWordCountsAndRarerWordsRise(t *testing.T) {
	t.Parallel()
	weekly := func(said string) Doc { return Doc{Title: "Weekly sync", Transcript: []Segment{{Text: said}}} }
	lib := library{
		"a":    weekly("the launch slipped a week"),
		"b":    weekly("the launch is on track"),
		"c":    weekly("the invoice from the vendor"),
		"d":    weekly("the launch needs the invoice paid"),
		"none": spoken("weather today"),
	}
	db, ix := indexed(t, "u1", lib)
	tests := []struct {
		question string
		want     []string
	}{
		// Both words first; then the rarer word (invoice: 2 of 5) over the
		// commoner (launch: 3 of 5); then the shorter transcript.
		{"Did the launch wait for the invoice?", []string{"d", "c", "b", "a"}},
		{"launch launch launch invoice", []string{"d", "c", "b", "a"}}, // a repeated word counts once
		{"When is the launch?", []string{"b", "a", "d"}},
		{"laun", nil}, // a question is not typed as it is read: no prefixes
		{"the and of", nil},
	}
	for _, tt := range tests {
		t.Run(tt.question, func(t *testing.T) {
			t.Parallel()
			var scores map[string]float64
			err := db.View(func(x *store.Txn) (err error) {
				scores, err = ix.Related(x, tt.question, len(lib))
				return err
			})
			if got := Rank(scores); err != nil || !slices.Equal(got, tt.want) {
				t.Fatalf("ranked %v (%v), want %v", got, err, tt.want)
			}
		})
	}
}

func TestRank_BestFirstThenByID(t *testing.T) {
	t.Parallel()
	got := Rank(map[string]float64{"b": 1, "a": 1, "c": 2, "d": 0.5})
	if want := []string{"c", "a", "b", "d"}; !slices.Equal(got, want) {
		t.Fatalf("got %v want %v", got, want)
	}
}

// finds is a query and the ids it must find, best first.
type finds struct {
	q    string
	want []string
}

// expectFinds indexes lib and runs each query against it.
func expectFinds(t *testing.T, lib library, tests []finds) {
	t.Helper()
	db, ix := indexed(t, "u1", lib)
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			t.Parallel()
			if got := find(t, db, ix, tt.q, len(lib)); !slices.Equal(got, tt.want) {
				t.Fatalf("%q found %v, want %v", tt.q, got, tt.want)
			}
		})
	}
}
