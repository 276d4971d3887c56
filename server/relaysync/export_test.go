package relaysync

import (
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// What the tests (package relaysync_test, which starts whole servers) read
// of the service's insides.

// TokenOf is the token held for uid ("" when none).
func (s *Service) TokenOf(uid string) string { return s.tokenOf(uid) }

// MirroredRecording reads a recording of uid's mirror.
func (s *Service) MirroredRecording(uid, id string) (st recordings.State, ok bool, err error) {
	err = s.db.View(func(x *store.Txn) error {
		states, err := s.RecordingsIn(x, uid, []string{id})
		st, ok = states[id]
		return err
	})
	return st, ok, err
}
