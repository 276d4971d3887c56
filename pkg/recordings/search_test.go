package recordings

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/search"
	"github.com/pocket-companion/pocket/pkg/store"
)

func searchIDs(t *testing.T, s *Service, uid, q string) []string {
	t.Helper()
	res, err := s.Search(ctx, uid, SearchQuery{Q: q})
	if err != nil {
		t.Fatalf("search %q: %v", q, err)
	}
	if res.Total < len(res.Data) {
		t.Fatalf("total %d < %d items", res.Total, len(res.Data))
	}
	return itemIDs(t, res.Data)
}

func TestSearch_FindsWhatOnlyOneFieldHolds(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", rec("t", "Zeppelin", base, nil))
	mustImport(t, s, "u1", rec("d", "x", base, map[string]any{"description": "Quokka sighting"}))
	mustImport(t, s, "u1", rec("s", "x", base, map[string]any{"_summary": "## Notes\n- the **axolotl** plan"}))
	mustImport(t, s, "u1", rec("tr", "x", base, map[string]any{"_transcript": "and then the narwhal said"}))
	mustImport(t, s, "u1", []byte(`{"recording":{"id":"ai","title":"x"},"summarizations":{"s":{"v2ActionItems":{"version":"2","actionItems":[{"title":"Call the ocelot vet"}]}}}}`))
	for q, want := range map[string]string{"zeppelin": "t", "QUOKKA": "d", "axolotl": "s", "narwhal": "tr", "ocelot": "ai"} {
		if got := searchIDs(t, s, "u1", q); !slices.Equal(got, []string{want}) {
			t.Errorf("%q found %v, want %s", q, got, want)
		}
	}
}

// For every fixture, words that appear only in its transcript (in whatever
// shape the transcript is given) must find it.
func TestSearch_FixtureWordsOnlyInTranscriptsAreFound(t *testing.T) {
	s, _, _ := newService(t)
	importFixtures(t, s, "demo", false)
	p, _ := s.Dashboard(ctx, "demo", DashboardQuery{Limit: MaxLimit, IncludeEmpty: true})
	elsewhere := map[string]bool{}
	transcripts := map[string][]string{}
	for _, id := range itemIDs(t, p.Data) {
		var st *stored
		_ = s.db.View(func(x *store.Txn) (err error) { st, err = load(x, "demo", id); return })
		d := st.searchDoc()
		for _, w := range search.Tokenize(d.Title + " " + d.Description + " " + d.Summary) {
			elsewhere[w] = true
		}
		for _, seg := range d.Transcript {
			transcripts[id] = append(transcripts[id], search.Tokenize(seg.Text)...)
		}
	}
	checked := 0
	for id, words := range transcripts {
		n := 0
		for _, w := range words {
			if elsewhere[w] || len(w) < 5 || n == 3 {
				continue
			}
			n++
			checked++
			if got := searchIDs(t, s, "demo", w+" "); !slices.Contains(got, id) {
				t.Errorf("%q (only in %s's transcript) found %v", w, id, got)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d transcript-only words checked", checked)
	}
}

func TestSearch_NeverReturnsDeleted(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", rec("soft", "Walrus one", base, nil))
	mustImport(t, s, "u1", rec("hard", "Walrus two", base, nil))
	mustImport(t, s, "u1", rec("kept", "Walrus three", base, nil))
	_ = s.Delete(ctx, "u1", "soft", false)
	_ = s.Delete(ctx, "u1", "hard", true)
	if got := searchIDs(t, s, "u1", "walrus"); !slices.Equal(got, []string{"kept"}) {
		t.Fatalf("got %v", got)
	}
}

func TestSearch_PagesWithOffsetAndTotal(t *testing.T) {
	s, _, _ := newService(t)
	for i := 0; i < 25; i++ {
		mustImport(t, s, "u1", rec(fmt.Sprintf("r%02d", i), "Standup", base.Add(time.Duration(i)*time.Hour), nil))
	}
	var all []string
	for off := 0; off < 30; off += 10 {
		res, err := s.Search(ctx, "u1", SearchQuery{Q: "standup", Limit: 10, Offset: off})
		if err != nil || res.Total != 25 {
			t.Fatalf("total %d err %v", res.Total, err)
		}
		all = append(all, itemIDs(t, res.Data)...)
	}
	if len(all) != 25 || !slices.IsSorted(all) { // equal scores order by id
		t.Fatalf("pages %v", all)
	}
	res, _ := s.Search(ctx, "u1", SearchQuery{Q: "standup"})
	if len(res.Data) != DefaultLimit {
		t.Fatalf("default limit gave %d", len(res.Data))
	}
}

func TestSearch_RefusesInvalidQueries(t *testing.T) {
	s, _, _ := newService(t)
	tests := []struct {
		name  string
		q     SearchQuery
		param string
	}{
		{"empty q", SearchQuery{Q: "  "}, "q is required"},
		{"long q", SearchQuery{Q: strings.Repeat("a", MaxQuery+1)}, "q must be"},
		{"unknown type", SearchQuery{Q: "x", Type: "semantic"}, "search_type"},
		{"negative limit", SearchQuery{Q: "x", Limit: -1}, "limit"},
		{"negative offset", SearchQuery{Q: "x", Offset: -1}, "offset"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Search(ctx, "u1", tt.q)
			wantKind(t, err, apperr.Invalid)
			if !strings.Contains(err.Error(), tt.param) {
				t.Fatalf("message %q", err)
			}
		})
	}
}

func TestSearch_HourLongTranscriptFitsOneTransaction(t *testing.T) {
	s, _, _ := newService(t)
	var segs []string
	for i := 0; i < 3600; i++ { // one segment a second, ~20k distinct words
		segs = append(segs, fmt.Sprintf(`{"text":"segment w%d x%d y%d common words here","start_time":%d,"end_time":%d}`, i, i*7, i*13, i, i+1))
	}
	raw := `{"recording":{"id":"long","title":"Long"},"transcription":{"segments":[` + strings.Join(segs, ",") + `]}}`
	mustImport(t, s, "u1", []byte(raw))
	if got := searchIDs(t, s, "u1", "w3599"); !slices.Equal(got, []string{"long"}) {
		t.Fatalf("got %v", got)
	}
	if _, err := s.Update(ctx, "u1", "long", patchOf("title", "Longer")); err != nil {
		t.Fatal(err) // removing and re-adding every posting in one transaction
	}
	if err := s.Delete(ctx, "u1", "long", true); err != nil {
		t.Fatal(err)
	}
}

func ptr[T any](v T) *T { return &v }

// patchOf is a patch setting each name to the value after it.
func patchOf(namesAndValues ...any) Patch {
	var p Patch
	for i := 0; i+1 < len(namesAndValues); i += 2 {
		var err error
		if p, err = p.With(namesAndValues[i].(string), namesAndValues[i+1]); err != nil {
			panic(err)
		}
	}
	return p
}
