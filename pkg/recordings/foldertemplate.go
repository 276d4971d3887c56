package recordings

import (
	"context"
	"encoding/json"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
)

// NewFolder is a folder the REST API makes: ID is the device's own id ("":
// the server makes one), TemplateID its summary template ("": none).
type NewFolder struct {
	ID, Name, ParentID, TemplateID string
}

// MakeFolder creates a folder with its summary template in one transaction,
// so a template that does not exist leaves no folder behind.
func (s *Service) MakeFolder(ctx context.Context, uid string, n NewFolder) (Folder, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return Folder{}, err
	}
	name, err := folderName(n.Name)
	if err != nil {
		return Folder{}, err
	}
	var f Folder
	err = s.db.Update(func(x *store.Txn) (err error) {
		if n.ID != "" {
			f, err = s.CreateFolderIn(x, uid, n.ID, name, n.ParentID)
		} else {
			f, err = s.createFolderTx(x, uid, name, n.ParentID)
		}
		if err != nil || n.TemplateID == "" {
			return err
		}
		f, err = s.SetFolderTemplateIn(x, uid, f.ID, n.TemplateID)
		return err
	})
	return f, err
}

// SetFolderTemplate names the summary template of one of the caller's
// folders ("" names none) (SetFolderTemplateIn).
func (s *Service) SetFolderTemplate(ctx context.Context, uid, id, templateID string) (Folder, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return Folder{}, err
	}
	var f Folder
	err := s.db.Update(func(x *store.Txn) (err error) {
		f, err = s.SetFolderTemplateIn(x, uid, id, templateID)
		return err
	})
	return f, err
}

// SetFolderTemplateIn names the template new recordings of the folder are
// summarised with: a built-in or one of uid's own ("" names none, the
// default summary). Summaries already written keep theirs. The change is
// logged and live like a rename.
func (s *Service) SetFolderTemplateIn(x *store.Txn, uid, id, templateID string) (Folder, error) {
	f, err := getFolder(x, uid, id)
	if err != nil {
		return Folder{}, err
	}
	if templateID != "" {
		if err := templates.CheckIn(x, uid, templateID); err != nil {
			return Folder{}, err
		}
	}
	if deref(f.TemplateID) == templateID {
		return f, nil
	}
	f.TemplateID = nil
	if templateID != "" {
		f.TemplateID = &templateID
	}
	return f, s.writeFolder(x, uid, f)
}

// ClearFolderTemplateIn makes every folder of uid naming templateID name
// none: the template is being deleted in x (templates.Store.OnDelete).
func (s *Service) ClearFolderTemplateIn(x *store.Txn, uid, templateID string) error {
	var naming []Folder
	err := x.Scan(store.Prefix("folder", uid), nil, false, true, func(_, v []byte) (bool, error) {
		var f Folder
		if err := json.Unmarshal(v, &f); err != nil {
			return false, err
		}
		if deref(f.TemplateID) == templateID {
			naming = append(naming, f)
		}
		return true, nil
	})
	if err != nil {
		return err
	}
	for _, f := range naming {
		f.TemplateID = nil
		if err := s.writeFolder(x, uid, f); err != nil {
			return err
		}
	}
	return nil
}

// FolderTemplate answers the summary template id of one of uid's folders,
// "" when the folder names none or is gone.
func (s *Service) FolderTemplate(ctx context.Context, uid, folderID string) (string, error) {
	if folderID == "" {
		return "", nil
	}
	if err := CheckOwner(ctx, uid); err != nil {
		return "", err
	}
	var id string
	err := s.db.View(func(x *store.Txn) error {
		f, ok, err := FolderIn(x, uid, resolveAlias(x, uid, folderID))
		if ok {
			id = deref(f.TemplateID)
		}
		return err
	})
	return id, err
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// FolderEdit is a PUT of a folder: the fields given change, nil ones stay.
// TemplateID "" names no template.
type FolderEdit struct {
	Name, TemplateID *string
}

// EditFolder renames a folder and/or sets its summary template in one
// transaction, so a refused half leaves the other undone too.
func (s *Service) EditFolder(ctx context.Context, uid, id string, e FolderEdit) (Folder, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return Folder{}, err
	}
	if e.Name == nil && e.TemplateID == nil {
		return Folder{}, apperr.Invalidf("Nothing to update: send name, templateId or both")
	}
	var f Folder
	err := s.db.Update(func(x *store.Txn) (err error) {
		if e.Name != nil {
			if f, err = s.RenameFolderIn(x, uid, id, *e.Name); err != nil {
				return err
			}
		}
		if e.TemplateID != nil {
			f, err = s.SetFolderTemplateIn(x, uid, id, *e.TemplateID)
		}
		return err
	})
	return f, err
}
