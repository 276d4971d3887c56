package recordings

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
)

// maxFolderMembers bounds how many recordings one folder rename or delete
// rewrites in its transaction (Badger limits a transaction's size).
const maxFolderMembers = 2000

// CreateFolderIn makes a folder with an id the device chose, so recordings
// can be moved into it while offline. Creating an id that exists with the
// same name and parent is a no-op (a device may not know it was applied).
// A name already taken under the parent is answered with that folder, and
// the device's id is kept as an alias of it: moves made offline into the
// device's folder land in the one the user already had.
func (s *Service) CreateFolderIn(x *store.Txn, uid, id, name, parentID string) (Folder, error) {
	return s.createFolderIn(x, uid, id, name, parentID, s.limits)
}

func (s *Service) createFolderIn(x *store.Txn, uid, id, name, parentID string, lim quota.Limits) (Folder, error) {
	name, err := folderName(name)
	if err != nil {
		return Folder{}, err
	}
	if !okID(id) {
		return Folder{}, apperr.Invalidf("folder id must be at most 200 characters, without '/'")
	}
	if existing, ok, err := FolderIn(x, uid, id); err != nil || ok {
		return existing, err
	}
	if parentID != "" {
		if _, err := getFolder(x, uid, parentID); err != nil {
			return Folder{}, apperr.Missing("Parent folder")
		}
	}
	if taken, err := x.Get(folderNameKey(uid, parentID, name)); err == nil {
		if err := x.Set(aliasKey(uid, id), taken); err != nil {
			return Folder{}, err
		}
		return getFolder(x, uid, string(taken))
	} else if !errors.Is(err, store.ErrNotFound) {
		return Folder{}, err
	}
	return s.insertFolderWithID(x, uid, id, name, parentID, lim)
}

// RenameFolderIn renames a folder; its recordings show the new name.
func (s *Service) RenameFolderIn(x *store.Txn, uid, id, name string) (Folder, error) {
	name, err := folderName(name)
	if err != nil {
		return Folder{}, err
	}
	f, err := getFolder(x, uid, id)
	if err != nil {
		return Folder{}, err
	}
	parent := ""
	if f.ParentID != nil {
		parent = *f.ParentID
	}
	if f.Name == name {
		return f, nil
	}
	if taken, err := x.Get(folderNameKey(uid, parent, name)); err == nil && string(taken) != f.ID {
		return Folder{}, apperr.Newf(apperr.Conflict, "FOLDER_EXISTS", "A folder named %q already exists here", name)
	}
	if err := x.Delete(folderNameKey(uid, parent, f.Name)); err != nil {
		return Folder{}, err
	}
	f.Name = name
	if err := s.writeFolder(x, uid, f); err != nil {
		return Folder{}, err
	}
	return f, s.refileMembers(x, uid, f.ID, &f)
}

// DeleteFolderIn removes a folder: its recordings go to "General" and its
// subfolders move up to its parent.
func (s *Service) DeleteFolderIn(x *store.Txn, uid, id string) error {
	f, err := getFolder(x, uid, id)
	if err != nil {
		return err
	}
	if err := s.reparentChildren(x, uid, f); err != nil {
		return err
	}
	if err := s.refileMembers(x, uid, f.ID, nil); err != nil {
		return err
	}
	parent := ""
	if f.ParentID != nil {
		parent = *f.ParentID
	}
	if err := x.Delete(folderNameKey(uid, parent, f.Name)); err != nil {
		return err
	}
	if err := x.Delete(folderKey(uid, f.ID)); err != nil {
		return err
	}
	if err := quota.Charge(x, uid, quota.Delta{Folders: -1}); err != nil {
		return err
	}
	return s.folderChanged(x, uid, f.ID, true)
}

// GeneralFolder is the name the product gives to no folder (the spec's
// "No folder shows 'General'"): no folder may take it, and an upload filed
// under it has no folder.
const GeneralFolder = "General"

