package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// MaxPerUser is the default cap on one user's devices
// (POCKET_QUOTA_PUSH_SUBSCRIPTIONS sets another, SetMaxPerUser); subscribing
// one more forgets the oldest, which is most likely a browser profile long
// gone, so a new device is never refused.
const MaxPerUser = 20

// stored is a subscription under push/<uid>/<sha256(endpoint)>.
type stored struct {
	Subscription
	CreatedAt time.Time `json:"createdAt"`
	// Failures counts the notices in a row this endpoint failed, the first
	// of them at FailingSince (failures.go).
	Failures     int       `json:"failures,omitempty"`
	FailingSince time.Time `json:"failingSince,omitzero"`
}

// records is where subscriptions are kept: the replica's Badger store
// (NewSubscriptions) or a key-value bucket every replica shares
// (NewSharedSubscriptions). Keys are always per user and endpoint.
type records interface {
	// save stores rec, keeping the CreatedAt of a subscription of the same
	// endpoint already there, then forgets the user's oldest beyond MaxPerUser.
	save(ctx context.Context, uid string, rec stored, maxPerUser int) error
	remove(ctx context.Context, uid, endpoint string) error
	// patch edits a stored subscription in place; one not there is left so.
	patch(ctx context.Context, uid, endpoint string, edit func(*stored)) error
	list(ctx context.Context, uid string) ([]stored, error)
}

// Subscriptions keeps each user's devices. Every key is under the caller's
// own uid, so no call of one user can change another's subscriptions, even
// for the same endpoint.
type Subscriptions struct {
	recs   records
	now    func() time.Time
	policy EndpointPolicy
	max    int
}

// SetMaxPerUser caps each user's devices at n (n < 1: MaxPerUser); call it
// before serving.
func (s *Subscriptions) SetMaxPerUser(n int) {
	if n < 1 {
		n = MaxPerUser
	}
	s.max = n
}

// MaxPerUser is the cap on each user's devices.
func (s *Subscriptions) MaxPerUser() int { return s.max }

// Count is how many devices uid has subscribed.
func (s *Subscriptions) Count(ctx context.Context, uid string) (int, error) {
	all, err := s.recs.list(ctx, uid)
	return len(all), err
}

// NewSubscriptions keeps subscriptions in the replica's store; policy says
// which endpoints a device may subscribe with (and the sender, which reads
// it from here, may reach). now defaults to time.Now.
func NewSubscriptions(db *store.DB, now func() time.Time, policy EndpointPolicy) *Subscriptions {
	return newSubscriptions(badgerRecords{db}, now, policy)
}

func newSubscriptions(recs records, now func() time.Time, policy EndpointPolicy) *Subscriptions {
	if now == nil {
		now = time.Now
	}
	return &Subscriptions{recs: recs, now: now, policy: policy, max: MaxPerUser}
}

// Subscribe stores (or refreshes the keys of) a device's subscription.
func (s *Subscriptions) Subscribe(ctx context.Context, uid string, sub Subscription) error {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return err
	}
	if err := checkSubscription(sub, s.policy); err != nil {
		return err
	}
	if err := s.recs.save(ctx, uid, stored{Subscription: sub, CreatedAt: s.now()}, s.max); err != nil {
		return fmt.Errorf("push: subscribe: %w", err)
	}
	return nil
}

// Unsubscribe forgets the caller's subscription of endpoint; one the caller
// does not have is not an error (the device may have been forgotten already).
func (s *Subscriptions) Unsubscribe(ctx context.Context, uid, endpoint string) error {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return err
	}
	if endpoint == "" || len(endpoint) > maxEndpointBytes {
		return apperr.Invalidf("endpoint is required and must be at most %d bytes", maxEndpointBytes)
	}
	return s.forget(ctx, uid, endpoint)
}

// forget deletes one subscription: on Unsubscribe, and when the push service
// says it is gone.
func (s *Subscriptions) forget(ctx context.Context, uid, endpoint string) error {
	if err := s.recs.remove(ctx, uid, endpoint); err != nil {
		return fmt.Errorf("push: unsubscribe: %w", err)
	}
	return nil
}

// ForgetUser deletes every subscription of uid (sign out of all devices): a
// device signed out that way must stop getting summary notices, whose titles
// are the user's own.
func (s *Subscriptions) ForgetUser(ctx context.Context, uid string) error {
	all, err := s.stored(ctx, uid)
	if err != nil {
		return err
	}
	for _, r := range all {
		if err := s.forget(ctx, uid, r.Endpoint); err != nil {
			return err
		}
	}
	return nil
}

// List returns the user's subscriptions.
func (s *Subscriptions) List(ctx context.Context, uid string) ([]Subscription, error) {
	all, err := s.stored(ctx, uid)
	if err != nil {
		return nil, err
	}
	var out []Subscription
	for _, r := range all {
		out = append(out, r.Subscription)
	}
	return out, nil
}

// stored returns the user's subscriptions as kept, failures included.
func (s *Subscriptions) stored(ctx context.Context, uid string) ([]stored, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	all, err := s.recs.list(ctx, uid)
	if err != nil {
		return nil, fmt.Errorf("push: list subscriptions: %w", err)
	}
	return all, nil
}

// beyondCap is what a user keeps too many of: the oldest past maxPerUser.
func beyondCap(all []stored, maxPerUser int) []stored {
	if len(all) <= maxPerUser {
		return nil
	}
	sort.Slice(all, func(i, j int) bool { return all[i].CreatedAt.Before(all[j].CreatedAt) })
	return all[:len(all)-maxPerUser]
}

// badgerRecords keeps subscriptions in one replica's store, a user's
// changes in one transaction.
type badgerRecords struct{ db *store.DB }

func subKey(uid, endpoint string) []byte { return store.Key("push", uid, endpointID(endpoint)) }

func (b badgerRecords) save(_ context.Context, uid string, rec stored, maxPerUser int) error {
	return b.db.Update(func(x *store.Txn) error {
		var old stored
		if err := x.GetJSON(subKey(uid, rec.Endpoint), &old); err == nil {
			rec.CreatedAt = old.CreatedAt // a refresh keeps its place in the cap
		}
		if err := x.SetJSON(subKey(uid, rec.Endpoint), rec); err != nil {
			return err
		}
		all, err := scan(x, uid)
		if err != nil {
			return err
		}
		for _, old := range beyondCap(all, maxPerUser) {
			if err := x.Delete(subKey(uid, old.Endpoint)); err != nil {
				return err
			}
		}
		return nil
	})
}

func (b badgerRecords) remove(_ context.Context, uid, endpoint string) error {
	return b.db.Update(func(x *store.Txn) error { return x.Delete(subKey(uid, endpoint)) })
}

func (b badgerRecords) patch(_ context.Context, uid, endpoint string, edit func(*stored)) error {
	return b.db.Update(func(x *store.Txn) error {
		var rec stored
		err := x.GetJSON(subKey(uid, endpoint), &rec)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		edit(&rec)
		return x.SetJSON(subKey(uid, endpoint), rec)
	})
}

func (b badgerRecords) list(_ context.Context, uid string) (all []stored, err error) {
	err = b.db.View(func(x *store.Txn) error {
		all, err = scan(x, uid)
		return err
	})
	return all, err
}

func scan(x *store.Txn, uid string) ([]stored, error) {
	var all []stored
	err := x.Scan(store.Prefix("push", uid), nil, false, true, func(_, v []byte) (bool, error) {
		var r stored
		if err := json.Unmarshal(v, &r); err != nil {
			return false, err
		}
		all = append(all, r)
		return true, nil
	})
	return all, err
}
