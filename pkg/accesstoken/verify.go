package accesstoken

import (
	"context"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Verify answers the live token secret names and its owner, or ErrInvalid.
// It reads the store on every call, so a revoked token is refused on its
// next request on every replica; the token's "last used" is written only
// when it is older than LastUsedEvery, so a busy token costs one write a
// minute, not one a request.
func (t *Tokens) Verify(ctx context.Context, secret string) (Token, string, error) {
	if !Looks(secret) {
		return Token{}, "", ErrInvalid
	}
	hash := hashOf(secret)
	var rec stored
	err := t.db.View(func(x *store.Txn) error { return x.GetJSON(tokenKey(hash), &rec) })
	if errors.Is(err, store.ErrNotFound) {
		return Token{}, "", ErrInvalid
	}
	if err != nil {
		return Token{}, "", err
	}
	now := t.now()
	if expired(rec.Token, now) {
		return Token{}, "", ErrInvalid
	}
	if rec.LastUsedAt == nil || now.Sub(*rec.LastUsedAt) >= LastUsedEvery {
		if err := t.touch(hash, now); err != nil {
			return Token{}, "", err
		}
	}
	return rec.Token, rec.UID, nil
}

// touch records that the token was used at now, keeping its expiry. A
// token revoked meanwhile is left gone.
func (t *Tokens) touch(hash string, now time.Time) error {
	return t.db.Update(func(x *store.Txn) error {
		var rec stored
		if err := x.GetJSON(tokenKey(hash), &rec); errors.Is(err, store.ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		if rec.LastUsedAt != nil && now.Sub(*rec.LastUsedAt) < LastUsedEvery {
			return nil // another request (or replica) wrote it just now
		}
		var ttl time.Duration
		if rec.ExpiresAt != nil {
			if ttl = rec.ExpiresAt.Sub(now); ttl <= 0 {
				return nil
			}
		}
		used := now.UTC().Truncate(time.Second)
		rec.LastUsedAt = &used
		return x.SetJSONTTL(tokenKey(hash), rec, ttl)
	})
}
