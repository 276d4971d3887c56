package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/tests/pgtest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// seedLibrary makes what only the backup's library carries: the user's own
// template, an empty folder, a folder nested in parentID, and folders with
// a built-in and with the user's template.
func seedLibrary(t *testing.T, c *servertest.Client, parentID string) {
	t.Helper()
	var tpl struct{ Data templates.Template }
	c.MustOK("POST", "/api/v1/templates", map[string]any{"name": "Standup",
		"sections": []map[string]string{{"heading": "Yesterday", "instruction": "What was done"}, {"heading": "Blockers"}}}, &tpl)
	c.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Nothing here yet"})
	var nested struct{ Data recordings.Folder }
	c.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Second level", "parent_id": parentID}, &nested)
	c.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Third level", "parent_id": nested.Data.ID, "templateId": "meeting"})
	c.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Standups", "templateId": tpl.Data.ID})
}

// wantSameFolders compares folder listings by what a user sees of them: id,
// name, parent, creation time and summary template.
func wantSameFolders(t *testing.T, want, got []recordings.Folder) {
	t.Helper()
	view := func(fs []recordings.Folder) string {
		var b strings.Builder
		for _, f := range fs {
			b.WriteString(f.ID + " " + f.Name + " parent=" + str(f.ParentID) + " template=" + str(f.TemplateID) +
				" created=" + f.CreatedAt.UTC().Format(time.RFC3339Nano) + "\n")
		}
		return b.String()
	}
	if view(want) != view(got) {
		t.Fatalf("restored folders:\n%s\nwant:\n%s", view(got), view(want))
	}
	nested, templated := false, false
	for _, f := range want {
		nested = nested || f.ParentID != nil
		templated = templated || f.TemplateID != nil
	}
	if !nested || !templated {
		t.Fatalf("the library has no nested or templated folder to restore:\n%s", view(want))
	}
}

