package webhook

import (
	"context"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Limits bound what one user makes the server hold and send.
type Limits struct {
	// Endpoints is how many endpoints one user keeps (0: no limit).
	Endpoints int
	// Pending is how many undelivered deliveries one endpoint holds; an
	// event beyond it is not queued and counted in Endpoint.Dropped.
	Pending int
}

// Webhooks keeps endpoints and their deliveries in the store (Badger or
// PostgreSQL). Its methods take the owner's uid; another user's endpoint is
// NotFound.
type Webhooks struct {
	db     *store.DB
	now    func() time.Time
	limits Limits
	wake   func() // tells the sender that a delivery is due now (set by the Sender)
}

// New keeps webhooks in db; now defaults to time.Now.
func New(db *store.DB, limits Limits, now func() time.Time) *Webhooks {
	if now == nil {
		now = time.Now
	}
	return &Webhooks{db: db, now: now, limits: limits, wake: func() {}}
}

// Created is a new endpoint with its secret, shown this once.
type Created struct {
	Endpoint
	Secret string `json:"secret"`
}

// Create registers an endpoint for uid (url and events already parsed).
func (w *Webhooks) Create(_ context.Context, uid, url string, evs []string, description string) (Created, error) {
	now := w.now().UTC().Truncate(time.Millisecond)
	s := stored{
		Endpoint: Endpoint{ID: newID("wh_", now), URL: url, Events: evs, Description: description, Status: Active, CreatedAt: now, UpdatedAt: now},
		UID:      uid, Secret: newSecret(),
	}
	err := w.db.Update(func(x *store.Txn) error {
		if w.limits.Endpoints > 0 {
			n, err := countUpTo(x, endpointPrefix(uid), w.limits.Endpoints)
			if err != nil {
				return err
			}
			if n >= w.limits.Endpoints {
				return apperr.Newf(apperr.TooLarge, "QUOTA_WEBHOOKS",
					"You have reached your limit of %d webhook endpoints. Delete endpoints you no longer use to add new ones.", w.limits.Endpoints)
			}
		}
		return saveEndpoint(x, s)
	})
	if err != nil {
		return Created{}, err
	}
	return Created{Endpoint: s.Endpoint, Secret: s.Secret}, nil
}

// List answers uid's endpoints, oldest first.
func (w *Webhooks) List(_ context.Context, uid string) ([]Endpoint, error) {
	out := []Endpoint{}
	err := w.db.View(func(x *store.Txn) error {
		all, err := endpointsIn(x, uid)
		for _, s := range all {
			out = append(out, s.Endpoint)
		}
		return err
	})
	return out, err
}

// Get answers one of uid's endpoints.
func (w *Webhooks) Get(_ context.Context, uid, id string) (Endpoint, error) {
	var s stored
	err := w.db.View(func(x *store.Txn) (err error) { s, err = loadEndpoint(x, uid, id); return err })
	return s.Endpoint, err
}

// Patch is a change to an endpoint; nil fields stay as they are.
type Patch struct {
	URL         *string
	Events      []string // nil: unchanged
	Description *string
	// Status Active re-enables a disabled endpoint (its failures forgotten);
	// Disabled pauses it.
	Status *string
}

// Update applies p to uid's endpoint id.
func (w *Webhooks) Update(_ context.Context, uid, id string, p Patch) (Endpoint, error) {
	var out Endpoint
	err := w.db.Update(func(x *store.Txn) error {
		s, err := loadEndpoint(x, uid, id)
		if err != nil {
			return err
		}
		applyPatch(&s, p)
		s.UpdatedAt = w.now().UTC().Truncate(time.Millisecond)
		out = s.Endpoint
		return saveEndpoint(x, s)
	})
	return out, err
}

func applyPatch(s *stored, p Patch) {
	if p.URL != nil {
		s.URL = *p.URL
	}
	if p.Events != nil {
		s.Events = p.Events
	}
	if p.Description != nil {
		s.Description = *p.Description
	}
	if p.Status != nil && *p.Status != s.Status {
		s.Status, s.DisabledReason, s.FailingSince = *p.Status, "", nil
		if *p.Status == Disabled {
			s.DisabledReason = "Paused by you"
		}
	}
}

// ParseStatus checks a status a caller sets.
func ParseStatus(raw string) (string, error) {
	if raw != Active && raw != Disabled {
		return "", apperr.New(apperr.Invalid, "INVALID_STATUS", `status must be "active" or "disabled"`)
	}
	return raw, nil
}

// Rotated is a rotation's answer: the new secret, shown this once, and until
// when the old one still signs beside it.
type Rotated struct {
	Secret        string    `json:"secret"`
	PreviousUntil time.Time `json:"previousSecretExpiresAt"`
}

// Rotate gives uid's endpoint a new secret; the old one keeps signing beside
// it for RotationOverlap.
func (w *Webhooks) Rotate(_ context.Context, uid, id string) (Rotated, error) {
	var out Rotated
	err := w.db.Update(func(x *store.Txn) error {
		s, err := loadEndpoint(x, uid, id)
		if err != nil {
			return err
		}
		now := w.now().UTC().Truncate(time.Second)
		until := now.Add(RotationOverlap)
		s.Previous, s.PreviousUntil, s.Secret = s.Secret, &until, newSecret()
		s.UpdatedAt = now
		out = Rotated{Secret: s.Secret, PreviousUntil: until}
		return saveEndpoint(x, s)
	})
	return out, err
}

// Delete removes uid's endpoint, its pending deliveries and its log.
func (w *Webhooks) Delete(_ context.Context, uid, id string) error {
	return w.db.Update(func(x *store.Txn) error {
		if _, err := loadEndpoint(x, uid, id); err != nil {
			return err
		}
		pending, err := deliveriesIn(x, pendingPrefix(uid, id), 0)
		if err != nil {
			return err
		}
		for _, d := range pending {
			if err := x.Delete(dueKey(d.NextAt(), d.ID)); err != nil {
				return err
			}
		}
		for _, prefix := range [][]byte{pendingPrefix(uid, id), logPrefix(uid, id)} {
			if err := deleteUnder(x, prefix); err != nil {
				return err
			}
		}
		return x.Delete(endpointKey(uid, id))
	})
}

func deleteUnder(x *store.Txn, prefix []byte) error {
	var keys [][]byte
	err := x.Scan(prefix, nil, false, false, func(k, _ []byte) (bool, error) {
		keys = append(keys, append([]byte(nil), k...))
		return true, nil
	})
	for _, k := range keys {
		if err == nil {
			err = x.Delete(k)
		}
	}
	return err
}
