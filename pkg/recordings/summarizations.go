package recordings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Summarization returns the summarization with this id from the caller's
// recordings, as stored, with `id` (and `recordingId`) added when missing.
func (s *Service) Summarization(ctx context.Context, uid, summarizationID string) (json.RawMessage, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	var out json.RawMessage
	err := s.db.View(func(x *store.Txn) error {
		recID, err := x.Get(sumKey(uid, summarizationID))
		if errors.Is(err, store.ErrNotFound) {
			return apperr.Missing("Summarization")
		}
		if err != nil {
			return err
		}
		st, err := loadLive(x, uid, string(recID))
		if err != nil {
			return apperr.Missing("Summarization")
		}
		v, ok := findSummarization(st.Summarizations, summarizationID)
		if !ok {
			return apperr.Missing("Summarization")
		}
		out = withIDs(v, summarizationID, st.ID)
		return nil
	})
	return out, err
}

// SummarizationByRecording returns the recording's first summarization (the
// one the product shows).
func (s *Service) SummarizationByRecording(ctx context.Context, uid, recordingID string) (json.RawMessage, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	var out json.RawMessage
	err := s.db.View(func(x *store.Txn) error {
		st, err := loadLive(x, uid, recordingID)
		if err != nil {
			return err
		}
		sid, v, ok := loose.FirstSummarization(st.Summarizations)
		if !ok {
			return apperr.Missing("Summarization")
		}
		out = withIDs(v, sid, st.ID)
		return nil
	})
	return out, err
}

func findSummarization(raw json.RawMessage, id string) (json.RawMessage, bool) {
	v := loose.Unwrap(raw)
	if obj, ok := loose.ParseObject(v); ok {
		m := obj.Get(id)
		return m, !loose.IsNull(m)
	}
	arr, _ := loose.Array(v)
	for _, el := range arr {
		if o, ok := loose.ParseObject(loose.Unwrap(el)); ok && loose.Text(o.Get("id")) == id {
			return el, true
		}
	}
	return nil, false
}

// withIDs unwraps a summarization given as a JSON string and adds its id and
// recordingId when absent; other members stay as given.
func withIDs(v json.RawMessage, sid, recID string) json.RawMessage {
	obj, ok := loose.ParseObject(loose.Unwrap(v))
	if !ok {
		return v
	}
	if sid != "" && obj.Get("id") == nil {
		b, _ := json.Marshal(sid)
		obj = obj.Set("id", b)
	}
	if obj.Get("recordingId") == nil {
		b, _ := json.Marshal(recID)
		obj = obj.Set("recordingId", b)
	}
	b, _ := obj.MarshalJSON()
	return b
}

// AddSummarization stores a summarization produced by the server (the AI
// engine) as the recording's first, bumps updatedAt so an older device upload
// cannot overwrite it, re-indexes, and publishes SummaryReady.
func (s *Service) AddSummarization(ctx context.Context, uid, recordingID, summarizationID string, value json.RawMessage) error {
	return s.AddSummarizationIf(ctx, uid, recordingID, summarizationID, value, nil)
}

// AddSummarizationIf is AddSummarization in a transaction that first runs
// guard (when not nil): an error from it writes nothing and is returned. A
// background job finishes itself there (jobs.Queue.FinishIn), so a worker
// whose lease was taken over cannot write a second summary.
func (s *Service) AddSummarizationIf(ctx context.Context, uid, recordingID, summarizationID string, value json.RawMessage, guard func(*store.Txn) error) error {
	if err := CheckOwner(ctx, uid); err != nil {
		return err
	}
	if !okID(summarizationID) {
		return apperr.Invalidf("summarization id must be at most 200 characters, without '/'")
	}
	if _, ok := loose.ParseObject(value); !ok {
		return apperr.Invalidf("summarization must be an object")
	}
	err := s.db.Update(func(x *store.Txn) error {
		if guard != nil {
			if err := guard(x); err != nil {
				return err
			}
		}
		old, err := loadLive(x, uid, recordingID)
		if err != nil {
			return err
		}
		existing, _ := loose.ParseObject(loose.Unwrap(old.Summarizations))
		sums, _ := append(loose.Object{{Key: summarizationID, Value: value}}, existing.Delete(summarizationID)...).MarshalJSON()
		return s.putSummarizations(x, uid, recordingID, old, sums)
	})
	if err != nil {
		return fmt.Errorf("recordings: add summarization to %s: %w", recordingID, err)
	}
	return nil
}

// putSummarizations stores the recording with its summarizations replaced
// (the first is the one shown) and announces the summary and the edit.
func (s *Service) putSummarizations(x *store.Txn, uid, recordingID string, old *stored, sums []byte) error {
	st := *old
	st.Summarizations = json.RawMessage(sums)
	st.Recording = s.touch(old.recordingObject())
	st.derive()
	if err := put(x, uid, &st, old); err != nil {
		return err
	}
	return s.changed(x, uid, recordingID, false, events.SummaryReady, events.RecordingUpdated)
}