func str(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBackup_RestoringTwiceMakesNoDuplicates restores one backup twice into
// the same data directory (a database of its own on PostgreSQL): the second
// adds no folder, template or recording, and says so in the summary line.
func TestBackup_RestoringTwiceMakesNoDuplicates(t *testing.T) {
	s := servertest.Start(t, nil)
	const email = "twice@example.com"
	c := s.SignIn(t, email)
	var top struct{ Data recordings.Folder }
	c.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Projects"}, &top)
	seedLibrary(t, c, top.Data.ID)
	c.MustOK("POST", "/api/v1/recordings", []byte(`{"recording":{"id":"rec_twice","title":"Kickoff","folder":{"id":"`+top.Data.ID+`","name":"Projects"}}}`))
	zipPath := filepath.Join(t.TempDir(), "backup.zip")
	if err := os.WriteFile(zipPath, c.MustOK("GET", "/api/v1/export/backup", nil).Body, 0o600); err != nil {
		t.Fatal(err)
	}
	target := newTarget(t)
	for i, want := range []string{
		"imported 1 recordings for " + email + ": 1 new, 0 updated, 0 failed, 0 with audio; library: 5 folders (5 new), 1 templates (1 new)\n",
		"imported 1 recordings for " + email + ": 0 new, 1 updated, 0 failed, 0 with audio; library: 5 folders (0 new), 1 templates (0 new)\n",
	} {
		var out bytes.Buffer
		if err := runImport(append(target.args, "--user", email, zipPath), &out, io.Discard); err != nil || out.String() != want {
			t.Fatalf("restore %d: %v\n%q\nwant %q", i+1, err, out.String(), want)
		}
	}
	var origFolders struct{ Data []recordings.Folder }
	c.MustOK("GET", "/api/v1/folders", nil, &origFolders)
	svc, uid, tpls := target.open(t, email)
	folders, err := svc.Folders(context.Background(), uid)
	if err != nil {
		t.Fatal(err)
	}
	wantSameFolders(t, origFolders.Data, folders)
	if list, _ := tpls.List(context.Background(), uid); len(list) != len(templates.Builtins())+1 {
		t.Fatalf("%d templates after two restores, want the built-ins and one", len(list))
	}
	if d, err := svc.Detail(context.Background(), uid, "rec_twice"); err != nil || d.FolderID != top.Data.ID {
		t.Fatalf("the recording is in folder %q (%v), want %q", d.FolderID, err, top.Data.ID)
	}
}

// TestImport_LibraryWithWhatCannotBeFound: a folder whose parent is not in
// the library is made at the top level, and one naming a template that is
// nowhere is made without it, with a line saying so; the import succeeds
// and the recording lands in its folder.
func TestImport_LibraryWithWhatCannotBeFound(t *testing.T) {
	zipPath := writeTestZip(t, zipOf(t, map[string]string{
		"library.json":                `{"folders":[{"id":"f_child","name":"Orphan","parent_id":"f_gone","createdAt":"2026-01-02T03:04:05Z","templateId":"tpl_gone"}],"templates":[]}`,
		"recordings/00001-rec_a.json": `{"recording":{"id":"rec_a","title":"A","folder":{"id":"f_child","name":"Orphan"}}}`,
	}))
	target := newTarget(t)
	var out bytes.Buffer
	if err := runImport(append(target.args, "--user", "orphan@example.com", zipPath), &out, io.Discard); err != nil {
		t.Fatalf("import: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), `folder "Orphan" restored without its summary template tpl_gone`) ||
		!strings.Contains(out.String(), "1 new, 0 updated, 0 failed, 0 with audio; library: 1 folders (1 new), 0 templates (0 new)") {
		t.Fatalf("output:\n%s", out.String())
	}
	svc, uid, _ := target.open(t, "orphan@example.com")
	folders, _ := svc.Folders(context.Background(), uid)
	if len(folders) != 1 || folders[0].ID != "f_child" || folders[0].ParentID != nil || folders[0].TemplateID != nil {
		t.Fatalf("folders %+v, want Orphan at the top level without a template", folders)
	}
	if d, err := svc.Detail(context.Background(), uid, "rec_a"); err != nil || d.FolderID != "f_child" {
		t.Fatalf("rec_a in folder %q (%v)", d.FolderID, err)
	}
}

// target is where a test restores to: an empty data directory, or an empty
// schema of the test database when the tests run on PostgreSQL.
type target struct {
	args []string // pocket import's flags naming it
	opts store.Options
}

func newTarget(t *testing.T) target {
	dir := t.TempDir()
	if pgtest.Enabled() {
		url := pgtest.SchemaURL(t)
		return target{[]string{"--data-dir", dir, "--database-url", url}, store.Options{DatabaseURL: url}}
	}
	return target{[]string{"--data-dir", dir}, store.Options{Dir: dir + "/db"}}
}

// open opens what an import wrote, for reading back.
func (tg target) open(t *testing.T, email string) (*recordings.Service, string, *templates.Store) {
	t.Helper()
	opts := tg.opts
	opts.Logger = slog.New(slog.DiscardHandler)
	db, err := store.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	owner, err := identity.NewUsers(db, nil).Ensure(context.Background(), email, identity.User{})
	if err != nil {
		t.Fatal(err)
	}
	return recordings.NewService(db, events.NewBus(), nil), owner.UID, templates.NewStore(db, 0)
}

// TestImport_BrokenLibraryIsNamedAndFailsTheCommand: a library.json that is
// not folders and templates is named, the recordings still import, and the
// command ends with an error.
func TestImport_BrokenLibraryIsNamedAndFailsTheCommand(t *testing.T) {
	zipPath := writeTestZip(t, zipOf(t, map[string]string{
		"library.json":                `{"folders": 3}`,
		"recordings/00001-rec_b.json": `{"recording":{"id":"rec_b","title":"B"}}`,
	}))
	target := newTarget(t)
	var out bytes.Buffer
	err := runImport(append(target.args, "--user", "broken@example.com", zipPath), &out, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "library.json") ||
		!strings.Contains(out.String(), zipPath+":library.json: not a library of folders and templates") ||
		!strings.Contains(out.String(), "imported 1 recordings for broken@example.com: 1 new, 0 updated, 0 failed, 0 with audio\n") {
		t.Fatalf("import: %v\n%s", err, out.String())
	}
}

func zipOf(t *testing.T, entries map[string]string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, body := range entries {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func writeTestZip(t *testing.T, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "hand-made.zip")
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
