package chat

import (
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Bounds of one sweep: sessions read per transaction, messages deleted per
// transaction, and conversations removed per run (the rest wait for the
// next run, so a run never holds the store for long).
const (
	sweepPage         = 256
	sweepDeleteChunk  = 1000
	maxSweptPerRun    = 5000
	visitorScopeStart = "t:"
)

// SweepVisitors removes share-link visitors' conversations that expired:
// no answer for Limits.VisitorIdle, or no message at all for
// Limits.VisitorEmpty. Owners' conversations are never touched. It returns
// how many it removed.
func (s *Service) SweepVisitors() (int, error) {
	now := s.opts.Now()
	removed := 0
	var from []byte
	for removed < maxSweptPerRun {
		expired, next, err := s.expiredPage(from, now)
		if err != nil {
			return removed, err
		}
		for _, id := range expired {
			gone, err := s.removeIfExpired(id, now)
			if err != nil {
				return removed, err
			}
			if gone {
				removed++
			}
		}
		if next == nil {
			return removed, nil
		}
		from = next
	}
	return removed, nil
}

// expired says whether st is a visitor conversation past its time.
func (s *Service) expired(st *storedSession, now time.Time) bool {
	if !strings.HasPrefix(st.Scope, visitorScopeStart) {
		return false
	}
	idle := now.Sub(st.UpdatedAt)
	return idle >= s.opts.Limits.VisitorIdle || (st.Count == 0 && idle >= s.opts.Limits.VisitorEmpty)
}

// expiredPage reads up to sweepPage sessions from from on and returns the
// expired ones and where the next page starts (nil after the last).
func (s *Service) expiredPage(from []byte, now time.Time) (ids []string, next []byte, err error) {
	prefix := store.Prefix("chat", "s")
	err = s.opts.DB.View(func(x *store.Txn) error {
		ids, next = nil, nil
		n := 0
		return x.Scan(prefix, from, false, true, func(k, v []byte) (bool, error) {
			if n++; n > sweepPage {
				next = k
				return false, nil
			}
			var st storedSession
			if json.Unmarshal(v, &st) == nil && s.expired(&st, now) {
				ids = append(ids, string(k[len(prefix):]))
			}
			return true, nil
		})
	})
	return ids, next, err
}

// removeIfExpired deletes a conversation, its messages and its index
// entries, holding its send lock and checking again under it, so a message
// that arrived since the page was read keeps the conversation.
func (s *Service) removeIfExpired(id string, now time.Time) (bool, error) {
	unlock := s.lock(id)
	defer unlock()
	var st *storedSession
	err := s.opts.DB.View(func(x *store.Txn) (err error) {
		st, err = loadSession(x, id)
		return err
	})
	if errors.Is(err, errSessionNotFound) || (err == nil && !s.expired(st, now)) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if err := s.deleteMessages(id); err != nil {
		return false, err
	}
	return true, s.opts.DB.Update(func(x *store.Txn) error { return dropConversation(x, st) })
}

// deleteMessages removes a session's messages, sweepDeleteChunk per transaction.
func (s *Service) deleteMessages(id string) error {
	for {
		n := 0
		err := s.opts.DB.Update(func(x *store.Txn) error {
			var keys [][]byte
			err := x.Scan(messagePrefix(id), nil, false, false, func(k, _ []byte) (bool, error) {
				keys = append(keys, k)
				return len(keys) < sweepDeleteChunk, nil
			})
			for _, k := range keys {
				if err == nil {
					err = x.Delete(k)
				}
			}
			n = len(keys)
			return err
		})
		if err != nil || n < sweepDeleteChunk {
			return err
		}
	}
}

// dropConversation deletes the session and the keys that list it.
func dropConversation(x *store.Txn, st *storedSession) error {
	if err := x.Delete(recordingConvKey(st.Scope, st.RecordingID, st.ID)); err != nil {
		return err
	}
	first, err := x.Get(scopeKey(st.Scope, st.RecordingID))
	if err == nil && string(first) == st.ID {
		err = x.Delete(scopeKey(st.Scope, st.RecordingID))
	}
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	return x.Delete(sessionKey(st.ID))
}
