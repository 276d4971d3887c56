package main

import (
	"context"
	"fmt"

	"github.com/pocket-companion/pocket/pkg/importfile"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
)

// libraryRestore counts what a backup's library (importfile.LibraryFile)
// brought back: folders and templates it holds, and how many of them this
// library lacked.
type libraryRestore struct {
	read                               bool
	folders, newFolders, tpls, newTpls int
	broken                             int // library files that could not be read
}

// summary extends the import's summary line when a library was read.
func (l libraryRestore) summary() string {
	if !l.read {
		return ""
	}
	return fmt.Sprintf("; library: %d folders (%d new), %d templates (%d new)", l.folders, l.newFolders, l.tpls, l.newTpls)
}

// restoreLibrary brings a backup's folders and templates back before its
// recordings, so they land in their folders: the user's own templates first
// (with their ids), then the folders parent first (with their ids; a parent
// that is not there makes a top-level folder), then each folder's template.
// What cannot be restored is named and skipped; restoring twice changes
// nothing, as an existing id is kept as it is.
func (imp *importer) restoreLibrary(ctx context.Context, it importfile.Item) {
	lib, err := importfile.ParseLibrary(it)
	if err != nil {
		imp.lib.broken++
		_, _ = fmt.Fprintln(imp.out, err) // it names the file; the command fails at the end
		return
	}
	imp.lib.read = true
	for _, t := range lib.Templates {
		created, err := imp.tpls.Restore(ctx, imp.uid, t)
		if err != nil {
			_, _ = fmt.Fprintf(imp.out, "%s: template %s not restored: %v\n", it.Source, t.ID, err)
			continue
		}
		imp.lib.tpls++
		if created {
			imp.lib.newTpls++
		}
	}
	made := map[string]string{} // a backup's folder id -> the id it has here
	for _, f := range recordings.ParentsFirst(lib.Folders) {
		id, err := imp.restoreFolder(f, made)
		if err != nil {
			_, _ = fmt.Fprintf(imp.out, "%s: folder %s (%q) not restored: %v\n", it.Source, f.ID, f.Name, err)
			continue
		}
		made[f.ID] = id
	}
	for _, f := range lib.Folders {
		id, ok := made[f.ID]
		if !ok || f.TemplateID == nil || *f.TemplateID == "" {
			continue
		}
		err := imp.db.Update(func(x *store.Txn) error {
			_, err := imp.svc.SetFolderTemplateIn(x, imp.uid, id, *f.TemplateID)
			return err
		})
		if err != nil {
			_, _ = fmt.Fprintf(imp.out, "%s: folder %q restored without its summary template %s: %v\n", it.Source, f.Name, *f.TemplateID, err)
		}
	}
}

// restoreFolder makes one folder with its id and creation time under its
// restored parent (at the top level when the parent is not restored) and
// answers the id it has: its own, or that of a folder of the same name
// already there.
func (imp *importer) restoreFolder(f recordings.Folder, made map[string]string) (string, error) {
	parent := ""
	if f.ParentID != nil {
		parent = made[*f.ParentID]
	}
	var got recordings.Folder
	var created bool
	err := imp.db.Update(func(x *store.Txn) (err error) {
		got, created, err = imp.svc.RestoreFolderIn(x, imp.uid, f, parent)
		return err
	})
	if err != nil {
		return "", err
	}
	imp.lib.folders++
	if created {
		imp.lib.newFolders++
	}
	return got.ID, nil
}

// newTemplates is the import's template store: the operator's import, so no
// quota (as for recordings, docs/security.md).
func newTemplates(db *store.DB) *templates.Store { return templates.NewStore(db, 0) }
