package recordings

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/store"
)

func TestParsePatch(t *testing.T) {
	tests := []struct {
		name, body string
		want       Patch
		err        string
	}{
		{"title", `{"title":"New"}`, patchOf("title", "New"), ""},
		{"description null clears", `{"description":null}`, patchOf("description", ""), ""},
		{"folder object", `{"folder":{"name":"Work"}}`, Patch{Folder: &FolderChange{Name: "Work"}}, ""},
		{"folder string", `{"folder":"Work"}`, Patch{Folder: &FolderChange{Name: "Work"}}, ""},
		{"folder null", `{"folder":null}`, Patch{Folder: &FolderChange{}}, ""},
		{"folder_id", `{"folder_id":"f1"}`, Patch{Folder: &FolderChange{ID: "f1"}}, ""},
		{"folderId", `{"folderId":"f1"}`, Patch{Folder: &FolderChange{ID: "f1"}}, ""},
		{"folder_id null", `{"folder_id":null}`, Patch{Folder: &FolderChange{}}, ""},
		{"unknown fields ignored", `{"title":"x","isOffline":true}`, patchOf("title", "x"), ""},
		{"title not a string", `{"title":5}`, Patch{}, "title must be a string"},
		{"title too long", `{"title":"` + strings.Repeat("x", MaxTitle+1) + `"}`, Patch{}, "title must be at most"},
		{"folder wrong type", `{"folder":3}`, Patch{}, "folder must be an object"},
		{"folder_id wrong type", `{"folder_id":3}`, Patch{}, "folder_id must be a string"},
		{"nothing to update", `{"isOffline":true}`, Patch{}, "Nothing to update"},
		{"not an object", `[]`, Patch{}, "JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParsePatch([]byte(tt.body))
			if tt.err != "" {
				wantKind(t, err, apperr.Invalid)
				if !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("message %q", err)
				}
				return
			}
			a, _ := json.Marshal(got)
			b, _ := json.Marshal(tt.want)
			if err != nil || !bytes.Equal(a, b) {
				t.Fatalf("got %s %v want %s", a, err, b)
			}
		})
	}
}

func TestUpdate_ChangesFieldsBumpsUpdatedAtAndReindexes(t *testing.T) {
	s, _, bus := newService(t)
	mustImport(t, s, "u1", []byte(`{"recording":{"id":"r1","title":"Old name","keep":{"a" : 1},"updatedAt":"2020-01-01T00:00:00Z","duration":5}}`))
	sub := bus.Subscribe(4)
	defer sub.Close()

	item, err := s.Update(ctx, "u1", "r1", patchOf("title", "Fresh <title>", "description", "Details"))
	if err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	_ = json.Unmarshal(item, &r)
	if r["title"] != "Fresh <title>" || r["description"] != "Details" || r["id"] != "r1" {
		t.Fatalf("item %s", item)
	}
	if upd, _ := time.Parse(time.RFC3339, r["updatedAt"].(string)); !upd.After(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("updatedAt not bumped: %v", r["updatedAt"])
	}
	d, _ := s.Detail(ctx, "u1", "r1")
	if !bytes.Contains(d.Recording, []byte(`"keep":{"a" : 1}`)) {
		t.Fatalf("other members changed: %s", d.Recording)
	}
	if got := searchIDs(t, s, "u1", "fresh"); !slices.Equal(got, []string{"r1"}) {
		t.Fatalf("new title not searchable: %v", got)
	}
	if got := searchIDs(t, s, "u1", "old name"); len(got) != 0 {
		t.Fatalf("old title still indexed: %v", got)
	}
	if got := allPages(t, s, "u1", DashboardQuery{SortBy: SortTitle}); !slices.Equal(got, []string{"r1"}) {
		t.Fatalf("title order: %v", got)
	}
	if e := <-sub.C; e.Type != events.RecordingUpdated || e.RecordingID != "r1" {
		t.Fatalf("event %+v", e)
	}
}

