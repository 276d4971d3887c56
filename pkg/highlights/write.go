package highlights

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/ids"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// New is what makes a highlight: id "" makes one (a device sends its own,
// so it can edit the note before the server has answered).
type NewHighlight struct {
	ID          string
	RecordingID string
	Start, End  float64
	Note        string
}

// Create makes a highlight of one of uid's recordings.
func (s *Service) Create(ctx context.Context, uid string, n NewHighlight) (Highlight, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return Highlight{}, err
	}
	var h Highlight
	err := s.db.Update(func(x *store.Txn) (err error) {
		h, err = s.CreateIn(x, uid, n)
		return err
	})
	return h, err
}

// CreateIn is Create in x (a synced edit's transaction). The same id made
// again for the same recording answers the highlight made the first time,
// so a device's resend makes nothing new.
func (s *Service) CreateIn(x *store.Txn, uid string, n NewHighlight) (Highlight, error) {
	if n.ID == "" {
		n.ID = ids.UUID()
	}
	if !validID(n.ID) {
		return Highlight{}, apperr.New(apperr.Invalid, "INVALID_ID", "A highlight's id is at most 64 characters, without /")
	}
	note, err := checkNote(n.Note)
	if err != nil {
		return Highlight{}, err
	}
	if err := checkRange(n.Start, n.End); err != nil {
		return Highlight{}, err
	}
	if old, err := get(x, uid, n.ID); err == nil {
		if old.RecordingID != n.RecordingID {
			return Highlight{}, apperr.New(apperr.Conflict, "HIGHLIGHT_EXISTS", "Another highlight has this id")
		}
		return old, nil
	} else if !apperr.Is(err, apperr.NotFound) {
		return Highlight{}, err
	}
	d, err := recordings.DetailIn(x, uid, n.RecordingID)
	if err != nil {
		return Highlight{}, err
	}
	p, err := passageOf(d, n.Start, n.End)
	if err != nil {
		return Highlight{}, err
	}
	if err := s.checkQuota(x, uid); err != nil {
		return Highlight{}, err
	}
	now := s.now().UTC().Truncate(time.Millisecond)
	h := Highlight{
		ID: n.ID, RecordingID: n.RecordingID, Start: n.Start, End: n.End, Text: p.text, Note: note,
		Speakers: p.speakers, CreatedAt: now, UpdatedAt: now,
	}
	return h, s.write(x, uid, h)
}

// SetNote replaces a highlight's note ("" clears it).
func (s *Service) SetNote(ctx context.Context, uid, id, note string) (Highlight, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return Highlight{}, err
	}
	var h Highlight
	err := s.db.Update(func(x *store.Txn) (err error) {
		h, err = s.SetNoteIn(x, uid, id, note)
		return err
	})
	return h, err
}

// SetNoteIn is SetNote in x.
func (s *Service) SetNoteIn(x *store.Txn, uid, id, note string) (Highlight, error) {
	note, err := checkNote(note)
	if err != nil {
		return Highlight{}, err
	}
	h, err := get(x, uid, id)
	if err != nil {
		return h, err
	}
	h.Note, h.UpdatedAt = note, s.now().UTC().Truncate(time.Millisecond)
	return h, s.write(x, uid, h)
}

// Delete removes a highlight.
func (s *Service) Delete(ctx context.Context, uid, id string) error {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return err
	}
	return s.db.Update(func(x *store.Txn) error { return s.DeleteIn(x, uid, id) })
}

// DeleteIn is Delete in x.
func (s *Service) DeleteIn(x *store.Txn, uid, id string) error {
	h, err := get(x, uid, id)
	if err != nil {
		return err
	}
	return s.remove(x, uid, h)
}

// DeleteForRecordingIn removes every highlight of a recording, in the
// transaction that deletes it (recordings.OnDeleteIn).
func (s *Service) DeleteForRecordingIn(x *store.Txn, uid, recordingID string) error {
	hs, err := ofRecording(x, uid, recordingID)
	if err != nil {
		return err
	}
	for _, h := range hs {
		if err := s.remove(x, uid, h); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) write(x *store.Txn, uid string, h Highlight) error {
	if err := x.SetJSON(key(uid, h.ID), h); err != nil {
		return err
	}
	if err := x.Set(byRecKey(uid, h.RecordingID, h.ID), nil); err != nil {
		return err
	}
	return s.logged(x, uid, h, false)
}

func (s *Service) remove(x *store.Txn, uid string, h Highlight) error {
	if err := x.Delete(key(uid, h.ID)); err != nil {
		return err
	}
	if err := x.Delete(byRecKey(uid, h.RecordingID, h.ID)); err != nil {
		return err
	}
	for _, f := range s.onDelete {
		if err := f(x, uid, h.ID); err != nil {
			return err
		}
	}
	return s.logged(x, uid, h, true)
}

// logged appends the change for devices to pull and announces it once x
// commits, so open tabs pull it at once.
func (s *Service) logged(x *store.Txn, uid string, h Highlight, deleted bool) error {
	seq, err := changelog.Append(x, uid, changelog.Highlight, h.ID, deleted, s.now())
	if err != nil {
		return fmt.Errorf("highlights: log change of %s: %w", h.ID, err)
	}
	if s.bus != nil {
		typ := events.HighlightUpdated
		if deleted {
			typ = events.HighlightDeleted
		}
		e := events.Event{Type: typ, UserID: uid, RecordingID: h.RecordingID, Seq: seq}
		x.AfterCommit(func() { e.At = s.now().UTC(); s.bus.Publish(e) })
	}
	return nil
}

// checkQuota refuses one highlight more past the user's limit.
func (s *Service) checkQuota(x *store.Txn, uid string) error {
	room, err := s.room(x, uid)
	if err == nil && room == 0 {
		err = quotaFull(s.limit)
	}
	return err
}

// room is how many more highlights uid may keep (-1: no limit). Counting
// reads only keys, and stops at the limit.
func (s *Service) room(x *store.Txn, uid string) (int64, error) {
	if s.limit <= 0 {
		return -1, nil
	}
	n := int64(0)
	err := x.Scan(allPrefix(uid), nil, false, false, func(_, _ []byte) (bool, error) {
		n++
		return n < s.limit, nil
	})
	return max(s.limit-n, 0), err
}

func quotaFull(limit int64) error {
	return apperr.Newf(apperr.TooLarge, "QUOTA_HIGHLIGHTS",
		"You have reached your limit of %d highlights. Delete highlights you no longer need to add new ones.", limit)
}

func checkNote(note string) (string, error) {
	note = strings.TrimSpace(strings.ReplaceAll(note, "\x00", ""))
	if utf8.RuneCountInString(note) > MaxNote {
		return "", apperr.Newf(apperr.Invalid, "NOTE_TOO_LONG", "A note is at most %d characters", MaxNote)
	}
	return note, nil
}

func get(x *store.Txn, uid, id string) (Highlight, error) {
	var h Highlight
	if !validID(id) {
		return h, apperr.Missing("Highlight")
	}
	err := x.GetJSON(key(uid, id), &h)
	if errors.Is(err, store.ErrNotFound) {
		return h, apperr.Missing("Highlight")
	}
	return h, err
}
