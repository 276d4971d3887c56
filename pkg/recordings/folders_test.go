package recordings

import (
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

func TestCreateFolder_Rules(t *testing.T) {
	s, _, _ := newService(t)
	parent, err := s.CreateFolder(ctx, "u1", "  Work  ", "")
	if err != nil || parent.Name != "Work" || parent.ParentID != nil || parent.CreatedAt.IsZero() {
		t.Fatalf("folder %+v %v", parent, err)
	}
	others, _ := s.CreateFolder(ctx, "u2", "Theirs", "")
	tests := []struct {
		name, folder, parent string
		kind                 apperr.Kind
		ok                   bool
	}{
		{"child", "Clients", parent.ID, 0, true},
		{"same name elsewhere", "Clients", "", 0, true},
		{"duplicate ignoring case", "WORK", "", apperr.Conflict, false},
		{"duplicate child", "clients", parent.ID, apperr.Conflict, false},
		{"blank", "   ", "", apperr.Invalid, false},
		{"General, the name of no folder", " general ", "", apperr.Invalid, false},
		{"too long", strings.Repeat("é", MaxFolderName+1), "", apperr.Invalid, false},
		{"longest allowed", strings.Repeat("é", MaxFolderName), "", 0, true},
		{"missing parent", "X", "nope", apperr.NotFound, false},
		{"another user's parent", "X", others.ID, apperr.NotFound, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := s.CreateFolder(ctx, "u1", tt.folder, tt.parent)
			if tt.ok {
				if err != nil {
					t.Fatal(err)
				}
				if tt.parent != "" && (f.ParentID == nil || *f.ParentID != tt.parent) {
					t.Fatalf("parent %v", f.ParentID)
				}
				return
			}
			wantKind(t, err, tt.kind)
		})
	}
	list, _ := s.Folders(ctx, "u1")
	var names []string
	for _, f := range list {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, ","); got != "Clients,Clients,Work,"+strings.Repeat("é", MaxFolderName) {
		t.Fatalf("list %s", got)
	}
}

func TestFolders_CreatedFromImportsMatchingCase(t *testing.T) {
	s, _, _ := newService(t)
	existing, _ := s.CreateFolder(ctx, "u1", "Work", "")
	mustImport(t, s, "u1", rec("a", "A", base, map[string]any{"folder": map[string]string{"name": "work"}}))
	mustImport(t, s, "u1", rec("b", "B", base, map[string]any{"folder": map[string]string{"name": "Personal"}}))
	mustImport(t, s, "u1", rec("c", "C", base, map[string]any{"folder": "PERSONAL"}))
	mustImport(t, s, "u1", rec("d", "D", base, map[string]any{"folderId": existing.ID}))
	list, _ := s.Folders(ctx, "u1")
	if len(list) != 2 || list[0].Name != "Personal" || list[1].ID != existing.ID {
		t.Fatalf("folders %+v", list)
	}
	if got := allPages(t, s, "u1", DashboardQuery{FolderID: existing.ID, SortBy: SortTitle, SortOrder: Asc}); strings.Join(got, ",") != "a,d" {
		t.Fatalf("work: %v", got)
	}
	if got := allPages(t, s, "u1", DashboardQuery{FolderID: list[0].ID, SortBy: SortTitle, SortOrder: Asc}); strings.Join(got, ",") != "b,c" {
		t.Fatalf("personal: %v", got)
	}
}

func TestFolders_AnUploadFiledUnderGeneralHasNoFolder(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", rec("a", "A", base, map[string]any{"folder": map[string]string{"name": "General"}}))
	mustImport(t, s, "u1", rec("b", "B", base, map[string]any{"folder": "general"}))
	mustImport(t, s, "u1", rec("c", "C", base, nil))
	if list, _ := s.Folders(ctx, "u1"); len(list) != 0 {
		t.Fatalf("folders %+v: a second General beside the one for no folder", list)
	}
}