func folderName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", apperr.Invalidf("name is required")
	case strings.EqualFold(name, GeneralFolder):
		return "", apperr.Invalidf("%q is where recordings without a folder are: choose another name", GeneralFolder)
	case utf8.RuneCountInString(name) > MaxFolderName:
		return "", apperr.Invalidf("name must be at most %d characters", MaxFolderName)
	case strings.ContainsRune(name, 0):
		return "", apperr.Invalidf("name must not contain control characters")
	}
	return name, nil
}

func aliasKey(uid, id string) []byte { return store.Key("falias", uid, id) }

// writeFolder stores f with its name index entry and logs the change.
func (s *Service) writeFolder(x *store.Txn, uid string, f Folder) error {
	parent := ""
	if f.ParentID != nil {
		parent = *f.ParentID
	}
	if err := x.SetJSON(folderKey(uid, f.ID), f); err != nil {
		return err
	}
	if err := x.Set(folderNameKey(uid, parent, f.Name), []byte(f.ID)); err != nil {
		return err
	}
	return s.folderChanged(x, uid, f.ID, false)
}

func (s *Service) reparentChildren(x *store.Txn, uid string, f Folder) error {
	var children []Folder
	err := x.Scan(store.Prefix("folder", uid), nil, false, true, func(_, v []byte) (bool, error) {
		var c Folder
		if err := json.Unmarshal(v, &c); err != nil {
			return false, err
		}
		if c.ParentID != nil && *c.ParentID == f.ID {
			children = append(children, c)
		}
		return true, nil
	})
	if err != nil {
		return err
	}
	for _, c := range children {
		if err := x.Delete(folderNameKey(uid, f.ID, c.Name)); err != nil {
			return err
		}
		c.ParentID = f.ParentID
		if taken, err := x.Has(folderNameKey(uid, parentOf(c), c.Name)); err != nil || taken {
			if err == nil {
				err = apperr.Newf(apperr.Conflict, "FOLDER_EXISTS", "Moving %q up would clash with a folder of the same name", c.Name)
			}
			return err
		}
		if err := s.writeFolder(x, uid, c); err != nil {
			return err
		}
	}
	return nil
}

func parentOf(f Folder) string {
	if f.ParentID == nil {
		return ""
	}
	return *f.ParentID
}

// refileMembers rewrites every recording filed in folderID to show `to`
// (nil: no folder, "General"). Search terms do not include the folder, so
// only the record, its list item and its index entries change.
func (s *Service) refileMembers(x *store.Txn, uid, folderID string, to *Folder) error {
	var members []string
	err := x.Scan(indexPrefix(uid, SortRecordingAt), nil, false, true, func(_, v []byte) (bool, error) {
		e, err := decodeEntry(v)
		if err == nil && e.FolderID == folderID {
			members = append(members, e.ID)
		}
		return err == nil, err
	})
	if err != nil {
		return err
	}
	if len(members) > maxFolderMembers {
		return apperr.Newf(apperr.TooLarge, "FOLDER_TOO_LARGE", "This folder holds more than %d recordings; move some out first", maxFolderMembers)
	}
	for _, id := range members {
		if err := s.refile(x, uid, id, to); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) refile(x *store.Txn, uid, id string, to *Folder) error {
	old, err := loadLive(x, uid, id)
	if err != nil {
		return err
	}
	st := *old
	rec := old.recordingObject()
	change := FolderChange{}
	if to != nil {
		change.ID = to.ID
	}
	if rec, st.Book.FolderID, err = s.moveFolder(x, uid, rec, change); err != nil {
		return err
	}
	st.Recording = s.touch(rec)
	st.derive()
	if err := dropIndex(x, uid, old); err != nil {
		return err
	}
	if err := writeIndex(x, uid, &st); err != nil {
		return err
	}
	if err := x.Set(itemKey(uid, id), st.listItem()); err != nil {
		return err
	}
	if err := putSyncState(x, uid, &st); err != nil {
		return err
	}
	if err := writeRecord(x, uid, &st); err != nil {
		return err
	}
	return s.changed(x, uid, id, false, events.RecordingUpdated)
}

// resolveAlias maps a device's folder id that was merged into an existing
// folder (see CreateFolderIn) to that folder's id.
func resolveAlias(x *store.Txn, uid, id string) string {
	if b, err := x.Get(aliasKey(uid, id)); err == nil {
		return string(b)
	}
	return id
}
