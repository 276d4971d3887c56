package relaysync

import (
	"context"
	"encoding/json"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Detail is what the mirror knows of one recording in the detail shape: the
// list item as the recording, its summary as the first summarization, and
// the speakers when a detail was fetched. It is what a Web Push notice for
// summary.ready reads (its title and first summary line: pkg/push's
// Recordings), so notices in relay mode need no upstream call and no token.
func (s *Service) Detail(ctx context.Context, uid, id string) (recordings.Detail, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return recordings.Detail{}, err
	}
	var r mirroredRecording
	var found bool
	err := s.db.View(func(x *store.Txn) (err error) {
		found, err = getJSON(x, mrecKey(uid, id), &r)
		return err
	})
	if err != nil {
		return recordings.Detail{}, err
	}
	if !found {
		return recordings.Detail{}, apperr.Missing("Recording")
	}
	obj, _ := loose.ParseObject(r.Item)
	d := recordings.Detail{
		Recording: json.RawMessage(r.Item), Speakers: r.Speakers,
		ID: id, FolderID: r.FolderID, HasSummary: r.HasSummary,
	}
	if sum := obj.Get("summarization"); sum != nil && !loose.IsNull(sum) {
		d.Summarizations, _ = loose.Object{{Key: "relay", Value: sum}}.MarshalJSON()
	}
	return d, nil
}
