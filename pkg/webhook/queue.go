package webhook

import (
	"bytes"
	"errors"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// ref names a pending delivery, as a wdue entry does (key is that entry's).
type ref struct {
	uid, endpoint, id string
	key               []byte
}

// dueRefs lists up to limit deliveries due at now, the longest waiting first.
func dueRefs(db *store.DB, now time.Time, limit int) ([]ref, error) {
	var out []ref
	upTo := dueKey(now, "\xff")
	err := db.View(func(x *store.Txn) error {
		return x.Scan(duePrefix, nil, false, true, func(k, v []byte) (bool, error) {
			if bytes.Compare(k, upTo) > 0 {
				return false, nil
			}
			uid, ep, ok := strings.Cut(string(v), "/")
			if ok {
				out = append(out, ref{uid: uid, endpoint: ep, id: string(k[len(duePrefix)+9:]), key: append([]byte(nil), k...)})
			}
			return len(out) < limit, nil
		})
	})
	return out, err
}

func loadQueued(x *store.Txn, r ref) (queued, bool, error) {
	var d queued
	err := x.GetJSON(pendingKey(r.uid, r.endpoint, r.id), &d)
	if errors.Is(err, store.ErrNotFound) {
		return d, false, nil
	}
	return d, err == nil, err
}

// moveDue gives d a new due time, moving its wdue entry.
func moveDue(x *store.Txn, d *queued, to time.Time) error {
	if err := x.Delete(dueKey(d.Due, d.ID)); err != nil {
		return err
	}
	d.Due = to
	return putPending(x, *d)
}

// claimed is a delivery this worker holds, with what it needs to send it.
type claimed struct {
	queued
	url     string
	secrets []string
}

// claim makes r this worker's until now+lease, if it is still due and
// nobody else holds it; the endpoint's URL and secrets come with it. A
// delivery of an endpoint that is disabled gives up at once.
func (s *Sender) claim(r ref) (c claimed, ok bool, err error) {
	err = s.w.db.Update(func(x *store.Txn) error {
		d, found, err := loadQueued(x, r)
		now := s.w.now().UTC()
		if err == nil && !found {
			ok = false
			return x.Delete(r.key) // an entry left without its delivery must not hold the queue's head
		}
		if err != nil || d.Due.After(now) {
			ok = false
			return err
		}
		ep, err := loadEndpoint(x, r.uid, r.endpoint)
		if err != nil {
			return err
		}
		if ep.Status != Active {
			ok = false
			d.Status = Failed
			d.Attempts = appendAttempt(d.Attempts, Attempt{At: now, Error: "The endpoint is disabled"})
			return finishIn(x, d)
		}
		d.Worker, d.LeaseUntil = s.worker, now.Add(s.lease)
		ok = true
		c = claimed{url: ep.URL, secrets: ep.secrets(now)}
		if err := moveDue(x, &d, d.LeaseUntil); err != nil {
			return err
		}
		c.queued = d
		return nil
	})
	return c, ok, err
}

func appendAttempt(list []Attempt, a Attempt) []Attempt {
	list = append(list, a)
	if len(list) > maxAttemptsKept {
		list = list[len(list)-maxAttemptsKept:]
	}
	return list
}

// holds reports whether the stored d is still held by this worker under the
// lease it took (not taken over after it ran out).
func (s *Sender) holds(d, mine queued) bool {
	return d.Worker == s.worker && d.LeaseUntil.Equal(mine.LeaseUntil)
}

// release hands a claimed delivery back, due now, its try not counted (the
// server is stopping).
func (s *Sender) release(c claimed) error {
	return s.w.db.Update(func(x *store.Txn) error {
		d, found, err := loadQueued(x, ref{uid: c.UID, endpoint: c.EndpointID, id: c.ID})
		if err != nil || !found || !s.holds(d, c.queued) {
			return err
		}
		d.Worker, d.LeaseUntil = "", time.Time{}
		return moveDue(x, &d, s.w.now().UTC())
	})
}

// record writes a try's outcome: delivered, retried later, or given up (and
// the endpoint disabled when it failed for the whole round).
func (s *Sender) record(c claimed, a Attempt) error {
	var disabled *stored
	err := s.w.db.Update(func(x *store.Txn) error {
		disabled = nil
		d, found, err := loadQueued(x, ref{uid: c.UID, endpoint: c.EndpointID, id: c.ID})
		if err != nil || !found || !s.holds(d, c.queued) {
			return err // deleted meanwhile, or another worker has it now
		}
		ep, err := loadEndpoint(x, c.UID, c.EndpointID)
		if err != nil {
			return err
		}
		d.Attempts, d.Tries, d.Worker = appendAttempt(d.Attempts, a), d.Tries+1, ""
		if d.Tries == 1 {
			d.RoundAt = a.At // the round's first try: the endpoint is judged from here
		}
		if succeeded(a) {
			d.Status = Delivered
			if ep.FailingSince != nil {
				ep.FailingSince = nil
				if err := saveEndpoint(x, ep); err != nil {
					return err
				}
			}
			return finishIn(x, d)
		}
		if ep.FailingSince == nil {
			at := a.At
			ep.FailingSince = &at
		}
		if next, again := s.schedule.Retry(d.Tries, a.At); again {
			if err := saveEndpoint(x, ep); err != nil {
				return err
			}
			return moveDue(x, &d, next)
		}
		d.Status = Failed
		if !ep.FailingSince.After(d.RoundAt) && ep.Status == Active {
			ep.Status, ep.DisabledReason = Disabled, "Every delivery failed for "+s.schedule.Span().Round(time.Second).String()+"; fix the receiver, then enable the endpoint again"
			disabled = &ep
		}
		if err := saveEndpoint(x, ep); err != nil {
			return err
		}
		return finishIn(x, d)
	})
	if err == nil && disabled != nil && s.onDisabled != nil {
		s.onDisabled(disabled.UID, disabled.Endpoint)
	}
	return err
}

func succeeded(a Attempt) bool { return a.StatusCode >= 200 && a.StatusCode < 300 }
