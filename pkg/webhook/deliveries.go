package webhook

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Delivery status.
const (
	Pending   = "pending"
	Delivered = "delivered"
	Failed    = "failed"
)

// maxAttemptsKept bounds a delivery's attempt log (resends add rounds).
const maxAttemptsKept = 20

// Attempt is one POST of a delivery and what came of it.
type Attempt struct {
	At time.Time `json:"at"`
	// StatusCode is the receiver's HTTP status (0: no answer).
	StatusCode int   `json:"statusCode"`
	LatencyMs  int64 `json:"latencyMs"`
	// Error says why no answer came or the answer was a failure.
	Error string `json:"error"`
	// Response is the start of the receiver's answer body.
	Response string `json:"response"`
}

// Delivery is one event sent to one endpoint. Its ID is the webhook-id,
// the same on every retry and resend, so receivers drop repeats by it.
type Delivery struct {
	ID            string          `json:"id"`
	EndpointID    string          `json:"endpointId"`
	Type          string          `json:"type"`
	Payload       json.RawMessage `json:"payload"`
	CreatedAt     time.Time       `json:"createdAt"`
	Status        string          `json:"status"`
	Attempts      []Attempt       `json:"attempts"`
	NextAttemptAt *time.Time      `json:"nextAttemptAt"`
}

// queued is a delivery's record: what the owner sees, and its place in the
// queue (when due, who holds it until when, this round's tries).
type queued struct {
	Delivery
	UID string `json:"uid"`
	// Due is the wdue key's time: the next try, or a holder's lease end.
	Due        time.Time `json:"due"`
	Worker     string    `json:"worker,omitempty"`
	LeaseUntil time.Time `json:"leaseUntil"`
	// Tries counts this round's attempts (the first send, or a resend);
	// RoundAt is when its first try was made. An endpoint that has failed
	// since then (no success in between) when the round gives up is disabled.
	Tries   int       `json:"tries"`
	RoundAt time.Time `json:"roundAt"`
}

// NextAt is when the queue next looks at d.
func (d queued) NextAt() time.Time { return d.Due }

// body is a delivery's JSON, as the specification shapes payloads.
type body struct {
	Type      string    `json:"type"`
	Timestamp time.Time `json:"timestamp"`
	Data      any       `json:"data"`
}

type recordingData struct {
	RecordingID string `json:"recordingId"`
}

type shareData struct {
	RecordingID string     `json:"recordingId"`
	LinkID      string     `json:"linkId"`
	ExpiresAt   *time.Time `json:"expiresAt"`
}

func payloadOf(e events.Event) ([]byte, error) {
	var data any = recordingData{RecordingID: e.RecordingID}
	if e.Type == events.ShareCreated {
		data = shareData{RecordingID: e.RecordingID, LinkID: e.LinkID, ExpiresAt: e.ExpiresAt}
	}
	return json.Marshal(body{Type: e.Type, Timestamp: e.At.UTC(), Data: data})
}

// AddIn queues, inside x (the transaction of the change e announces), a
// delivery of e to each of its owner's endpoints that wants it. The sender
// is woken once x has committed.
func (w *Webhooks) AddIn(x *store.Txn, e events.Event) error {
	if e.At.IsZero() {
		e.At = w.now()
	}
	endpoints, err := endpointsIn(x, e.UserID)
	if err != nil || len(endpoints) == 0 {
		return err
	}
	payload, err := payloadOf(e)
	if err != nil {
		return err
	}
	queuedAny := false
	for _, ep := range endpoints {
		if !ep.Wants(e.Type) {
			continue
		}
		ok, err := w.queueIn(x, ep, e.Type, payload)
		if err != nil {
			return err
		}
		queuedAny = queuedAny || ok
	}
	if queuedAny {
		x.AfterCommit(w.wake)
	}
	return nil
}

// queueIn adds one delivery to ep unless it holds its limit of pending ones
// (then the event is counted as dropped on the endpoint).
func (w *Webhooks) queueIn(x *store.Txn, ep stored, typ string, payload []byte) (bool, error) {
	if w.limits.Pending > 0 {
		n, err := countUpTo(x, pendingPrefix(ep.UID, ep.ID), w.limits.Pending)
		if err != nil {
			return false, err
		}
		if n >= w.limits.Pending {
			ep.Dropped++
			return false, saveEndpoint(x, ep)
		}
	}
	now := w.now().UTC().Truncate(time.Millisecond)
	d := queued{
		Delivery: Delivery{ID: newID("msg_", now), EndpointID: ep.ID, Type: typ, Payload: payload, CreatedAt: now, Status: Pending, Attempts: []Attempt{}},
		UID:      ep.UID, Due: now, RoundAt: now,
	}
	return true, putPending(x, d)
}

func putPending(x *store.Txn, d queued) error {
	next := d.Due
	d.NextAttemptAt = &next
	if err := x.SetJSON(pendingKey(d.UID, d.EndpointID, d.ID), d); err != nil {
		return err
	}
	return x.Set(dueKey(d.Due, d.ID), []byte(d.UID+"/"+d.EndpointID))
}

