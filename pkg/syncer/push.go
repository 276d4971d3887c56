package syncer

import (
	"context"
	"errors"

	"github.com/pocket-companion/pocket/pkg/apperr"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// MaxPushMutations bounds one Push; a device with more sends several.
const MaxPushMutations = 100

// Push applies mutations in order and answers one result each.
func (s *Service) Push(ctx context.Context, uid string, muts []*syncv1.Mutation) (*syncv1.PushResponse, error) {
	if s.recs == nil {
		return nil, apperr.New(apperr.Invalid, "UNSUPPORTED", "This server applies changes elsewhere")
	}
	return s.PushEach(ctx, uid, muts, func(ctx context.Context, m *syncv1.Mutation) *syncv1.MutationResult {
		return s.pushOne(ctx, uid, m)
	})
}

// PushEach answers mutations in order with apply's result for each. After a
// mutation that must be retried, the rest are not attempted (RETRY), so the
// order in which the user made edits is the order they are applied in.
func (s *Service) PushEach(ctx context.Context, uid string, muts []*syncv1.Mutation, apply func(context.Context, *syncv1.Mutation) *syncv1.MutationResult) (*syncv1.PushResponse, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	if len(muts) > MaxPushMutations {
		return nil, apperr.Invalidf("At most %d mutations per push", MaxPushMutations)
	}
	out := &syncv1.PushResponse{Results: make([]*syncv1.MutationResult, 0, len(muts))}
	stopped := false
	for _, m := range muts {
		if stopped || ctx.Err() != nil {
			out.Results = append(out.Results, retryLater(m.GetIdempotencyKey()))
			continue
		}
		r := apply(ctx, m)
		stopped = r.Outcome == syncv1.Outcome_OUTCOME_RETRY
		out.Results = append(out.Results, r)
	}
	return out, nil
}

// pushOne applies m at most once: the edit and the record of its key are
// written in one transaction, so a crash leaves either both or neither.
func (s *Service) pushOne(ctx context.Context, uid string, m *syncv1.Mutation) *syncv1.MutationResult {
	key := m.GetIdempotencyKey()
	if err := checkKey(key); err != nil {
		return rejected(key, err)
	}
	op, err := opOf(m)
	if err != nil {
		return rejected(key, err)
	}
	hash, err := payloadHash(m)
	if err != nil {
		return s.retry(key, err)
	}
	if op.ask != nil {
		return s.pushQuestion(ctx, uid, key, hash, op)
	}
	var res *syncv1.MutationResult
	err = s.db.Update(func(x *store.Txn) error {
		var err error
		res, err = s.replayOrApply(x, uid, key, hash, op)
		return err
	})
	if err == nil {
		return res
	}
	if permanent(err) {
		return s.storeRejection(uid, key, hash, op, err)
	}
	return s.retry(key, err)
}

func (s *Service) replayOrApply(x *store.Txn, uid, key string, hash []byte, op operation) (*syncv1.MutationResult, error) {
	if res, found, err := replay(x, s.ents, uid, key, hash); found || err != nil {
		return res, err
	}
	target, err := op.apply(s, x, uid)
	if err != nil {
		return nil, err
	}
	return answer(x, s.ents, uid, key, idemRecord{Hash: hash, Outcome: syncv1.Outcome_OUTCOME_APPLIED, Kind: target.kind, ID: target.id})
}

// storeRejection keeps a refusal under its key, so a retry of the same edit
// is told the same thing; the edit itself was rolled back with its
// transaction.
func (s *Service) storeRejection(uid, key string, hash []byte, op operation, cause error) *syncv1.MutationResult {
	if errors.Is(cause, errKeyReused) {
		return rejected(key, cause) // the key belongs to the other payload: keep its record
	}
	code, msg := describe(cause)
	var res *syncv1.MutationResult
	err := s.db.Update(func(x *store.Txn) error {
		var found bool
		var err error
		if res, found, err = replay(x, s.ents, uid, key, hash); found || err != nil {
			return err
		}
		res, err = answer(x, s.ents, uid, key, idemRecord{Hash: hash, Outcome: syncv1.Outcome_OUTCOME_REJECTED, Code: code, Message: msg, Kind: op.target.kind, ID: op.target.id})
		return err
	})
	if err != nil {
		return s.retry(key, err)
	}
	return res
}

func (s *Service) retry(key string, err error) *syncv1.MutationResult {
	s.log.Error("sync: a mutation could not be applied; the device will retry", "err", err)
	return retryLater(key)
}

func retryLater(key string) *syncv1.MutationResult {
	return &syncv1.MutationResult{IdempotencyKey: key, Outcome: syncv1.Outcome_OUTCOME_RETRY}
}

func rejected(key string, err error) *syncv1.MutationResult {
	code, msg := describe(err)
	return &syncv1.MutationResult{IdempotencyKey: key, Outcome: syncv1.Outcome_OUTCOME_REJECTED, ErrorCode: code, ErrorMessage: msg}
}

// permanent: retrying the same mutation cannot succeed; a quota reached
// (TooLarge, QUOTA_*) is one: it waits on the user deleting something, not
// on time, so the edit is refused with the quota's message. Rate limits,
// unavailability and internal failures pass; the device retries them.
func permanent(err error) bool {
	if errors.Is(err, errKeyReused) {
		return true
	}
	e, ok := apperr.As(err)
	if !ok {
		return false
	}
	switch e.Kind {
	case apperr.Invalid, apperr.NotFound, apperr.Forbidden, apperr.Conflict, apperr.Gone, apperr.TooLarge:
		return true
	}
	return false
}

func describe(err error) (code, message string) {
	if e, ok := apperr.As(err); ok {
		return e.Code, e.Message
	}
	return "INTERNAL", "The server could not apply this change"
}
