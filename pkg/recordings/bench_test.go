package recordings

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/fixturegen"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/tidwall/gjson"
)

// benchLibrarySize is the per-user library the dashboard must stay fast at.
const benchLibrarySize = 10000

var (
	benchOnce sync.Once
	benchSvc  *Service
)

// benchService imports 10,000 recordings (small transcripts, summaries on
// half) once per process; every benchmark reads the same library.
func benchService(b *testing.B) *Service {
	benchOnce.Do(func() {
		// Not tied to one benchmark's cleanup: the library is shared by all of
		// them and lives until the process ends.
		db, err := store.Open(store.Options{InMemory: true})
		if err != nil {
			b.Fatal(err)
		}
		s := NewService(db, nil, nil)
		words := []string{"budget", "launch", "hiring", "roadmap", "customer", "design", "review", "pricing"}
		for i := 0; i < benchLibrarySize; i++ {
			fields := map[string]any{
				"_transcript": fmt.Sprintf("we discussed the %s and the %s for item %d", words[i%8], words[(i/8)%8], i),
				"folder":      map[string]string{"name": words[i%3]},
				"duration":    i % 3600,
			}
			if i%2 == 0 {
				fields["_summary"] = fmt.Sprintf("## Notes\n- %s follow-up %d", words[(i/3)%8], i)
			}
			at := base.Add(time.Duration(i) * time.Minute)
			if _, err := s.Import(ctx, "bench", rec(fmt.Sprintf("r%05d", i), fmt.Sprintf("Meeting %d about %s", i, words[i%8]), at, fields)); err != nil {
				b.Fatal(err)
			}
		}
		benchSvc = s
	})
	return benchSvc
}

func BenchmarkDashboard(b *testing.B) {
	s := benchService(b)
	for _, bc := range []struct {
		name string
		q    DashboardQuery
	}{
		{"first_page", DashboardQuery{}},
		{"title_asc", DashboardQuery{SortBy: SortTitle, SortOrder: Asc}},
		{"has_summarization", DashboardQuery{HasSummarization: ptr(true)}},
		{"date_range", DashboardQuery{StartDate: base.Add(1000 * time.Minute), EndDate: base.Add(2000 * time.Minute)}},
		{"search_filter", DashboardQuery{Search: "pricing roadmap"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			p, err := s.Dashboard(ctx, "bench", bc.q)
			if err != nil || len(p.Data) == 0 {
				b.Fatalf("%v %d", err, len(p.Data))
			}
			cursor := p.NextCursor
			b.ResetTimer()
			for b.Loop() {
				q := bc.q
				q.Cursor = cursor // a page deep in the library
				if _, err := s.Dashboard(ctx, "bench", q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDetail(b *testing.B) {
	s := benchService(b)
	b.ResetTimer()
	i := 0
	for b.Loop() {
		i++
		if _, err := s.Detail(ctx, "bench", fmt.Sprintf("r%05d", (i*7919)%benchLibrarySize)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSearch(b *testing.B) {
	s := benchService(b)
	for _, q := range []string{"meeting 4242", "pricing", "rev"} {
		b.Run(q, func(b *testing.B) {
			for b.Loop() {
				if _, err := s.Search(ctx, "bench", SearchQuery{Q: q}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSearchMatches prices what the list's search adds: the matched
// passage of each result on the page (its transcript read and scanned) and
// the filters. Title-only words are the same-run baseline for words found
// only in transcripts.
func BenchmarkSearchMatches(b *testing.B) {
	s := benchService(b)
	yes := true
	for _, bc := range []struct {
		name string
		q    SearchQuery
	}{
		{"title_word_one_hit", SearchQuery{Q: "meeting 4242"}},
		{"transcript_words_one_hit", SearchQuery{Q: "item 4242"}},
		{"title_word_every_recording", SearchQuery{Q: "meeting"}},
		{"transcript_word_every_recording", SearchQuery{Q: "discussed"}},
		{"transcript_word_page_250", SearchQuery{Q: "discussed", Offset: 5000}},
		{"transcript_word_has_summary", SearchQuery{Q: "discussed", Filter: Filter{HasSummarization: &yes}}},
		{"transcript_word_folder", SearchQuery{Q: "discussed", Filter: Filter{FolderID: folderID(b, s, "bench", "budget")}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				res, err := s.Search(ctx, "bench", bc.q)
				if err != nil || len(res.Data) == 0 {
					b.Fatalf("%v %d", err, len(res.Data))
				}
			}
		})
	}
}

func BenchmarkImport(b *testing.B) {
	s, _, _ := newService(b)
	i := 0
	for b.Loop() {
		i++
		mustImport(b, s, "bench", rec(fmt.Sprintf("i%07d", i), "Imported", base, map[string]any{"_transcript": "a short transcript of words", "_summary": "## S"}))
	}
}

// BenchmarkFirstEdit renames a generated recording that has never been
// edited: imported alone (its postings under keys of its own) or in a batch
// (its postings in the batch's blocks, which the edit rewrites).
func BenchmarkFirstEdit(b *testing.B) {
	for _, batched := range []bool{false, true} {
		b.Run(map[bool]string{false: "imported alone", true: "imported in a batch"}[batched], func(b *testing.B) {
			s, _, _ := newService(b)
			title := "Renamed"
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				raws := make([][]byte, ImportBatchSize)
				for j := range raws {
					raws[j] = []byte(fixturegen.Recording(i*ImportBatchSize+j, 1))
				}
				if batched {
					if _, err := s.ImportMany(ctx, "bench", raws); err != nil {
						b.Fatal(err)
					}
				} else {
					mustImport(b, s, "bench", raws[0])
				}
				id := gjson.GetBytes(raws[0], "recording.id").String()
				b.StartTimer()
				if _, err := s.Update(ctx, "bench", id, patchOf("title", title)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseForImport is an import's CPU before its commit: a generated
// recording read, its book derived and its search postings counted
// (parseAll's work for one recording).
func BenchmarkParseForImport(b *testing.B) {
	var raws [][]byte
	for _, r := range fixturegen.Generate(64, 1) {
		raws = append(raws, r)
	}
	errs := make([]error, 1)
	i := 0
	for b.Loop() {
		if parseAll(raws[i%len(raws):i%len(raws)+1], errs); errs[0] != nil {
			b.Fatal(errs[0])
		}
		i++
	}
}
