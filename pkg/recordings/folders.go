package recordings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/ids"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
)

// MaxFolderName bounds a folder's name in characters.
const MaxFolderName = 100

// rootParent stands for "no parent" in the name index (ids are never "-").
const rootParent = "-"

// Folder is a user's folder. ParentID is null for a top-level folder.
// TemplateID names the summary template (pkg/templates) its new recordings
// are summarised with; null is the default summary.
type Folder struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	ParentID   *string   `json:"parent_id"`
	CreatedAt  time.Time `json:"createdAt"`
	TemplateID *string   `json:"templateId"`
}

func folderKey(uid, id string) []byte { return store.Key("folder", uid, id) }

// folderNameKey makes names unique per parent, case-insensitively.
func folderNameKey(uid, parentID, name string) []byte {
	if parentID == "" {
		parentID = rootParent
	}
	return store.Key("fname", uid, parentID, strings.ToLower(name))
}

// Folders lists the caller's folders by name.
func (s *Service) Folders(ctx context.Context, uid string) ([]Folder, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	out := []Folder{}
	err := s.db.View(func(x *store.Txn) error {
		return x.Scan(store.Prefix("folder", uid), nil, false, true, func(_, v []byte) (bool, error) {
			var f Folder
			if err := json.Unmarshal(v, &f); err != nil {
				return false, err
			}
			out = append(out, f)
			return true, nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("recordings: list folders: %w", err)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := strings.ToLower(out[i].Name), strings.ToLower(out[j].Name)
		return a < b || (a == b && out[i].ID < out[j].ID)
	})
	return out, nil
}

// CreateFolder makes a folder. The name is trimmed, required and at most
// MaxFolderName characters; the parent, when given, must be the caller's; a
// folder with the same name (ignoring case) under the same parent is a Conflict.
func (s *Service) CreateFolder(ctx context.Context, uid, name, parentID string) (Folder, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return Folder{}, err
	}
	name, err := folderName(name)
	if err != nil {
		return Folder{}, err
	}
	var f Folder
	err = s.db.Update(func(x *store.Txn) (err error) {
		f, err = s.createFolderTx(x, uid, name, parentID)
		return err
	})
	return f, err
}

// createFolderTx is CreateFolder's write, for a name already checked.
func (s *Service) createFolderTx(x *store.Txn, uid, name, parentID string) (Folder, error) {
	if parentID != "" {
		if _, err := getFolder(x, uid, parentID); err != nil {
			return Folder{}, apperr.Missing("Parent folder")
		}
	}
	if has, err := x.Has(folderNameKey(uid, parentID, name)); err != nil || has {
		if err == nil {
			err = apperr.Newf(apperr.Conflict, "FOLDER_EXISTS", "A folder named %q already exists here", name)
		}
		return Folder{}, err
	}
	return s.insertFolder(x, uid, name, parentID, s.limits)
}

func (s *Service) insertFolder(x *store.Txn, uid, name, parentID string, lim quota.Limits) (Folder, error) {
	return s.insertFolderWithID(x, uid, ids.UUID(), name, parentID, lim)
}

// insertFolderWithID writes a new folder, counted in the owner's usage and
// refused past lim's folder limit.
func (s *Service) insertFolderWithID(x *store.Txn, uid, id, name, parentID string, lim quota.Limits) (Folder, error) {
	f := Folder{ID: id, Name: name, CreatedAt: s.now().UTC()}
	if parentID != "" {
		f.ParentID = &parentID
	}
	before, err := quota.Load(x, uid)
	if err != nil {
		return f, err
	}
	if err := s.writeFolder(x, uid, f); err != nil {
		return f, err
	}
	if err := quota.Charge(x, uid, quota.Delta{Folders: 1}); err != nil {
		return f, err
	}
	return f, quota.Check(x, uid, before, quota.Limits{Folders: lim.Folders})
}

func getFolder(x *store.Txn, uid, id string) (Folder, error) {
	var f Folder
	if id == "" || strings.ContainsRune(id, '/') {
		return f, apperr.Missing("Folder")
	}
	err := x.GetJSON(folderKey(uid, resolveAlias(x, uid, id)), &f)
	if errors.Is(err, store.ErrNotFound) {
		return f, apperr.Missing("Folder")
	}
	return f, err
}

// folderNamed finds the top-level folder with this name (ignoring case) or
// creates it: folders named by imported recordings and by edits appear in the
// folder list, so folder_id filtering works on them.
func (s *Service) folderNamed(x *store.Txn, uid, name string, lim quota.Limits) (Folder, error) {
	name = strings.TrimSpace(strings.ReplaceAll(name, "\x00", ""))
	if r := []rune(name); len(r) > MaxFolderName {
		name = strings.TrimSpace(string(r[:MaxFolderName]))
	}
	if name == "" || strings.EqualFold(name, GeneralFolder) {
		return Folder{}, nil // "General" is where recordings without a folder show
	}
	id, err := x.Get(folderNameKey(uid, "", name))
	if err == nil {
		return getFolder(x, uid, string(id))
	}
	if !errors.Is(err, store.ErrNotFound) {
		return Folder{}, err
	}
	return s.insertFolder(x, uid, name, "", lim)
}
