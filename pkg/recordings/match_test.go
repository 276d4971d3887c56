package recordings

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/pocket-companion/pocket/pkg/search"
)

type matchedResult struct {
	ID    string        `json:"id"`
	Match *search.Match `json:"match"`
}

func searchMatches(t *testing.T, s *Service, uid string, q SearchQuery) []matchedResult {
	t.Helper()
	res, err := s.Search(ctx, uid, q)
	if err != nil {
		t.Fatalf("search %q: %v", q.Q, err)
	}
	out := make([]matchedResult, len(res.Data))
	for i, raw := range res.Data {
		if err := json.Unmarshal(raw, &out[i]); err != nil {
			t.Fatalf("item %s: %v", raw, err)
		}
	}
	return out
}

// marked slices the passage the way a browser would (UTF-16 offsets).
func marked(m *search.Match) []string {
	units := utf16.Encode([]rune(m.Passage))
	var out []string
	for _, h := range m.Highlights {
		out = append(out, string(utf16.Decode(units[h[0]:h[1]])))
	}
	return out
}

func TestSearch_MatchNamesFieldPassageAndHighlights(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", rec("t", "Café budgets 🎉 review", base, nil))
	mustImport(t, s, "u1", rec("d", "x", base, map[string]any{"description": "First line. The naïve café budget talk! Last one."}))
	mustImport(t, s, "u1", rec("s", "x", base, map[string]any{"_summary": "## Notes\n- other things\n- the 🎉 café budget was approved"}))
	mustImport(t, s, "u1", []byte(`{"recording":{"id":"tr","title":"x"},"transcription":{"segments":[
		{"text":"hello there","start_time":1,"end_time":2},
		{"text":"Ça va? Le café 🎉 et les budgets.","start_time":42.5,"end_time":44}]}}`))
	tests := map[string]struct {
		field, passage string
		marks          []string
		start          float64
	}{
		"t":  {"title", "Café budgets 🎉 review", []string{"Café", "budgets"}, -1},
		"d":  {"description", "The naïve café budget talk!", []string{"café", "budget"}, -1},
		"s":  {"summary", "the 🎉 café budget was approved", []string{"café", "budget"}, -1},
		"tr": {"transcript", "Ça va? Le café 🎉 et les budgets.", []string{"café", "budgets"}, 42.5},
	}
	got := searchMatches(t, s, "u1", SearchQuery{Q: "cafe budget", Limit: 10})
	got = append(got, searchMatches(t, s, "u1", SearchQuery{Q: "café budget", Limit: 10})...)
	seen := map[string]bool{}
	for _, r := range got {
		want, ok := tests[r.ID]
		if !ok || r.Match == nil {
			continue
		}
		seen[r.ID] = true
		m := r.Match
		if m.Field != want.field || m.Passage != want.passage || !slices.Equal(marked(m), want.marks) {
			t.Errorf("%s: got %+v marks %q", r.ID, m, marked(m))
		}
		if (want.start < 0) != (m.StartTime == nil) || (m.StartTime != nil && *m.StartTime != want.start) {
			t.Errorf("%s: start_time %v", r.ID, m.StartTime)
		}
	}
	if len(seen) != len(tests) {
		t.Fatalf("matched %v", seen)
	}
}

func TestSearch_FiltersNarrowResults(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", rec("old", "Kiwi", base, nil))
	mustImport(t, s, "u1", rec("new", "Kiwi", base.Add(48*time.Hour), map[string]any{"_summary": "kiwi notes", "folder": map[string]any{"name": "Work"}}))
	work := folderID(t, s, "u1", "Work")
	yes, no := true, false
	for name, tt := range map[string]struct {
		f    Filter
		want []string
	}{
		"none":           {Filter{}, []string{"new", "old"}},
		"folder":         {Filter{FolderID: work}, []string{"new"}},
		"unknown folder": {Filter{FolderID: "nope"}, nil},
		"has summary":    {Filter{HasSummarization: &yes}, []string{"new"}},
		"no summary":     {Filter{HasSummarization: &no}, []string{"old"}},
		"start":          {Filter{StartDate: base.Add(time.Hour)}, []string{"new"}},
		"end":            {Filter{EndDate: base.Add(time.Hour)}, []string{"old"}},
	} {
		res, err := s.Search(ctx, "u1", SearchQuery{Q: "kiwi", Filter: tt.f})
		got := itemIDs(t, res.Data)
		slices.Sort(got)
		if err != nil || !slices.Equal(got, tt.want) || res.Total != len(tt.want) {
			t.Errorf("%s: got %v total %d err %v", name, got, res.Total, err)
		}
	}
	if work == "" {
		t.Fatal("folder id not found")
	}
	_, err := s.Search(ctx, "u1", SearchQuery{Q: "kiwi", Filter: Filter{StartDate: base, EndDate: base.Add(-time.Hour)}})
	if err == nil || !strings.Contains(err.Error(), "end_date") {
		t.Fatalf("end before start: %v", err)
	}
}

func TestSearch_NextOffsetPagesWithoutRepeats(t *testing.T) {
	s, _, _ := newService(t)
	for i := 0; i < 23; i++ {
		mustImport(t, s, "u1", rec(fmt.Sprintf("r%02d", i), "Lemur", base, map[string]any{"_transcript": strings.Repeat("lemur ", i+1)}))
	}
	mustImport(t, s, "u2", rec("theirs", "Lemur", base, nil))
	seen := map[string]bool{}
	q := SearchQuery{Q: "lemur", Limit: 10}
	for pages := 0; ; pages++ {
		res, err := s.Search(ctx, "u1", q)
		if err != nil || res.Total != 23 || pages > 3 {
			t.Fatalf("page %d: total %d err %v", pages, res.Total, err)
		}
		for _, id := range itemIDs(t, res.Data) {
			if seen[id] || id == "theirs" {
				t.Fatalf("%s repeated or another user's", id)
			}
			seen[id] = true
		}
		if res.Next < 0 {
			break
		}
		q.Offset = res.Next
	}
	if len(seen) != 23 {
		t.Fatalf("saw %d", len(seen))
	}
}
