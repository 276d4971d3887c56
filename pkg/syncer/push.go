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

// Push applies mutations in order and answers one result each, each
// mutation at most once per idempotency key. After a mutation that must be
// retried, the rest are not attempted (RETRY), so the order in which the
// user made edits is the order they are applied in.
func (s *Service) Push(ctx context.Context, uid string, muts []*syncv1.Mutation) (out *syncv1.PushResponse, err error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	if len(muts) > MaxPushMutations {
		return nil, apperr.Invalidf("At most %d mutations per push", MaxPushMutations)
	}
	out = &syncv1.PushResponse{Results: make([]*syncv1.MutationResult, 0, len(muts))}
	fresh := map[int]Target{} // results applied by this push (not replayed) -> what they touched
	batch := s.backend.Begin(ctx, uid)
	defer func() {
		if batch.End(ctx) {
			s.freshen(uid, out.Results, fresh)
		}
	}()
	stopped := false
	for _, m := range muts {
		if stopped || ctx.Err() != nil {
			out.Results = append(out.Results, retryLater(m.GetIdempotencyKey()))
			continue
		}
		r, target := s.pushOne(ctx, uid, batch, m)
		stopped = r.Outcome == syncv1.Outcome_OUTCOME_RETRY
		if r.Outcome == syncv1.Outcome_OUTCOME_APPLIED && !r.Replayed && target.ID != "" {
			fresh[len(out.Results)] = target
		}
		out.Results = append(out.Results, r)
	}
	return out, nil
}

// pushOne answers one mutation: refused by its shape, answered from its
// key's record, or applied as the backend says; with the entity an
// application touched.
func (s *Service) pushOne(ctx context.Context, uid string, batch Batch, m *syncv1.Mutation) (*syncv1.MutationResult, Target) {
	key := m.GetIdempotencyKey()
	op, err := check(m)
	if err != nil {
		return rejected(key, err), Target{}
	}
	hash, err := payloadHash(m)
	if err != nil {
		return s.retry(key, err), Target{}
	}
	how, err := batch.Apply(op)
	switch {
	case err != nil:
		return rejected(key, err), Target{}
	case how.InLedger != nil:
		return s.applyInLedger(uid, key, hash, op, how.InLedger)
	}
	return s.applyOutside(ctx, uid, key, hash, op, how.Outside)
}

// applyInLedger writes the edit and the record of its key in one
// transaction, so a crash leaves either both or neither.
func (s *Service) applyInLedger(uid, key string, hash []byte, op Op, apply func(*store.Txn) (Target, error)) (*syncv1.MutationResult, Target) {
	var res *syncv1.MutationResult
	var target Target
	err := s.db.Update(func(x *store.Txn) error {
		var found bool
		var err error
		if res, found, err = replay(x, s.backend, uid, key, hash); found || err != nil {
			return err
		}
		if target, err = apply(x); err != nil {
			return err
		}
		res, err = answer(x, s.backend, uid, key, idemRecord{Hash: hash, Outcome: syncv1.Outcome_OUTCOME_APPLIED, Kind: target.Kind, ID: target.ID})
		return err
	})
	if err == nil {
		return res, target
	}
	if permanent(err) {
		return s.storeRejection(uid, key, hash, op.Target, err), Target{}
	}
	return s.retry(key, err), Target{}
}

// applyOutside answers a key seen before without applying again, else
// applies and records the verdict after. The two cannot be one transaction:
// a verdict that cannot be recorded is answered all the same, unrecorded,
// since the mutation was applied (the backend absorbs a resend).
func (s *Service) applyOutside(ctx context.Context, uid, key string, hash []byte, op Op, apply func(context.Context) (Verdict, error)) (*syncv1.MutationResult, Target) {
	var res *syncv1.MutationResult
	var found bool
	err := s.db.View(func(x *store.Txn) (err error) {
		res, found, err = replay(x, s.backend, uid, key, hash)
		return err
	})
	switch {
	case err != nil && permanent(err):
		return rejected(key, err), Target{}
	case err != nil:
		return s.retry(key, err), Target{}
	case found:
		return res, Target{}
	}
	v, err := apply(ctx)
	if err != nil {
		if permanent(err) {
			return s.storeRejection(uid, key, hash, op.Target, err), Target{}
		}
		return s.retry(key, err), Target{}
	}
	if res, err = s.record(uid, key, hash, v); err != nil {
		s.log.Error("sync: recording a change's key failed; answering it unrecorded", "err", err)
		res = &syncv1.MutationResult{IdempotencyKey: key, Outcome: v.Outcome, ErrorCode: v.Code, ErrorMessage: v.Message, AnswerJson: string(v.Answer)}
	}
	return res, v.Target
}

// record keeps v under the key and answers it. A key recorded in between
// (the same mutation pushed twice at once) keeps its first answer.
func (s *Service) record(uid, key string, hash []byte, v Verdict) (*syncv1.MutationResult, error) {
	var res *syncv1.MutationResult
	err := s.db.Update(func(x *store.Txn) error {
		var found bool
		var err error
		if res, found, err = replay(x, s.backend, uid, key, hash); found || err != nil {
			return err
		}
		res, err = answer(x, s.backend, uid, key, idemRecord{
			Hash: hash, Outcome: v.Outcome, Code: v.Code, Message: v.Message,
			Kind: v.Target.Kind, ID: v.Target.ID, Answer: string(v.Answer),
		})
		return err
	})
	return res, err
}

// storeRejection keeps a refusal under its key, so a retry of the same edit
// is told the same thing; an edit made in the ledger's transaction was
// rolled back with it.
func (s *Service) storeRejection(uid, key string, hash []byte, target Target, cause error) *syncv1.MutationResult {
	if errors.Is(cause, errKeyReused) {
		return rejected(key, cause) // the key belongs to the other payload: keep its record
	}
	code, msg := describe(cause)
	res, err := s.record(uid, key, hash, Verdict{Outcome: syncv1.Outcome_OUTCOME_REJECTED, Code: code, Message: msg, Target: target})
	if err != nil {
		return s.retry(key, err)
	}
	return res
}

// freshen reads the `current` of each applied result again, after the
// backend's state changed (a mirror refreshed after its edits).
func (s *Service) freshen(uid string, results []*syncv1.MutationResult, applied map[int]Target) {
	_ = s.db.View(func(x *store.Txn) error {
		for i, t := range applied {
			if c, err := currentOf(x, s.backend, uid, t.Kind, t.ID); err == nil && c != nil && i < len(results) {
				results[i].Current = c
			}
		}
		return nil
	})
}

func (s *Service) retry(key string, err error) *syncv1.MutationResult {
	if e, ok := apperr.As(err); ok && (e.Kind == apperr.Unavailable || e.Kind == apperr.TooMany) {
		s.log.Info("sync: a mutation could not be applied for now; the device will retry", "err", err)
	} else {
		s.log.Error("sync: a mutation could not be applied; the device will retry", "err", err)
	}
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