func TestUpdate_MovesBetweenFolders(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", []byte(`{"recording":{"id":"r1","title":"x","folderId":"provider-id","duration":1}}`))
	item, err := s.Update(ctx, "u1", "r1", Patch{Folder: &FolderChange{Name: "Ideas"}})
	if err != nil {
		t.Fatal(err)
	}
	folders, _ := s.Folders(ctx, "u1")
	if len(folders) != 1 || folders[0].Name != "Ideas" {
		t.Fatalf("folders %+v", folders)
	}
	ideas := folders[0].ID
	if !bytes.Contains(item, []byte(`"folder":{"id":"`+ideas+`","name":"Ideas"}`)) || !bytes.Contains(item, []byte(`"folderId":"`+ideas+`"`)) {
		t.Fatalf("item %s", item)
	}
	if got := allPages(t, s, "u1", DashboardQuery{FolderID: ideas}); !slices.Equal(got, []string{"r1"}) {
		t.Fatalf("folder filter %v", got)
	}
	other, _ := s.CreateFolder(ctx, "u1", "Other", "")
	if _, err := s.Update(ctx, "u1", "r1", Patch{Folder: &FolderChange{ID: other.ID}}); err != nil {
		t.Fatal(err)
	}
	if got := allPages(t, s, "u1", DashboardQuery{FolderID: ideas}); len(got) != 0 {
		t.Fatalf("still in old folder: %v", got)
	}
	item, _ = s.Update(ctx, "u1", "r1", Patch{Folder: &FolderChange{}})
	if bytes.Contains(item, []byte(`"folder`)) {
		t.Fatalf("folder not cleared: %s", item)
	}
	_, err = s.Update(ctx, "u1", "r1", Patch{Folder: &FolderChange{ID: "missing"}})
	wantNotFound(t, err)
}

func TestDelete_SoftHidesEverywhereAndKeepsTheRecord(t *testing.T) {
	s, db, bus := newService(t)
	mustImport(t, s, "u1", rec("r1", "Gone soon", base, map[string]any{"_summary": "text"}))
	sub := bus.Subscribe(4)
	defer sub.Close()
	if err := s.Delete(ctx, "u1", "r1", false); err != nil {
		t.Fatal(err)
	}
	_, err := s.Detail(ctx, "u1", "r1")
	wantNotFound(t, err)
	_, err = s.SummarizationByRecording(ctx, "u1", "r1")
	wantNotFound(t, err)
	_, err = s.Summarization(ctx, "u1", "sum_r1")
	wantNotFound(t, err)
	if ok, _ := s.Exists(ctx, "u1", "r1"); ok {
		t.Fatal("exists after delete")
	}
	wantNotFound(t, s.MarkViewed(ctx, "u1", "r1"))
	wantNotFound(t, s.Delete(ctx, "u1", "r1", false))
	var st *stored
	_ = db.View(func(x *store.Txn) (err error) { st, err = load(x, "u1", "r1"); return })
	if st == nil || st.Book.DeletedAt == nil {
		t.Fatal("soft delete kept no record of the deletion")
	}
	if e := <-sub.C; e.Type != events.RecordingDeleted {
		t.Fatalf("event %+v", e)
	}
}

func TestDelete_PermanentRemovesEveryKey(t *testing.T) {
	for _, softFirst := range []bool{false, true} {
		s, db, _ := newService(t)
		mustImport(t, s, "u1", rec("r1", "Gone", base, map[string]any{"_summary": "words", "_transcript": "more words"}))
		_ = s.MarkViewed(ctx, "u1", "r1")
		if softFirst {
			_ = s.Delete(ctx, "u1", "r1", false)
		}
		if err := s.Delete(ctx, "u1", "r1", true); err != nil {
			t.Fatal(err)
		}
		// Only the change log's tombstone may name it (devices must learn of
		// the deletion), and it holds the id, never the content.
		tombstones := 0
		_ = db.View(func(x *store.Txn) error {
			return x.Scan([]byte(""), nil, false, true, func(k, v []byte) (bool, error) {
				if bytes.HasPrefix(k, []byte("clog/")) && bytes.Contains(v, []byte(`"d":true`)) {
					tombstones++
					if bytes.Contains(v, []byte("Gone")) || bytes.Contains(v, []byte("words")) {
						t.Errorf("tombstone holds content: %s", v)
					}
					return true, nil
				}
				if bytes.HasPrefix(k, []byte("clast/")) {
					return true, nil
				}
				if bytes.Contains(k, []byte("r1")) || bytes.Contains(v, []byte("r1")) {
					t.Errorf("softFirst=%v left %q", softFirst, k)
				}
				return true, nil
			})
		})
		if tombstones != 1 {
			t.Errorf("softFirst=%v: %d tombstones, want 1", softFirst, tombstones)
		}
		wantNotFound(t, s.Delete(ctx, "u1", "r1", true))
	}
}

func TestMarkViewed_CountsViews(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", rec("r1", "x", base, nil))
	for i := 0; i < 3; i++ {
		if err := s.MarkViewed(ctx, "u1", "r1"); err != nil {
			t.Fatal(err)
		}
	}
	v, err := s.ViewStats(ctx, "u1", "r1")
	if err != nil || v.Count != 3 || v.LastViewedAt.IsZero() {
		t.Fatalf("views %+v %v", v, err)
	}
	wantNotFound(t, s.MarkViewed(ctx, "u1", "nope"))
}
