package recordings

import (
	"context"

	"github.com/pocket-companion/pocket/pkg/store"
)

// The edits sync applies inside its own transactions, offered on their own
// for the REST API (a relay in front of this server turns a device's queued
// folder and speaker edits into these calls).

// CreateFolderAs makes a folder with the id a device chose (CreateFolderIn):
// a relay passes on a device's queued create with that id, so the folder the
// device already shows, and the moves it queued into it, keep their id.
func (s *Service) CreateFolderAs(ctx context.Context, uid, id, name, parentID string) (Folder, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return Folder{}, err
	}
	var f Folder
	err := s.db.Update(func(x *store.Txn) (err error) {
		f, err = s.CreateFolderIn(x, uid, id, name, parentID)
		return err
	})
	return f, err
}

// RenameFolder renames one of the caller's folders (RenameFolderIn).
func (s *Service) RenameFolder(ctx context.Context, uid, id, name string) (Folder, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return Folder{}, err
	}
	var f Folder
	err := s.db.Update(func(x *store.Txn) (err error) {
		f, err = s.RenameFolderIn(x, uid, id, name)
		return err
	})
	return f, err
}

// DeleteFolder removes one of the caller's folders (DeleteFolderIn).
func (s *Service) DeleteFolder(ctx context.Context, uid, id string) error {
	if err := CheckOwner(ctx, uid); err != nil {
		return err
	}
	return s.db.Update(func(x *store.Txn) error { return s.DeleteFolderIn(x, uid, id) })
}

// RenameSpeaker names a transcript speaker of one recording (RenameSpeakerIn).
func (s *Service) RenameSpeaker(ctx context.Context, uid, id, label, name string) error {
	if err := CheckOwner(ctx, uid); err != nil {
		return err
	}
	return s.db.Update(func(x *store.Txn) error { return s.RenameSpeakerIn(x, uid, id, label, name) })
}
