package recordings

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/store"
)

// ImportObject is one of the owner's recordings in the import format
// (ARCHITECTURE.md "Import / device-upload format"), re-importable as is:
// the given members exactly as stored (absent ones left out), speakers with
// the owner's names laid over, and recording.folder naming the folder it is
// filed in by id and name, so that importing it into a data directory that
// lacks the folder recreates it with the same id.
func (s *Service) ImportObject(ctx context.Context, uid, id string) (json.RawMessage, Detail, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, Detail{}, err
	}
	var (
		out json.RawMessage
		d   Detail
	)
	err := s.db.View(func(x *store.Txn) error {
		st, err := loadLive(x, uid, id)
		if err != nil {
			return err
		}
		d = st.detail()
		out, err = st.importObject(x, uid, d)
		return err
	})
	return out, d, err
}

func (st *stored) importObject(x *store.Txn, uid string, d Detail) (json.RawMessage, error) {
	rec, _ := loose.ParseObject(d.Recording)
	if st.Book.FolderID != "" {
		if f, err := getFolder(x, uid, st.Book.FolderID); err == nil {
			folder, _ := loose.Object{{Key: "id", Value: jsonString(f.ID)}, {Key: "name", Value: jsonString(f.Name)}}.MarshalJSON()
			rec = rec.Set("folder", folder)
			for _, k := range []string{"folderId", "folder_id"} {
				if rec.Get(k) != nil {
					rec = rec.Set(k, jsonString(f.ID))
				}
			}
		}
	}
	recBytes, err := rec.MarshalJSON()
	if err != nil {
		return nil, err
	}
	obj := loose.Object{{Key: "recording", Value: recBytes}}
	for _, m := range []loose.Member{
		{Key: "speakers", Value: d.Speakers},
		{Key: "summarizations", Value: d.Summarizations},
		{Key: "transcription", Value: d.Transcription},
		{Key: "metadata", Value: d.Metadata},
	} {
		if m.Value != nil { // absent stays absent: a re-import stores the same
			obj = append(obj, m)
		}
	}
	return obj.MarshalJSON()
}

// LiveIDs lists the ids of the owner's recordings that are not deleted, in
// id order: what a library backup walks, one recording at a time, so that a
// large library is never held in memory whole.
func (s *Service) LiveIDs(ctx context.Context, uid string) ([]string, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	var out []string
	prefix := store.Prefix("rec", uid)
	err := s.db.View(func(x *store.Txn) error {
		return x.Scan(prefix, nil, false, true, func(k, v []byte) (bool, error) {
			var head struct {
				ID   string `json:"id"`
				Book struct {
					DeletedAt *json.RawMessage `json:"deletedAt"`
				} `json:"book"`
			}
			if err := json.Unmarshal(v, &head); err != nil {
				return false, fmt.Errorf("recordings: decode %s: %w", strings.TrimPrefix(string(k), string(prefix)), err)
			}
			if head.Book.DeletedAt == nil {
				out = append(out, head.ID)
			}
			return true, nil
		})
	})
	return out, err
}
