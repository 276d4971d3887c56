// Package jobs keeps background work in the store, so that each job is done
// by one worker at a time across every replica of one database: a worker
// takes a job under a lease, keeps the lease while it works, and finishes it
// in the transaction that writes its result, which fails if the lease was
// lost (another worker then has the job). A worker that dies leaves its
// lease to run out; the job is then due again, for any replica.
package jobs

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// ErrLost answers Finish by a worker whose lease ran out and was taken over:
// its result must not be written.
var ErrLost = errors.New("jobs: the lease on this job was lost")

// Queue is one kind of job (job/<kind>/<id>) as one worker sees it.
type Queue struct {
	db     *store.DB
	prefix []byte
	worker string        // who takes jobs through this Queue (a replica's id)
	lease  time.Duration // how long a taken job stays this worker's without Keep
	now    func() time.Time
}

// held is a job's record: unheld while Until is zero or past.
type held struct {
	Worker string `json:"worker,omitempty"`
	Until  int64  `json:"until,omitempty"` // Unix milliseconds
	Tries  int    `json:"tries"`
}

// New is the queue of kind for worker, whose taken jobs stay its own for
// lease unless kept.
func New(db *store.DB, kind, worker string, lease time.Duration) *Queue {
	return &Queue{db: db, prefix: store.Prefix("job", kind), worker: worker, lease: lease, now: time.Now}
}

func (q *Queue) key(id string) []byte { return append(append([]byte{}, q.prefix...), id...) }

// load reads the job's record inside x; found is false when the job is gone
// (finished or dropped).
func (q *Queue) load(x *store.Txn, id string) (h held, found bool, err error) {
	err = x.GetJSON(q.key(id), &h)
	if errors.Is(err, store.ErrNotFound) {
		return h, false, nil
	}
	return h, err == nil, err
}

// holds reports whether h is this worker's under a lease still running at now (Unix ms).
func (q *Queue) holds(h held, now int64) bool { return h.Worker == q.worker && h.Until > now }

// AddIn records the job inside x (nothing when it is already there).
func (q *Queue) AddIn(x *store.Txn, id string) error {
	has, err := x.Has(q.key(id))
	if err != nil || has {
		return err
	}
	return x.SetJSON(q.key(id), held{})
}

// Add records the job in a transaction of its own.
func (q *Queue) Add(id string) error {
	return q.db.Update(func(x *store.Txn) error { return q.AddIn(x, id) })
}

// Take makes the job this worker's, if it exists and nobody holds it (or its
// holder's lease ran out). It reports whether the job is now this worker's,
// and how many times it has been taken, this time included.
func (q *Queue) Take(id string) (taken bool, tries int, err error) {
	err = q.db.Update(func(x *store.Txn) error {
		h, found, err := q.load(x, id)
		now := q.now().UnixMilli()
		if taken = found && (h.Until <= now || h.Worker == q.worker); !taken {
			return err
		}
		tries = h.Tries + 1
		return x.SetJSON(q.key(id), held{Worker: q.worker, Until: now + q.lease.Milliseconds(), Tries: tries})
	})
	return taken, tries, err
}

// Keep extends this worker's lease on the job; false when it is no longer
// this worker's (finished, or taken over after the lease ran out).
func (q *Queue) Keep(id string) (kept bool, err error) {
	err = q.db.Update(func(x *store.Txn) error {
		h, found, err := q.load(x, id)
		if kept = found && q.holds(h, q.now().UnixMilli()); !kept {
			return err
		}
		h.Until = q.now().UnixMilli() + q.lease.Milliseconds()
		return x.SetJSON(q.key(id), h)
	})
	return kept, err
}

// FinishIn removes the job inside x, the transaction that writes its
// result; ErrLost when the job is not this worker's to finish.
func (q *Queue) FinishIn(x *store.Txn, id string) error {
	h, found, err := q.load(x, id)
	if err != nil {
		return err
	}
	if !found || !q.holds(h, q.now().UnixMilli()) {
		return ErrLost
	}
	return x.Delete(q.key(id))
}

// Drop removes the job whoever holds it (its work turned out to be unneeded).
func (q *Queue) Drop(id string) error {
	return q.db.Update(func(x *store.Txn) error { return x.Delete(q.key(id)) })
}

// Due visits the jobs nobody holds (never taken, or their lease ran out),
// in key order; fn returns false to stop.
func (q *Queue) Due(fn func(id string) bool) error {
	now := q.now().UnixMilli()
	return q.db.View(func(x *store.Txn) error {
		return x.Scan(q.prefix, nil, false, true, func(k, v []byte) (bool, error) {
			var h held
			if err := json.Unmarshal(v, &h); err != nil {
				return false, err
			}
			if h.Until > now {
				return true, nil
			}
			return fn(string(k[len(q.prefix):])), nil
		})
	})
}
