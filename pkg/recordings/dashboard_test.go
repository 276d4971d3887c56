package recordings

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// spec is one generated recording and the values the orders use.
type spec struct {
	id, title          string
	at, created, upd   time.Time
	dur                int
	folder             string
	summary, transcrpt string
}

func (sp spec) raw() []byte {
	r := map[string]any{
		"id": sp.id, "title": sp.title, "recordingAt": sp.at.Format(time.RFC3339),
		"createdAt": sp.created.Format(time.RFC3339), "updatedAt": sp.upd.Format(time.RFC3339), "duration": sp.dur,
	}
	if sp.folder != "" {
		r["folder"] = map[string]string{"name": sp.folder}
	}
	obj := map[string]any{"recording": r}
	if sp.summary != "" {
		obj["summarizations"] = map[string]any{"s" + sp.id: map[string]any{"v2Summary": sp.summary}}
	}
	if sp.transcrpt != "" {
		obj["transcription"] = map[string]any{"segments": []any{map[string]any{"text": sp.transcrpt}}}
	}
	b, _ := json.Marshal(obj)
	return b
}

// library makes n recordings whose orders all differ, with ties on purpose.
func library(n int) []spec {
	out := make([]spec, n)
	folders := []string{"Work", "Personal", ""}
	for i := range out {
		sp := spec{
			id:      fmt.Sprintf("r%03d", i),
			title:   fmt.Sprintf("Title %c%d", 'A'+rune((i*7)%26), i%5),
			at:      base.Add(time.Duration((i*37)%n) * time.Hour),
			created: base.Add(time.Duration((i*11)%n) * time.Minute),
			upd:     base.Add(time.Duration(i%4) * time.Minute), // many ties: id breaks them
			dur:     (i * 13) % 17,
			folder:  folders[i%3],
		}
		if i%2 == 0 {
			sp.summary = "Summary of meeting " + sp.id
		}
		if i%5 != 0 {
			sp.transcrpt = "we talked about item " + sp.id
		}
		out[i] = sp
	}
	return out
}

func seedLibrary(t testing.TB, s *Service, uid string, lib []spec) {
	t.Helper()
	for _, sp := range lib {
		mustImport(t, s, uid, sp.raw())
	}
}

// expected orders a library the way the index must.
func expected(lib []spec, f SortField, o SortOrder, keep func(spec) bool) []string {
	var sel []spec
	for _, sp := range lib {
		if keep == nil || keep(sp) {
			sel = append(sel, sp)
		}
	}
	key := func(sp spec) string {
		switch f {
		case SortCreatedAt:
			return sp.created.Format(time.RFC3339)
		case SortUpdatedAt:
			return sp.upd.Format(time.RFC3339)
		case SortDuration:
			return fmt.Sprintf("%06d", sp.dur)
		case SortTitle:
			return strings.ToLower(sp.title) + "\x00"
		}
		return sp.at.Format(time.RFC3339)
	}
	sort.Slice(sel, func(i, j int) bool {
		a, b := key(sel[i])+"/"+sel[i].id, key(sel[j])+"/"+sel[j].id
		return a < b
	})
	ids := make([]string, len(sel))
	for i, sp := range sel {
		ids[i] = sp.id
	}
	if o == Desc {
		slices.Reverse(ids)
	}
	return ids
}

func isEmpty(sp spec) bool { return sp.dur == 0 && sp.summary == "" && sp.transcrpt == "" }

func TestDashboard_EveryOrderPagedToTheEndEqualsTheFullList(t *testing.T) {
	s, _, _ := newService(t)
	lib := library(47)
	seedLibrary(t, s, "u1", lib)
	for _, f := range sortFields {
		for _, o := range []SortOrder{Desc, Asc} {
			t.Run(string(f)+"_"+string(o), func(t *testing.T) {
				got := allPages(t, s, "u1", DashboardQuery{Limit: 4, SortBy: f, SortOrder: o, IncludeEmpty: true})
				if want := expected(lib, f, o, nil); !slices.Equal(got, want) {
					t.Fatalf("got  %v\nwant %v", got, want)
				}
			})
		}
	}
}

