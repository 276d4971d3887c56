package syncer

import (
	"encoding/json"
	"errors"

	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/store"
)

// The ledger is Push's memory of idempotency keys, offered to a caller that
// applies mutations somewhere else (a relay sends them to its upstream): it
// checks a mutation as Push does, answers a key seen before without applying
// again, and records what a new key came to.

// Verdict is what a mutation applied elsewhere came to: APPLIED or REJECTED
// (with the code and message for the user), the entity whose current state
// the answer carries, and a question's answer.
type Verdict struct {
	Outcome syncv1.Outcome
	Code    string
	Message string
	Kind    changelog.Kind
	ID      string
	Answer  json.RawMessage
}

// Check refuses what Push refuses before applying anything: a missing or
// over-long key, an empty mutation, an update with nothing to set. A refusal
// is for good (answer it with Rejected).
func Check(m *syncv1.Mutation) error {
	if err := checkKey(m.GetIdempotencyKey()); err != nil {
		return err
	}
	_, err := opOf(m)
	return err
}

// Replay answers m's key when it was seen in the last IdempotencyTTL: the
// stored outcome with the entity's state read afresh (replayed set), or a
// rejection when the key was used for another mutation. found is false for a
// new key.
func (s *Service) Replay(uid string, m *syncv1.Mutation) (res *syncv1.MutationResult, found bool, err error) {
	hash, err := payloadHash(m)
	if err != nil {
		return nil, false, err
	}
	err = s.db.View(func(x *store.Txn) error {
		res, found, err = replay(x, s.ents, uid, m.GetIdempotencyKey(), hash)
		return err
	})
	if errors.Is(err, errKeyReused) {
		return rejected(m.GetIdempotencyKey(), err), true, nil
	}
	return res, found, err
}

// Record keeps v under m's key and answers it. A key recorded in between (the
// same mutation pushed twice at once) keeps its first answer.
func (s *Service) Record(uid string, m *syncv1.Mutation, v Verdict) (*syncv1.MutationResult, error) {
	key := m.GetIdempotencyKey()
	hash, err := payloadHash(m)
	if err != nil {
		return nil, err
	}
	var res *syncv1.MutationResult
	err = s.db.Update(func(x *store.Txn) error {
		var found bool
		if res, found, err = replay(x, s.ents, uid, key, hash); found || err != nil {
			return err
		}
		res, err = answer(x, s.ents, uid, key, idemRecord{
			Hash: hash, Outcome: v.Outcome, Code: v.Code, Message: v.Message,
			Kind: v.Kind, ID: v.ID, Answer: string(v.Answer),
		})
		return err
	})
	return res, err
}

// Rejected answers a mutation refused for good because of err (its apperr
// code and message, or a generic one).
func Rejected(key string, err error) *syncv1.MutationResult { return rejected(key, err) }

// RetryLater answers a mutation that was not applied and may be sent again.
func RetryLater(key string) *syncv1.MutationResult { return retryLater(key) }

// Current is the entity's latest change as Push's answers carry it (nil when
// the log has none): for a caller that learnt the entity's state after
// recording the verdict.
func (s *Service) Current(uid string, kind changelog.Kind, id string) (*syncv1.Change, error) {
	var c *syncv1.Change
	err := s.db.View(func(x *store.Txn) (err error) {
		c, err = currentOf(x, s.ents, uid, kind, id)
		return err
	})
	return c, err
}
