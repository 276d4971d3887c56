package chat

import (
	"context"
	"errors"
	"sort"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// An owner may keep several conversations about one recording, each with its
// own history, listed under chat/rec/<scope>/<recordingId>/<sessionId>. The
// first one, made on first use, is also what chat/by/<scope>/<recordingId>
// names (stores written before this list have only that key), so its
// creation stays one race-free transaction. A question without a session id
// goes to the conversation with the latest activity. Share-link visitors keep
// their single conversation per visitor.

func recordingConvKey(scope, recordingID, sessionID string) []byte {
	return store.Key("chat", "rec", scope, recordingID, sessionID)
}

func recordingConvPrefix(scope, recordingID string) []byte {
	return store.Prefix("chat", "rec", scope, recordingID)
}

var errConversationsOwnersOnly = apperr.New(apperr.Forbidden, "CONVERSATIONS_OWNERS_ONLY", "Only the owner can keep several conversations about a recording.")

// ownedRecording resolves an owner (never a visitor) and the recording they ask about.
func (s *Service) ownedRecording(ctx context.Context, a Access, recordingID string) (who, recordings.Detail, error) {
	if a.Token != "" {
		return who{}, recordings.Detail{}, errConversationsOwnersOnly
	}
	w, err := s.resolve(ctx, a)
	if err != nil {
		return who{}, recordings.Detail{}, err
	}
	d, err := s.recording(ctx, w, recordingID)
	return w, d, err
}

// RecordingSessions lists the owner's conversations about a recording,
// latest activity first (none before the first is made).
func (s *Service) RecordingSessions(ctx context.Context, a Access, recordingID string) ([]Session, error) {
	w, d, err := s.ownedRecording(ctx, a, recordingID)
	if err != nil {
		return nil, err
	}
	var list []*storedSession
	err = s.opts.DB.View(func(x *store.Txn) error {
		list, err = conversationsOf(x, w.scope, d.ID)
		return err
	})
	out := make([]Session, 0, len(list))
	for _, st := range list {
		out = append(out, st.Session)
	}
	return out, err
}

// NewRecordingSession starts an empty conversation about a recording; it
// becomes the latest, and its first question names it.
func (s *Service) NewRecordingSession(ctx context.Context, a Access, recordingID string) (Session, error) {
	w, d, err := s.ownedRecording(ctx, a, recordingID)
	if err != nil {
		return Session{}, err
	}
	st := s.newSession(w, d)
	err = s.opts.DB.Update(func(x *store.Txn) error { return putConversation(x, w.scope, d.ID, st) })
	return st.Session, err
}

// putConversation stores a new conversation and lists it under its
// recording; the first conversation of all is also the one chat/by names.
func putConversation(x *store.Txn, scope, recordingID string, st *storedSession) error {
	if err := x.SetJSON(sessionKey(st.ID), st); err != nil {
		return err
	}
	if err := x.Set(recordingConvKey(scope, recordingID, st.ID), nil); err != nil {
		return err
	}
	_, err := x.Get(scopeKey(scope, recordingID))
	if errors.Is(err, store.ErrNotFound) {
		return x.Set(scopeKey(scope, recordingID), []byte(st.ID))
	}
	return err
}

// latestOrCreate is the caller's conversation about d with the latest
// activity, made on first use.
func (s *Service) latestOrCreate(w who, d recordings.Detail) (*storedSession, error) {
	var out *storedSession
	err := s.opts.DB.Update(func(x *store.Txn) error {
		list, err := conversationsOf(x, w.scope, d.ID)
		if err != nil || len(list) > 0 {
			if len(list) > 0 {
				out = list[0]
			}
			return err
		}
		if w.shared {
			if err := s.roomForVisitor(x, w); err != nil {
				return err
			}
		}
		out = s.newSession(w, d)
		return putConversation(x, w.scope, d.ID, out)
	})
	return out, err
}

// conversationsOf loads a scope's conversations about a recording, latest
// activity first: the listed ones and the one chat/by names.
func conversationsOf(x *store.Txn, scope, recordingID string) ([]*storedSession, error) {
	seen := map[string]bool{}
	var out []*storedSession
	add := func(id string) error {
		if seen[id] {
			return nil
		}
		seen[id] = true
		st, err := loadSession(x, id)
		if err == nil {
			out = append(out, st)
		}
		return err
	}
	// Read first, so a transaction that creates the first conversation
	// conflicts with another one doing the same.
	first, err := x.Get(scopeKey(scope, recordingID))
	if err == nil {
		err = add(string(first))
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	prefix := recordingConvPrefix(scope, recordingID)
	err = x.Scan(prefix, nil, false, false, func(k, _ []byte) (bool, error) {
		return true, add(string(k[len(prefix):]))
	})
	sort.SliceStable(out, func(i, j int) bool { return newer(out[i].Session, out[j].Session) })
	return out, err
}

// newer orders conversations by latest activity, then by creation.
func newer(a, b Session) bool {
	if !a.UpdatedAt.Equal(b.UpdatedAt) {
		return a.UpdatedAt.After(b.UpdatedAt)
	}
	return a.CreatedAt.After(b.CreatedAt)
}
