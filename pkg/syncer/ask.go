package syncer

import (
	"context"

	"github.com/pocket-companion/pocket/pkg/apperr"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/store"
)

// pushQuestion asks a queued question. Answering takes seconds, too long to
// hold a transaction open, so exactly-once rests on the Asker: it stores the
// question under the key before answering, and a second call with the key
// answers what was stored. The key's record is written after, and a crash in
// between only makes the retry go through the Asker again.
func (s *Service) pushQuestion(ctx context.Context, uid, key string, hash []byte, op operation) *syncv1.MutationResult {
	var res *syncv1.MutationResult
	err := s.db.View(func(x *store.Txn) error {
		var err error
		res, _, err = replay(x, s.ents, uid, key, hash)
		return err
	})
	if res != nil || err != nil {
		if err != nil && permanent(err) {
			return rejected(key, err)
		}
		if err != nil {
			return s.retry(key, err)
		}
		return res
	}
	if s.ask == nil {
		return rejected(key, apperr.New(apperr.Invalid, "UNSUPPORTED", "Questions cannot be queued on this server"))
	}
	q := op.ask
	reply, err := s.ask.AskOnce(ctx, uid, Question{Key: key, RecordingID: q.GetRecordingId(), SessionID: q.GetSessionId(), Message: q.GetMessage()})
	if err != nil {
		if permanent(err) {
			return s.storeRejection(uid, key, hash, op, err)
		}
		return s.retry(key, err)
	}
	err = s.db.Update(func(x *store.Txn) (err error) {
		res, err = answer(x, s.ents, uid, key, idemRecord{Hash: hash, Outcome: syncv1.Outcome_OUTCOME_APPLIED, Answer: string(reply)})
		return err
	})
	if err != nil {
		return s.retry(key, err)
	}
	return res
}
