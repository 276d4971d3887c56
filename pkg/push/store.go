package push

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// MaxPerUser caps one user's devices; subscribing one more forgets the
// oldest, which is most likely a browser profile long gone.
const MaxPerUser = 20

// stored is a subscription under push/<uid>/<sha256(endpoint)>.
type stored struct {
	Subscription
	CreatedAt time.Time `json:"createdAt"`
}

// Subscriptions keeps each user's devices. Every key is under the caller's
// own uid, so no call of one user can change another's subscriptions, even
// for the same endpoint.
type Subscriptions struct {
	db            *store.DB
	now           func() time.Time
	allowLoopback bool
}

// NewSubscriptions builds the store; allowLoopback admits http endpoints on
// loopback hosts (tests only: see checkEndpoint). now defaults to time.Now.
func NewSubscriptions(db *store.DB, now func() time.Time, allowLoopback bool) *Subscriptions {
	if now == nil {
		now = time.Now
	}
	return &Subscriptions{db: db, now: now, allowLoopback: allowLoopback}
}

func subKey(uid, endpoint string) []byte { return store.Key("push", uid, endpointID(endpoint)) }

// Subscribe stores (or refreshes the keys of) a device's subscription.
func (s *Subscriptions) Subscribe(ctx context.Context, uid string, sub Subscription) error {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return err
	}
	if err := checkSubscription(sub, s.allowLoopback); err != nil {
		return err
	}
	err := s.db.Update(func(x *store.Txn) error {
		rec := stored{Subscription: sub, CreatedAt: s.now()}
		var old stored
		if err := x.GetJSON(subKey(uid, sub.Endpoint), &old); err == nil {
			rec.CreatedAt = old.CreatedAt // a refresh keeps its place in the cap
		}
		if err := x.SetJSON(subKey(uid, sub.Endpoint), rec); err != nil {
			return err
		}
		return dropOldest(x, uid)
	})
	if err != nil {
		return fmt.Errorf("push: subscribe: %w", err)
	}
	return nil
}

// dropOldest forgets the user's oldest subscriptions beyond MaxPerUser.
func dropOldest(x *store.Txn, uid string) error {
	all, err := list(x, uid)
	if err != nil || len(all) <= MaxPerUser {
		return err
	}
	sort.Slice(all, func(i, j int) bool { return all[i].CreatedAt.Before(all[j].CreatedAt) })
	for _, old := range all[:len(all)-MaxPerUser] {
		if err := x.Delete(subKey(uid, old.Endpoint)); err != nil {
			return err
		}
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
	return s.forget(uid, endpoint)
}

// forget deletes one subscription: on Unsubscribe, and when the push service
// says it is gone.
func (s *Subscriptions) forget(uid, endpoint string) error {
	if err := s.db.Update(func(x *store.Txn) error { return x.Delete(subKey(uid, endpoint)) }); err != nil {
		return fmt.Errorf("push: unsubscribe: %w", err)
	}
	return nil
}

// List returns the user's subscriptions.
func (s *Subscriptions) List(ctx context.Context, uid string) ([]Subscription, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	var out []Subscription
	err := s.db.View(func(x *store.Txn) error {
		all, err := list(x, uid)
		for _, r := range all {
			out = append(out, r.Subscription)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("push: list subscriptions: %w", err)
	}
	return out, nil
}

func list(x *store.Txn, uid string) ([]stored, error) {
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