func TestDashboard_DefaultsAreNewestFirstTwentyWithoutEmpty(t *testing.T) {
	s, _, _ := newService(t)
	lib := library(47)
	lib[46].dur, lib[46].summary, lib[46].transcrpt = 0, "", ""
	seedLibrary(t, s, "u1", lib)
	p, err := s.Dashboard(ctx, "u1", DashboardQuery{})
	if err != nil {
		t.Fatal(err)
	}
	want := expected(lib, SortRecordingAt, Desc, func(sp spec) bool { return !isEmpty(sp) })
	if got := itemIDs(t, p.Data); !slices.Equal(got, want[:DefaultLimit]) || p.NextCursor == "" {
		t.Fatalf("got %v cursor %q", got, p.NextCursor)
	}
}

func TestDashboard_Filters(t *testing.T) {
	s, _, _ := newService(t)
	lib := library(47)
	for _, i := range []int{0, 15, 30} { // i%5==0 has no transcript; odd has no summary
		lib[i].dur = 0
	}
	seedLibrary(t, s, "u1", lib)
	work := folderID(t, s, "u1", "Work")
	yes, no := true, false
	from, to := base.Add(10*time.Hour), base.Add(20*time.Hour)
	tests := []struct {
		name string
		q    DashboardQuery
		keep func(spec) bool
	}{
		{"empty left out by default", DashboardQuery{}, func(sp spec) bool { return !isEmpty(sp) }},
		{"include_empty", DashboardQuery{IncludeEmpty: true}, nil},
		{"folder_id", DashboardQuery{FolderID: work, IncludeEmpty: true}, func(sp spec) bool { return sp.folder == "Work" }},
		{"unknown folder_id matches nothing", DashboardQuery{FolderID: "nope"}, func(spec) bool { return false }},
		{"has_summarization=true", DashboardQuery{HasSummarization: &yes, IncludeEmpty: true}, func(sp spec) bool { return sp.summary != "" }},
		{"has_summarization=false", DashboardQuery{HasSummarization: &no, IncludeEmpty: true}, func(sp spec) bool { return sp.summary == "" }},
		{"search", DashboardQuery{Search: "r012", IncludeEmpty: true}, func(sp spec) bool { return sp.id == "r012" }},
		{"search on summary words", DashboardQuery{Search: "summary meeting", IncludeEmpty: true}, func(sp spec) bool { return sp.summary != "" }},
		{"start_date inclusive", DashboardQuery{StartDate: from, IncludeEmpty: true}, func(sp spec) bool { return !sp.at.Before(from) }},
		{"end_date inclusive", DashboardQuery{EndDate: to, IncludeEmpty: true}, func(sp spec) bool { return !sp.at.After(to) }},
		{"both dates", DashboardQuery{StartDate: from, EndDate: to, IncludeEmpty: true}, func(sp spec) bool { return !sp.at.Before(from) && !sp.at.After(to) }},
		{"both dates ascending", DashboardQuery{StartDate: from, EndDate: to, SortOrder: Asc, IncludeEmpty: true}, func(sp spec) bool { return !sp.at.Before(from) && !sp.at.After(to) }},
		{"dates on another order", DashboardQuery{StartDate: from, EndDate: to, SortBy: SortTitle, IncludeEmpty: true}, func(sp spec) bool { return !sp.at.Before(from) && !sp.at.After(to) }},
		{"everything at once", DashboardQuery{FolderID: work, HasSummarization: &yes, StartDate: from, SortBy: SortDuration, SortOrder: Asc},
			func(sp spec) bool {
				return sp.folder == "Work" && sp.summary != "" && !sp.at.Before(from) && !isEmpty(sp)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := tt.q
			q.Limit = 5
			got := allPages(t, s, "u1", q)
			f, o := q.SortBy, q.SortOrder
			if f == "" {
				f = SortRecordingAt
			}
			if o == "" {
				o = Desc
			}
			if want := expected(lib, f, o, tt.keep); !slices.Equal(got, want) {
				t.Fatalf("got  %v\nwant %v", got, want)
			}
		})
	}
}

