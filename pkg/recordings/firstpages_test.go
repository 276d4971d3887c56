package recordings

import (
	"bytes"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/store"
)

// firstPageQueries are first pages a list screen opens with: each order and
// filter that is kept in memory. Pages of five, so one write moves them.
func firstPageQueries(work string) map[string]DashboardQuery {
	yes, no := true, false
	return map[string]DashboardQuery{
		"newest first":           {Limit: 5},
		"with empty":             {Limit: 5, IncludeEmpty: true},
		"title a-z":              {Limit: 5, SortBy: SortTitle, SortOrder: Asc},
		"updated":                {Limit: 5, SortBy: SortUpdatedAt},
		"folder":                 {Limit: 5, FolderID: work},
		"summarised":             {Limit: 5, HasSummarization: &yes},
		"not summarised":         {Limit: 5, HasSummarization: &no},
		"from a date, ascending": {Limit: 5, StartDate: base.Add(5 * time.Hour), SortOrder: Asc},
	}
}

// TestFirstPages_EveryWriteIsSeenAtOnce holds the kept first pages to pages
// read by a service with nothing kept, after each kind of write a user or
// device makes. Each write must change one of the pages, or it proves nothing.
func TestFirstPages_EveryWriteIsSeenAtOnce(t *testing.T) {
	s, db, _ := newService(t)
	seedLibrary(t, s, "u1", library(30))
	seedLibrary(t, s, "u2", library(3)) // another user's writes must not be mistaken for u1's
	work := folderID(t, s, "u1", "Work")
	personal := folderID(t, s, "u1", "Personal")
	queries := firstPageQueries(work)
	newest := func() string { return itemIDs(t, mustPage(t, s, DashboardQuery{Limit: 1}).Data)[0] }

	writes := []struct {
		name  string
		write func() error
	}{
		{"rename the newest", func() error {
			_, err := s.Update(ctx, "u1", newest(), patchOf("title", "Aaa first by title"))
			return err
		}},
		{"move the newest into Work", func() error {
			_, err := s.Update(ctx, "u1", newest(), Patch{Folder: &FolderChange{ID: work}})
			return err
		}},
		{"rename the folder", func() error { _, err := s.RenameFolder(ctx, "u1", work, "Office"); return err }},
		{"summarise an unsummarised one", func() error {
			id := itemIDs(t, mustPage(t, s, queries["not summarised"]).Data)[0]
			return s.AddSummarization(ctx, "u1", id, "late", []byte(`{"v2Summary":"## Done"}`))
		}},
		{"upload a newer recording", func() error {
			_, err := s.Import(ctx, "u1", rec("fresh", "Fresh", base.Add(1000*time.Hour), map[string]any{"_summary": "## New"}))
			return err
		}},
		{"replace a recording with a newer copy", func() error {
			_, err := s.Import(ctx, "u1", rec("fresh", "Fresh, edited on the device", base.Add(1000*time.Hour), map[string]any{"updatedAt": base.Add(2000 * time.Hour).Format(time.RFC3339)}))
			return err
		}},
		{"delete the newest", func() error { return s.Delete(ctx, "u1", newest(), false) }},
		{"delete a folder", func() error { return s.DeleteFolder(ctx, "u1", personal) }},
	}
	for _, w := range writes {
		before := readPages(t, s, queries)
		if err := w.write(); err != nil {
			t.Fatalf("%s: %v", w.name, err)
		}
		after := readPages(t, s, queries)
		fresh := readPages(t, NewService(db, nil, s.now), queries)
		changed := false
		for name := range queries {
			if !samePage(after[name], fresh[name]) {
				t.Errorf("after %q the %q page is stale:\nkept  %s\nfresh %s", w.name, name, after[name].Data, fresh[name].Data)
			}
			changed = changed || !samePage(before[name], after[name])
		}
		if !changed {
			t.Errorf("%q changed none of the pages: the test proves nothing for it", w.name)
		}
	}
}

// TestFirstPages_KeptUntilTheLogMoves shows a page is read from memory while
// the owner's change log stands still, and read again once it moves: a list
// item rewritten without a log entry (which no write path does) stays unseen
// until one is appended.
func TestFirstPages_KeptUntilTheLogMoves(t *testing.T) {
	s, db, _ := newService(t)
	seedLibrary(t, s, "u1", library(8))
	first := mustPage(t, s, DashboardQuery{})
	id := itemIDs(t, first.Data)[0]
	rewrite := []byte(`{"id":"` + id + `","title":"rewritten behind the log"}`)
	if err := db.Update(func(x *store.Txn) error { return x.Set(itemKey("u1", id), rewrite) }); err != nil {
		t.Fatal(err)
	}

	if again := mustPage(t, s, DashboardQuery{}); !samePage(again, first) {
		t.Fatalf("the first page was read again although the log did not move: %s", again.Data[0])
	}
	if other := mustPage(t, s, DashboardQuery{Limit: 3}); !bytes.Equal(other.Data[0], rewrite) {
		t.Fatalf("another query's first page came from memory: %s", other.Data[0])
	}
	if err := db.Update(func(x *store.Txn) error {
		_, err := changelog.Append(x, "u1", changelog.Recording, id, false, s.now())
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if moved := mustPage(t, s, DashboardQuery{}); !bytes.Equal(moved.Data[0], rewrite) {
		t.Fatalf("the page was not read again after the log moved: %s", moved.Data[0])
	}
}

// TestFirstPages_OnlyFirstPagesOfPlainQueriesAreKept: searches, person
// filters and later pages depend on indexes the log head does not version.
func TestFirstPages_OnlyFirstPagesOfPlainQueriesAreKept(t *testing.T) {
	s, _, _ := newService(t)
	seedLibrary(t, s, "u1", library(8))
	next := mustPage(t, s, DashboardQuery{Limit: 2}).NextCursor
	for name, q := range map[string]DashboardQuery{
		"search": {Search: "meeting"}, "person": {Person: "Ann"}, "later page": {Limit: 2, Cursor: next},
	} {
		if err := q.normalize(); err != nil {
			t.Fatal(err)
		}
		if _, ok := q.firstPageKey("u1"); ok {
			t.Errorf("%s: kept", name)
		}
	}
	a, _ := (DashboardQuery{FolderID: "x\" \"1"}).firstPageKey("u1")
	b, _ := (DashboardQuery{FolderID: "x", Limit: 1}).firstPageKey("u1")
	if a == b {
		t.Fatalf("two queries share the key %q", a)
	}
}

func mustPage(t testing.TB, s *Service, q DashboardQuery) Page {
	t.Helper()
	p, err := s.Dashboard(ctx, "u1", q)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func readPages(t testing.TB, s *Service, queries map[string]DashboardQuery) map[string]Page {
	t.Helper()
	out := map[string]Page{}
	for name, q := range queries {
		out[name] = mustPage(t, s, q)
	}
	return out
}

func samePage(a, b Page) bool {
	if a.NextCursor != b.NextCursor || len(a.Data) != len(b.Data) {
		return false
	}
	for i := range a.Data {
		if !bytes.Equal(a.Data[i], b.Data[i]) {
			return false
		}
	}
	return true
}
