package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/pocket-companion/pocket/pkg/natsbus"
)

// SubscriptionsBucket is the JetStream key-value bucket replicas joined by
// NATS keep subscriptions in.
const SubscriptionsBucket = "pocket_push_subscriptions"

// kvTimeout bounds one call to the bucket when the caller's context has no
// deadline (the sender forgetting a gone subscription).
const kvTimeout = 5 * time.Second

// NewSharedSubscriptions keeps subscriptions in a key-value bucket of the
// NATS server every replica uses (creating it if needed), so a device that
// subscribed through one replica is notified by whichever replica sends.
// Validation, ownership and the per-user cap are NewSubscriptions'.
func NewSharedSubscriptions(ctx context.Context, js jetstream.JetStream, now func() time.Time, policy EndpointPolicy) (*Subscriptions, error) {
	kv, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket:      SubscriptionsBucket,
		Description: "Web Push subscriptions of Pocket's users, by user and endpoint",
		History:     1,
		Storage:     jetstream.FileStorage,
	})
	if err != nil {
		return nil, fmt.Errorf("push: subscriptions bucket: %w", err)
	}
	return newSubscriptions(kvRecords{kv}, now, policy), nil
}

// kvRecords keeps subscriptions in the shared bucket. The bucket has no
// transactions: two devices of one user subscribing at the same moment may
// each trim the cap by their own view, which at worst keeps one more or one
// fewer old subscription until the next subscribe.
type kvRecords struct{ kv jetstream.KeyValue }

// kvKey is the Badger key's parts (push, uid, sha256 of the endpoint) joined
// by the '.' that separates tokens of NATS keys, so push.<uid>.* lists one
// user's subscriptions; the uid is natsbus.Token'd to fit a key.
func kvKey(uid, endpoint string) string { return kvUserPrefix(uid) + endpointID(endpoint) }

func kvUserPrefix(uid string) string { return "push." + natsbus.Token(uid) + "." }

func bounded(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, kvTimeout)
}

func (k kvRecords) save(ctx context.Context, uid string, rec stored, maxPerUser int) error {
	ctx, cancel := bounded(ctx)
	defer cancel()
	if old, err := k.get(ctx, kvKey(uid, rec.Endpoint)); err == nil {
		rec.CreatedAt = old.CreatedAt // a refresh keeps its place in the cap
	} else if !errors.Is(err, jetstream.ErrKeyNotFound) {
		return err
	}
	b, _ := json.Marshal(rec)
	if _, err := k.kv.Put(ctx, kvKey(uid, rec.Endpoint), b); err != nil {
		return err
	}
	all, err := k.list(ctx, uid)
	if err != nil {
		return err
	}
	for _, old := range beyondCap(all, maxPerUser) {
		if err := k.kv.Delete(ctx, kvKey(uid, old.Endpoint)); err != nil {
			return err
		}
	}
	return nil
}

func (k kvRecords) remove(ctx context.Context, uid, endpoint string) error {
	ctx, cancel := bounded(ctx)
	defer cancel()
	err := k.kv.Delete(ctx, kvKey(uid, endpoint))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	return err
}

// patch is a compare-and-set on the entry's revision: a change by another
// replica in between wins, and this edit (a failure count) is dropped.
func (k kvRecords) patch(ctx context.Context, uid, endpoint string, edit func(*stored)) error {
	ctx, cancel := bounded(ctx)
	defer cancel()
	e, err := k.kv.Get(ctx, kvKey(uid, endpoint))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	var rec stored
	if err := json.Unmarshal(e.Value(), &rec); err != nil {
		return fmt.Errorf("subscription %s: %w", e.Key(), err)
	}
	edit(&rec)
	b, _ := json.Marshal(rec)
	if _, err := k.kv.Update(ctx, e.Key(), b, e.Revision()); err != nil && !errors.Is(err, jetstream.ErrKeyExists) {
		return err
	}
	return nil
}

func (k kvRecords) list(ctx context.Context, uid string) ([]stored, error) {
	ctx, cancel := bounded(ctx)
	defer cancel()
	keys, err := k.kv.ListKeysFiltered(ctx, kvUserPrefix(uid)+"*")
	if err != nil {
		return nil, err
	}
	defer func() { _ = keys.Stop() }()
	var all []stored
	for key := range keys.Keys() {
		r, err := k.get(ctx, key)
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			continue // forgotten since it was listed
		}
		if err != nil {
			return nil, err
		}
		all = append(all, r)
	}
	return all, ctx.Err()
}

func (k kvRecords) get(ctx context.Context, key string) (stored, error) {
	var r stored
	e, err := k.kv.Get(ctx, key)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(e.Value(), &r); err != nil {
		return r, fmt.Errorf("subscription %s: %w", key, err)
	}
	return r, nil
}
