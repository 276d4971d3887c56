package relaysync

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/store"
)

// fetchSpeakers reads a recording's detail (within the budget) and keeps its
// speakers member in the mirror: a list item has none, so the relay fetches
// a detail only when a speaker's name changed through it.
func (s *Service) fetchSpeakers(ctx context.Context, uid, token, id string) {
	a, err := s.background(ctx, uid, token, http.MethodGet, "/api/v1/recordings/"+url.PathEscape(id), nil)
	if err != nil {
		return
	}
	var ans struct {
		Data struct {
			Speakers json.RawMessage `json:"speakers"`
		} `json:"data"`
	}
	if json.Unmarshal(a.body, &ans) != nil || len(ans.Data.Speakers) == 0 {
		return
	}
	var seq uint64
	err = s.db.Update(func(x *store.Txn) error {
		var r mirroredRecording
		if ok, err := getJSON(x, mrecKey(uid, id), &r); !ok || err != nil || bytes.Equal(r.Speakers, ans.Data.Speakers) {
			return err
		}
		r.Speakers = ans.Data.Speakers
		if err := x.SetJSON(mrecKey(uid, id), r); err != nil {
			return err
		}
		seq, err = changelog.Append(x, uid, changelog.Recording, id, false, s.opts.Now())
		return err
	})
	if err != nil {
		s.log.Warn("relaysync: keeping a recording's speakers failed", "err", err)
		return
	}
	if seq != 0 {
		if s.inval != nil {
			s.inval.InvalidateUser(uid)
		}
		s.publish(events.Event{Type: events.RecordingUpdated, UserID: uid, RecordingID: id, Seq: seq})
	}
}
