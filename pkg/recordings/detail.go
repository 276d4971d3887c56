package recordings

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Detail is the spec's recording detail shape. The loose fields are exactly as
// stored (null when the import had none); recording always carries its id.
type Detail struct {
	Recording      json.RawMessage `json:"recording"`
	Speakers       json.RawMessage `json:"speakers"`
	Summarizations json.RawMessage `json:"summarizations"`
	Transcription  json.RawMessage `json:"transcription"`
	Metadata       json.RawMessage `json:"metadata"`

	// Server-side facts for other features (share, chat); not part of the shape.
	ID         string `json:"-"`
	FolderID   string `json:"-"`
	HasSummary bool   `json:"-"`
}

func (st *stored) detail() Detail {
	return Detail{
		Recording:      st.recordingWithID(),
		Speakers:       st.speakersWithNames(),
		Summarizations: st.Summarizations,
		Transcription:  st.Transcription,
		Metadata:       st.Metadata,
		ID:             st.ID,
		FolderID:       st.Book.FolderID,
		HasSummary:     st.Book.HasSummary,
	}
}

// Detail returns one of the owner's recordings; a missing, deleted or other
// user's recording is NotFound. The share and chat features use it too.
func (s *Service) Detail(ctx context.Context, uid, id string) (Detail, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return Detail{}, err
	}
	var d Detail
	err := s.db.View(func(x *store.Txn) error {
		st, err := loadLive(x, uid, id)
		if err != nil {
			return err
		}
		d = st.detail()
		d.Recording, err = withAudio(x, uid, id, d.Recording)
		return err
	})
	return d, err
}

// DetailIn is Detail read in x, for a feature that writes beside the
// recording in the same transaction (pkg/highlights reads its transcript).
func DetailIn(x *store.Txn, uid, id string) (Detail, error) {
	st, err := loadLive(x, uid, id)
	if err != nil {
		return Detail{}, err
	}
	return st.detail(), nil
}

// withAudio adds recording.audio {contentType, size} when the recording has
// audio, so the app knows to show a player; the rest stays as given.
func withAudio(x *store.Txn, uid, id string, rec json.RawMessage) (json.RawMessage, error) {
	m, err := audio.LoadMeta(x, uid, id)
	if err != nil || m == nil {
		return rec, err
	}
	obj, _ := loose.ParseObject(rec)
	info, _ := json.Marshal(map[string]any{"contentType": m.ContentType, "size": m.Size})
	return obj.Set("audio", info).MarshalJSON()
}

// Item returns one recording in the list-item shape (the recording as given,
// its id and summarization.summary), as the dashboard and search show it.
func (s *Service) Item(ctx context.Context, uid, id string) (json.RawMessage, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	var item json.RawMessage
	err := s.db.View(func(x *store.Txn) error {
		st, err := loadLive(x, uid, id)
		if err == nil {
			item = st.listItem()
		}
		return err
	})
	return item, err
}

// Exists reports whether the owner has this recording and has not deleted it
// (what share links check before resolving).
func (s *Service) Exists(ctx context.Context, uid, id string) (bool, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return false, err
	}
	var ok bool
	err := s.db.View(func(x *store.Txn) error {
		_, err := loadLive(x, uid, id)
		if err == nil {
			ok = true
		}
		if errors.Is(err, apperr.ErrNotFound) {
			return nil
		}
		return err
	})
	return ok, err
}
