package recordings

import (
	"encoding/json"
	"testing"
)

// User B must get NotFound (never Forbidden, never data) for each of user A's
// recordings, summarizations and folders, through every method.
func TestIDOR_OtherUsersGetNotFoundEverywhere(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "alice", rec("r1", "Secret plan", base, map[string]any{"_summary": "classified", "_transcript": "hidden words"}))
	folder, _ := s.CreateFolder(ctx, "alice", "Alice folder", "")

	calls := map[string]func() error{
		"Detail":                   func() error { _, err := s.Detail(ctx, "bob", "r1"); return err },
		"Item":                     func() error { _, err := s.Item(ctx, "bob", "r1"); return err },
		"Update":                   func() error { _, err := s.Update(ctx, "bob", "r1", patchOf("title", "pwned")); return err },
		"Delete soft":              func() error { return s.Delete(ctx, "bob", "r1", false) },
		"Delete permanent":         func() error { return s.Delete(ctx, "bob", "r1", true) },
		"MarkViewed":               func() error { return s.MarkViewed(ctx, "bob", "r1") },
		"ViewStats":                func() error { _, err := s.ViewStats(ctx, "bob", "r1"); return err },
		"Summarization":            func() error { _, err := s.Summarization(ctx, "bob", "sum_r1"); return err },
		"SummarizationByRecording": func() error { _, err := s.SummarizationByRecording(ctx, "bob", "r1"); return err },
		"AddSummarization":         func() error { return s.AddSummarization(ctx, "bob", "r1", "x", json.RawMessage(`{}`)) },
		"CreateFolder under theirs": func() error {
			_, err := s.CreateFolder(ctx, "bob", "Mine", folder.ID)
			return err
		},
		"Update into their folder": func() error {
			mustImport(t, s, "bob", rec("b1", "Bob's", base, nil))
			_, err := s.Update(ctx, "bob", "b1", Patch{Folder: &FolderChange{ID: folder.ID}})
			return err
		},
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) { wantNotFound(t, call()) })
	}

	if ok, err := s.Exists(ctx, "bob", "r1"); ok || err != nil {
		t.Fatalf("Exists %v %v", ok, err)
	}
	if p, _ := s.Dashboard(ctx, "bob", DashboardQuery{IncludeEmpty: true, FolderID: ""}); len(p.Data) != 1 {
		t.Fatalf("bob's dashboard %s", p.Data) // only b1
	}
	if p, _ := s.Dashboard(ctx, "bob", DashboardQuery{FolderID: folder.ID}); len(p.Data) != 0 {
		t.Fatalf("bob filtered by alice's folder: %s", p.Data)
	}
	if r, _ := s.Search(ctx, "bob", SearchQuery{Q: "secret"}); r.Total != 0 {
		t.Fatalf("bob's search found %d", r.Total)
	}
	if f, _ := s.Folders(ctx, "bob"); len(f) != 0 {
		t.Fatalf("bob's folders %+v", f)
	}
	// Bob importing Alice's id makes his own recording; Alice's is untouched.
	res := mustImport(t, s, "bob", rec("r1", "Bob's r1", base.Add(1e12), nil))
	if !res.Created {
		t.Fatalf("bob's import %+v", res)
	}
	d, err := s.Detail(ctx, "alice", "r1")
	if err != nil || !json.Valid(d.Recording) || string(d.Recording) == "" {
		t.Fatal(err)
	}
	var r struct{ Title string }
	_ = json.Unmarshal(d.Recording, &r)
	if r.Title != "Secret plan" {
		t.Fatalf("alice's recording became %q", r.Title)
	}
	// Alice's cursor replayed by Bob pages Bob's own library only.
	mustImport(t, s, "alice", rec("r2", "Another secret", base.Add(-1e12), nil))
	p, _ := s.Dashboard(ctx, "alice", DashboardQuery{Limit: 1, IncludeEmpty: true})
	bobs, err := s.Dashboard(ctx, "bob", DashboardQuery{Limit: 5, IncludeEmpty: true, Cursor: p.NextCursor})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range itemIDs(t, bobs.Data) {
		d, _ := s.Detail(ctx, "bob", id)
		if d.ID == "" {
			t.Fatalf("bob's page holds %s, not his", id)
		}
	}
}
