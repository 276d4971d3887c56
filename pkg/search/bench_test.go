package search

import (
	"encoding/json"
	"fmt"
	"sort"
	"sync"
	"testing"

	"github.com/pocket-companion/pocket/pkg/fixturegen"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/tidwall/gjson"
)

// benchLibrary is one owner's generated library, indexed the way a bulk
// import indexes it (a Block per 64 recordings), in an in-memory store.
type benchLibrary struct {
	db   *store.DB
	ix   Index
	docs map[string]Doc
	// Query words picked by how many recordings hold them, so each size
	// asks the same kind of question of its own library.
	common, uncommon string
}

var (
	benchMu        sync.Mutex
	benchLibraries = map[int]*benchLibrary{}
)

// libraryOf builds (once per process) a library of n generated recordings:
// meetings of 2 to 60 minutes with a summary and action items each.
func libraryOf(b *testing.B, n int) *benchLibrary {
	benchMu.Lock()
	defer benchMu.Unlock()
	if lib, ok := benchLibraries[n]; ok {
		return lib
	}
	// Not tied to one benchmark's cleanup: the library is shared by every
	// benchmark of its size and lives until the process ends.
	db, err := store.Open(store.Options{InMemory: true})
	if err != nil {
		b.Fatal(err)
	}
	lib := &benchLibrary{db: db, ix: IndexOf("bench"), docs: map[string]Doc{}}
	df := map[string]int{}
	raws := fixturegen.Generate(n, 1)
	for start := 0; start < n; start += 64 {
		err := db.Update(func(x *store.Txn) error {
			block := lib.ix.NewBlock()
			for _, raw := range raws[start:min(start+64, n)] {
				id, d := generatedDoc(raw)
				ps := Analyze(d)
				for _, t := range ps.terms {
					df[t]++
				}
				lib.docs[id] = d
				block.Add(id, ps)
			}
			return block.Write(x)
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	lib.common, lib.uncommon = pickWords(df)
	b.Logf("%d recordings, %d distinct terms: %q in %d, %q in %d", n, len(df),
		lib.common, df[lib.common], lib.uncommon, df[lib.uncommon])
	benchLibraries[n] = lib
	return lib
}

// generatedDoc reads an import object's searchable text the way
// pkg/recordings does: title, description, the first summary with its action
// items, the transcript's segments.
func generatedDoc(raw json.RawMessage) (string, Doc) {
	rec := gjson.GetBytes(raw, "recording")
	d := Doc{Title: rec.Get("title").String(), Description: rec.Get("description").String()}
	if _, first, ok := loose.FirstSummarization(json.RawMessage(gjson.GetBytes(raw, "summarizations").Raw)); ok {
		d.Summary = loose.SummaryText(loose.Summary(first)) + "\n" + loose.ActionItemsText(loose.ActionItems(first))
	}
	for _, seg := range loose.Segments(json.RawMessage(gjson.GetBytes(raw, "transcription").Raw)) {
		d.Transcript = append(d.Transcript, Segment{Text: seg.Text, Start: seg.Start})
	}
	return rec.Get("id").String(), d
}

// pickWords returns the term most recordings hold and the least common term
// of three letters or more (the alphabetically first of each, so a run is
// repeatable). A generated library's vocabulary is small: its least common
// word is still in about one recording in eleven.
func pickWords(df map[string]int) (common, uncommon string) {
	terms := make([]string, 0, len(df))
	for t := range df {
		terms = append(terms, t)
	}
	sort.Strings(terms)
	for _, t := range terms {
		if common == "" || df[t] > df[common] {
			common = t
		}
		if len(t) >= 3 && (uncommon == "" || df[t] < df[uncommon]) {
			uncommon = t
		}
	}
	return common, uncommon
}

// BenchmarkSearch is what the search box costs the engine: a query's
// postings scored, the matches ranked, and the first page's (20) passages
// found with their highlights. Figures in docs/benchmarks.md ("Search").
func BenchmarkSearch(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		lib := libraryOf(b, n)
		queries := []struct{ name, q string }{
			{"no_match", "zyzzyva "}, // the floor: one scan that finds nothing
			{"uncommon_word", lib.uncommon + " "},
			{"word_in_every_recording", lib.common + " "},
			{"both_words", lib.common + " " + lib.uncommon + " "},
			{"prefix_of_uncommon", lib.uncommon[:3]},
		}
		for _, tt := range queries {
			b.Run(fmt.Sprintf("%dk/%s", n/1000, tt.name), func(b *testing.B) {
				q := ParseQuery(tt.q)
				hits := 0
				for b.Loop() {
					hits = lib.page(b, q)
				}
				if (hits == 0) != (tt.name == "no_match") {
					b.Fatalf("%q: %d hits", tt.q, hits)
				}
				b.ReportMetric(float64(hits), "hits")
			})
		}
	}
}

// page is one search: every match scored and ranked, the first 20 given
// their passages. It returns how many matched.
func (lib *benchLibrary) page(b *testing.B, q Query) int {
	var scores map[string]float64
	err := lib.db.View(func(x *store.Txn) (err error) {
		scores, err = lib.ix.Search(x, q, len(lib.docs))
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	ranked := Rank(scores)
	for _, id := range ranked[:min(20, len(ranked))] {
		if q.Match(lib.docs[id]) == nil {
			b.Fatalf("%s was found but has no passage", id)
		}
	}
	return len(ranked)
}

// BenchmarkSearchRelated is a library question's first stage: any of the
// question's words, scored over the whole library, the best 10 kept.
func BenchmarkSearchRelated(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		lib := libraryOf(b, n)
		question := fmt.Sprintf("What did we decide %s the %s?", lib.common, lib.uncommon)
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			for b.Loop() {
				err := lib.db.View(func(x *store.Txn) error {
					scores, err := lib.ix.Related(x, question, len(lib.docs))
					if err == nil && len(Rank(scores)) < 10 {
						err = fmt.Errorf("only %d related", len(scores))
					}
					return err
				})
				if err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
