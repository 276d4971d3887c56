package recordings

import "github.com/pocket-companion/pocket/pkg/store"

// ParentsFirst orders folders so each comes after its parent (a folder whose
// parent is not among them counts as top level), keeping the given order
// otherwise: a backup's folders can then be made one by one, a parent always
// there before its children. A cycle (only a hand-edited list has one) is
// cut: its folders follow the rest in the given order.
func ParentsFirst(folders []Folder) []Folder {
	present := make(map[string]bool, len(folders))
	for _, f := range folders {
		present[f.ID] = true
	}
	children := map[string][]Folder{}
	var roots []Folder
	for _, f := range folders {
		if p := deref(f.ParentID); p != "" && p != f.ID && present[p] {
			children[p] = append(children[p], f)
		} else {
			roots = append(roots, f)
		}
	}
	out := make([]Folder, 0, len(folders))
	placed := make(map[string]bool, len(folders))
	var place func(f Folder)
	place = func(f Folder) {
		if placed[f.ID] {
			return
		}
		placed[f.ID] = true
		out = append(out, f)
		for _, c := range children[f.ID] {
			place(c)
		}
	}
	for _, f := range roots {
		place(f)
	}
	for _, f := range folders {
		place(f) // only folders in a cycle are left
	}
	return out
}

// RestoreFolderIn makes a folder of a backup with its id and creation time
// under parentID ("": top level), as CreateFolderIn makes it: an id already
// there, or a name already taken under that parent, answers that folder as
// it is. created tells whether the folder was made now.
func (s *Service) RestoreFolderIn(x *store.Txn, uid string, f Folder, parentID string) (Folder, bool, error) {
	if _, existed, err := FolderIn(x, uid, f.ID); err != nil || existed {
		got, err := s.CreateFolderIn(x, uid, f.ID, f.Name, parentID)
		return got, false, err
	}
	got, err := s.CreateFolderIn(x, uid, f.ID, f.Name, parentID)
	if err != nil || got.ID != f.ID {
		return got, false, err
	}
	if !f.CreatedAt.IsZero() {
		// The change was logged by id just now; the record it points at
		// takes the backup's time.
		got.CreatedAt = f.CreatedAt.UTC()
		err = x.SetJSON(folderKey(uid, got.ID), got)
	}
	return got, err == nil, err
}
