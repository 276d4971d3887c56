package digest

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/jobs"
	"github.com/pocket-companion/pocket/pkg/store"
)

// MaxPerTick bounds the digests one tick sends, so one replica's tick is a
// bounded burst of mail; the rest are due still and go out on the next ticks.
const MaxPerTick = 50

// maxTries: a digest whose mail server kept refusing it is given up for its
// slot after this many tries (the next slot tries again).
const maxTries = 3

type due struct {
	uid  string
	slot time.Time
}

// Tick sends the digests due now, at most MaxPerTick, each once across every
// replica of the store: a due digest becomes a job (job/digest/<uid>/<slot>)
// that one replica takes under a lease, and the job is finished in the
// transaction that records the digest as sent, so no replica sees it due
// again. A replica that dies holding one leaves it to its lease; after a
// restart or on another replica it is taken again (a digest whose e-mail
// went out just before the death may then arrive twice). It returns how many
// digests it sent.
func (s *Service) Tick(ctx context.Context) (int, error) {
	list, err := s.dueNow()
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, d := range list {
		if ctx.Err() != nil {
			return sent, ctx.Err()
		}
		ok, err := s.runDue(ctx, d)
		if err != nil {
			s.o.Log.Error("digest: a scheduled digest failed", "err", err)
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}

// dueNow lists up to MaxPerTick users whose digest is due.
func (s *Service) dueNow() ([]due, error) {
	now := s.o.Now()
	var list []due
	err := s.db.View(func(x *store.Txn) error {
		return x.Scan(prefix, nil, false, true, func(k, v []byte) (bool, error) {
			var r record
			if json.Unmarshal(v, &r) != nil {
				return true, nil
			}
			if slot, ok := r.dueSlot(now); ok {
				list = append(list, due{uid: string(k[len(prefix):]), slot: slot})
			}
			return len(list) < MaxPerTick, nil
		})
	})
	return list, err
}

func jobID(d due) string { return d.uid + "/" + d.slot.Format("20060102T15") }

// runDue sends one due digest if this replica wins its job; ok when it sent.
func (s *Service) runDue(ctx context.Context, d due) (ok bool, err error) {
	id := jobID(d)
	var r record
	if err := s.db.Update(func(x *store.Txn) (err error) {
		if r, err = loadIn(x, d.uid); err != nil {
			return err
		}
		if slot, still := r.dueSlot(s.o.Now()); !still || !slot.Equal(d.slot) {
			return nil // sent by another replica since the scan
		}
		return s.jobs.AddIn(x, id)
	}); err != nil {
		return false, err
	}
	taken, tries, err := s.jobs.Take(id)
	if err != nil || !taken {
		return false, err
	}
	now := s.o.Now()
	dg, err := Build(ctx, s.o.Library, d.uid, r.sinceAt(now), now)
	if err == nil && !dg.Empty() { // nothing new: nothing to send, the slot is done
		_, err = s.send(ctx, d.uid, r.Settings, dg)
	}
	if err != nil && tries < maxTries {
		return false, err // the lease runs out and a replica tries again
	}
	err = s.db.Update(func(x *store.Txn) error {
		if err := s.jobs.FinishIn(x, id); err != nil {
			return err
		}
		return markSentIn(x, d.uid, now)
	})
	if errors.Is(err, jobs.ErrLost) {
		return false, nil // another replica took it over: its send counts
	}
	return err == nil && !dg.Empty(), err
}