// finishIn moves d from the queue into the log (trimmed to LogKeep).
func finishIn(x *store.Txn, d queued) error {
	if err := x.Delete(dueKey(d.Due, d.ID)); err != nil {
		return err
	}
	if err := x.Delete(pendingKey(d.UID, d.EndpointID, d.ID)); err != nil {
		return err
	}
	d.NextAttemptAt, d.Worker = nil, ""
	if err := x.SetJSON(logKey(d.UID, d.EndpointID, d.ID), d); err != nil {
		return err
	}
	return trimLog(x, d.UID, d.EndpointID)
}

func trimLog(x *store.Txn, uid, ep string) error {
	var old [][]byte
	seen := 0
	err := x.Scan(logPrefix(uid, ep), nil, true, false, func(k, _ []byte) (bool, error) {
		if seen++; seen > LogKeep {
			old = append(old, append([]byte(nil), k...))
		}
		return true, nil
	})
	for _, k := range old {
		if err == nil {
			err = x.Delete(k)
		}
	}
	return err
}

// deliveriesIn reads up to limit deliveries under prefix, newest first (0: all).
func deliveriesIn(x *store.Txn, prefix []byte, limit int) ([]queued, error) {
	var out []queued
	err := x.Scan(prefix, nil, true, true, func(_, v []byte) (bool, error) {
		var d queued
		if err := json.Unmarshal(v, &d); err != nil {
			return false, err
		}
		out = append(out, d)
		return limit == 0 || len(out) < limit, nil
	})
	return out, err
}

// Deliveries is the log of uid's endpoint: its pending deliveries and the
// last LogKeep finished ones, newest first, at most LogKeep in all.
func (w *Webhooks) Deliveries(_ context.Context, uid, id string) ([]Delivery, error) {
	out := []Delivery{}
	err := w.db.View(func(x *store.Txn) error {
		if _, err := loadEndpoint(x, uid, id); err != nil {
			return err
		}
		pending, err := deliveriesIn(x, pendingPrefix(uid, id), LogKeep)
		if err != nil {
			return err
		}
		done, err := deliveriesIn(x, logPrefix(uid, id), LogKeep)
		out = mergeNewestFirst(pending, done, LogKeep)
		return err
	})
	return out, err
}

func mergeNewestFirst(a, b []queued, limit int) []Delivery {
	out := make([]Delivery, 0, min(len(a)+len(b), limit))
	for len(out) < limit && (len(a) > 0 || len(b) > 0) {
		if len(b) == 0 || (len(a) > 0 && a[0].ID > b[0].ID) {
			out, a = append(out, a[0].Delivery), a[1:]
		} else {
			out, b = append(out, b[0].Delivery), b[1:]
		}
	}
	return out
}

var errResendDisabled = apperr.New(apperr.Conflict, "WEBHOOK_DISABLED", "This endpoint is disabled: enable it before resending deliveries")

var errResendPending = apperr.New(apperr.Conflict, "DELIVERY_PENDING", "This delivery is still being sent; it can be resent once it was delivered or gave up")

// Resend queues a finished delivery again, now, with the same webhook-id
// and body (a receiver that had it drops the repeat).
func (w *Webhooks) Resend(_ context.Context, uid, id, deliveryID string) (Delivery, error) {
	var out Delivery
	err := w.db.Update(func(x *store.Txn) error {
		ep, err := loadEndpoint(x, uid, id)
		if err != nil {
			return err
		}
		d, err := w.finishedIn(x, uid, id, deliveryID)
		if err != nil {
			return err
		}
		if ep.Status != Active {
			return errResendDisabled
		}
		if n, err := countUpTo(x, pendingPrefix(uid, id), max(w.limits.Pending, 1)); err != nil {
			return err
		} else if w.limits.Pending > 0 && n >= w.limits.Pending {
			return apperr.Newf(apperr.TooLarge, "QUOTA_WEBHOOK_PENDING", "This endpoint already has %d deliveries waiting; resend once they went out", w.limits.Pending)
		}
		now := w.now().UTC().Truncate(time.Millisecond)
		d.Status, d.Due, d.RoundAt, d.Tries, d.Worker, d.LeaseUntil = Pending, now, now, 0, "", time.Time{}
		if err := x.Delete(logKey(uid, id, deliveryID)); err != nil {
			return err
		}
		x.AfterCommit(w.wake)
		out = d.Delivery
		out.NextAttemptAt = &now
		return putPending(x, d)
	})
	return out, err
}

func (w *Webhooks) finishedIn(x *store.Txn, uid, id, deliveryID string) (queued, error) {
	var d queued
	err := x.GetJSON(logKey(uid, id, deliveryID), &d)
	if errors.Is(err, store.ErrNotFound) {
		if has, herr := x.Has(pendingKey(uid, id, deliveryID)); herr == nil && has {
			return d, errResendPending
		}
		return d, apperr.Missing("Delivery")
	}
	return d, err
}
