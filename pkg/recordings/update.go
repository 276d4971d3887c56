package recordings

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Update applies p, bumps updatedAt, re-indexes and returns the recording in
// the list-item shape.
func (s *Service) Update(ctx context.Context, uid, id string, p Patch) (json.RawMessage, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	var item json.RawMessage
	err := s.db.Update(func(x *store.Txn) (err error) {
		item, err = s.UpdateIn(x, uid, id, p)
		return err
	})
	if err != nil {
		return nil, err
	}
	return item, nil
}

// UpdateIn is Update inside the caller's transaction (sync applies an edit
// and records that it did in one commit). The caller has checked uid.
func (s *Service) UpdateIn(x *store.Txn, uid, id string, p Patch) (json.RawMessage, error) {
	old, err := loadLive(x, uid, id)
	if err != nil {
		return nil, err
	}
	st := *old
	rec := p.setOn(old.recordingObject())
	if p.Folder != nil {
		if rec, st.Book.FolderID, err = s.moveFolder(x, uid, rec, *p.Folder); err != nil {
			return nil, err
		}
	}
	st.Recording = s.touch(rec)
	st.derive()
	if err := put(x, uid, &st, old); err != nil {
		return nil, err
	}
	return st.listItem(), s.changed(x, uid, id, false, events.RecordingUpdated)
}

// moveFolder sets recording.folder to {id, name} of the target (or removes
// it), keeping any folderId/folder_id member the device wrote in step.
func (s *Service) moveFolder(x *store.Txn, uid string, rec loose.Object, c FolderChange) (loose.Object, string, error) {
	var f Folder
	var err error
	if c.ID != "" {
		f, err = getFolder(x, uid, c.ID)
	} else {
		f, err = s.folderNamed(x, uid, c.Name, s.limits)
	}
	if err != nil {
		return rec, "", err
	}
	if f.ID == "" {
		rec = rec.Delete("folder").Delete("folderId").Delete("folder_id")
		return rec, "", nil
	}
	folder, _ := loose.Object{{Key: "id", Value: jsonString(f.ID)}, {Key: "name", Value: jsonString(f.Name)}}.MarshalJSON()
	rec = rec.Set("folder", folder)
	for _, k := range []string{"folderId", "folder_id"} {
		if rec.Get(k) != nil {
			rec = rec.Set(k, jsonString(f.ID))
		}
	}
	return rec, f.ID, nil
}

// touch sets updatedAt to now and returns the recording's bytes.
func (s *Service) touch(rec loose.Object) json.RawMessage {
	b, _ := rec.Set("updatedAt", jsonString(stamp(s.now()))).MarshalJSON()
	return b
}

func jsonString(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}

// Delete removes a recording. Soft (the default) hides it from the dashboard,
// search, detail and shares and keeps the record with its deletion time;
// permanent removes everything, a soft-deleted recording included.
func (s *Service) Delete(ctx context.Context, uid, id string, permanent bool) error {
	if err := CheckOwner(ctx, uid); err != nil {
		return err
	}
	err := s.db.Update(func(x *store.Txn) error { return s.DeleteIn(x, uid, id, permanent) })
	if err != nil {
		return fmt.Errorf("recordings: delete %s: %w", id, err)
	}
	return nil
}

// DeleteIn is Delete inside the caller's transaction. Every delete leaves a
// tombstone in the change log, so devices drop the recording too.
func (s *Service) DeleteIn(x *store.Txn, uid, id string, permanent bool) error {
	st, err := load(x, uid, id)
	if err != nil {
		return err
	}
	if _, err := quota.Load(x, uid); err != nil { // counted before the delete: see putWith
		return err
	}
	if st.Book.DeletedAt != nil && !permanent {
		return apperr.Missing("Recording")
	}
	if st.Book.DeletedAt == nil {
		if err := unindex(x, uid, st); err != nil {
			return err
		}
	}
	// The audio goes with any delete: the user asked for the recording gone,
	// and nothing restores a deleted one. The file follows once this commits.
	if err := audio.DeleteMetaIn(x, uid, id); err != nil {
		return err
	}
	if err := s.deletingIn(x, uid, id); err != nil {
		return err
	}
	x.AfterCommit(func() { s.notifyDeleted(uid, id) })
	if permanent {
		if err := x.Delete(viewKey(uid, id)); err != nil {
			return err
		}
		if err := deleteRecord(x, uid, st); err != nil {
			return err
		}
		return s.changed(x, uid, id, true, events.RecordingDeleted)
	}
	now := s.now().UTC()
	st.Book.DeletedAt = &now
	if err := writeRecord(x, uid, st); err != nil {
		return err
	}
	return s.changed(x, uid, id, true, events.RecordingDeleted)
}