func TestDashboard_RefusesInvalidParameters(t *testing.T) {
	s, _, _ := newService(t)
	seedLibrary(t, s, "u1", library(5))
	p, _ := s.Dashboard(ctx, "u1", DashboardQuery{Limit: 1})
	tests := []struct {
		name  string
		q     DashboardQuery
		param string
	}{
		{"sort_by", DashboardQuery{SortBy: "size"}, "sort_by"},
		{"sort_order", DashboardQuery{SortOrder: "up"}, "sort_order"},
		{"limit", DashboardQuery{Limit: -1}, "limit"},
		{"garbage cursor", DashboardQuery{Cursor: "!!"}, "cursor"},
		{"base64 but not a cursor", DashboardQuery{Cursor: "e30"}, "cursor"},
		{"cursor of another order", DashboardQuery{Cursor: p.NextCursor, SortOrder: Asc}, "cursor"},
		{"end before start", DashboardQuery{StartDate: base, EndDate: base.Add(-time.Hour)}, "end_date"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := s.Dashboard(ctx, "u1", tt.q)
			wantKind(t, err, apperr.Invalid)
			if !strings.Contains(err.Error(), tt.param) {
				t.Fatalf("message %q does not name %s", err, tt.param)
			}
		})
	}
}

func TestDashboard_LimitAbove100IsClamped(t *testing.T) {
	s, _, _ := newService(t)
	seedLibrary(t, s, "u1", library(120))
	p, err := s.Dashboard(ctx, "u1", DashboardQuery{Limit: 500, IncludeEmpty: true})
	if err != nil || len(p.Data) != MaxLimit || p.NextCursor == "" {
		t.Fatalf("got %d items, cursor %q, err %v", len(p.Data), p.NextCursor, err)
	}
}

func TestDashboard_ItemShape(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", []byte(`{"recording":{"title":"T","extra":1},"summarizations":{"b":{"summary":"second"},"a":{"v2Summary":{"markdown":"# first"}}}}`))
	mustImport(t, s, "u1", []byte(`{"recording":{"id":"r2","title":"No summary","duration":3}}`))
	p, _ := s.Dashboard(ctx, "u1", DashboardQuery{SortBy: SortTitle, SortOrder: Asc})
	if len(p.Data) != 2 {
		t.Fatalf("items %s", p.Data)
	}
	var first map[string]any
	_ = json.Unmarshal(p.Data[1], &first)
	if first["id"] == "" || first["extra"] != 1.0 || first["title"] != "T" {
		t.Fatalf("item %s", p.Data[1])
	}
	if sum, _ := json.Marshal(first["summarization"]); string(sum) != `{"summary":"second"}` {
		t.Fatalf("summarization %s (the first in document order must win)", sum)
	}
	if string(p.Data[0]) != `{"id":"r2","title":"No summary","duration":3}` {
		t.Fatalf("item without summary %s", p.Data[0])
	}
}

func TestDashboard_NeverShowsSoftDeleted(t *testing.T) {
	s, _, _ := newService(t)
	seedLibrary(t, s, "u1", library(10))
	_ = s.Delete(ctx, "u1", "r003", false)
	if got := allPages(t, s, "u1", DashboardQuery{IncludeEmpty: true, Limit: 3}); slices.Contains(got, "r003") || len(got) != 9 {
		t.Fatalf("got %v", got)
	}
}

func TestDashboard_FixturesFolderFilter(t *testing.T) {
	s, _, _ := newService(t)
	importFixtures(t, s, "demo", false)
	folders, err := s.Folders(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, f := range folders {
		names[f.Name] = f.ID
	}
	for _, n := range []string{"Work", "Interviews", "Personal", "Lectures"} {
		if names[n] == "" {
			t.Fatalf("folder %s missing from %v", n, names)
		}
	}
	got := allPages(t, s, "demo", DashboardQuery{FolderID: names["Interviews"], IncludeEmpty: true})
	if len(got) != 3 {
		t.Fatalf("interviews %v", got)
	}
}
