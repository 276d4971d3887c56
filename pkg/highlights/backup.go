package highlights

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// WithHighlights adds the recording's highlights to its import object
// (member recordings.ExtraHighlights), for the JSON export and the backup:
// importing the object again brings them back. An object of a recording
// without highlights is answered as it is.
func (s *Service) WithHighlights(ctx context.Context, uid, recordingID string, obj json.RawMessage) (json.RawMessage, error) {
	var hs []Highlight
	err := s.db.View(func(x *store.Txn) (err error) {
		hs, err = ofRecording(x, uid, recordingID)
		return err
	})
	if err != nil || len(hs) == 0 {
		return obj, err
	}
	list, err := json.Marshal(hs)
	if err != nil {
		return nil, err
	}
	return appendMember(obj, recordings.ExtraHighlights, list)
}

// appendMember adds "name": value at the end of the object obj, keeping its
// members as they are written (a map would reorder them).
func appendMember(obj json.RawMessage, name string, value []byte) (json.RawMessage, error) {
	body := bytes.TrimSpace(obj)
	if len(body) < 2 || body[0] != '{' || body[len(body)-1] != '}' {
		return nil, fmt.Errorf("highlights: an import object must be a JSON object")
	}
	key, _ := json.Marshal(name)
	out := append([]byte{}, body[:len(body)-1]...)
	if len(bytes.TrimSpace(body[1:len(body)-1])) > 0 {
		out = append(out, ',')
	}
	out = append(append(append(out, key...), ':'), value...)
	return append(out, '}'), nil
}

// restoreIn files the highlights an imported recording's object carries
// (recordings.OnImportedIn): each keeps its id, range, text, note and times;
// one that exists already is left as it is. Entries that are not highlights
// are skipped, so a hand-edited backup still imports its recordings.
func (s *Service) restoreIn(x *store.Txn, uid, recordingID string, extras map[string]json.RawMessage) error {
	raw, ok := extras[recordings.ExtraHighlights]
	if !ok {
		return nil
	}
	var hs []Highlight
	if json.Unmarshal(raw, &hs) != nil {
		return nil
	}
	room, err := s.room(x, uid)
	if err != nil {
		return err
	}
	for _, h := range hs {
		if !validID(h.ID) || checkRange(h.Start, h.End) != nil || h.Text == "" {
			continue
		}
		if _, err := get(x, uid, h.ID); err == nil {
			continue
		} else if !isMissing(err) {
			return err
		}
		if room == 0 {
			return quotaFull(s.limit)
		}
		room--
		h.RecordingID, h.Text, h.Note = recordingID, clip(h.Text, MaxText), clip(h.Note, MaxNote)
		if err := s.write(x, uid, h); err != nil {
			return err
		}
	}
	return nil
}

func isMissing(err error) bool { return apperr.Is(err, apperr.NotFound) }
