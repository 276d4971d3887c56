package accesstoken

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// stored is a token under ptok/<sha256(secret)>; ptokby/<uid>/<id> names
// that hash, for listing and revoking by id. Both are dropped by the store
// when an expiring token expires.
type stored struct {
	Token
	UID string `json:"uid"`
}

func tokenKey(hash string) []byte    { return store.Key("ptok", hash) }
func ownerKey(uid, id string) []byte { return store.Key("ptokby", uid, id) }
func ownerPrefix(uid string) []byte  { return store.Prefix("ptokby", uid) }

// ErrInvalid answers a secret that names no live token: never made,
// revoked or expired (the caller cannot tell which, and need not).
var ErrInvalid = apperr.New(apperr.Unauthenticated, "INVALID_TOKEN", "Invalid, expired or revoked access token")

// Tokens keeps every user's tokens in the store (Badger or PostgreSQL).
type Tokens struct {
	db  *store.DB
	now func() time.Time
	max int
}

// New keeps tokens in db, at most maxPerUser live ones per user (0: no
// limit); now defaults to time.Now.
func New(db *store.DB, maxPerUser int, now func() time.Time) *Tokens {
	if now == nil {
		now = time.Now
	}
	return &Tokens{db: db, now: now, max: maxPerUser}
}

// MaxPerUser is the cap on one user's live tokens (0: none).
func (t *Tokens) MaxPerUser() int { return t.max }

// Create makes a token for uid and answers it with its secret, the only
// time the secret is seen. ttl 0 is a token that never expires.
func (t *Tokens) Create(ctx context.Context, uid, name string, scopes []Scope, ttl time.Duration) (Token, string, error) {
	now := t.now().UTC().Truncate(time.Second)
	tok := Token{ID: newID(), Name: name, Scopes: scopes, CreatedAt: now}
	if ttl > 0 {
		exp := now.Add(ttl)
		tok.ExpiresAt = &exp
	}
	secret := newSecret()
	hash := hashOf(secret)
	err := t.db.Update(func(x *store.Txn) error {
		if err := t.checkCap(x, uid); err != nil {
			return err
		}
		if err := x.SetJSONTTL(tokenKey(hash), stored{Token: tok, UID: uid}, ttl); err != nil {
			return err
		}
		return x.SetTTL(ownerKey(uid, tok.ID), []byte(hash), ttl)
	})
	if err != nil {
		return Token{}, "", err
	}
	return tok, secret, nil
}

func (t *Tokens) checkCap(x *store.Txn, uid string) error {
	if t.max <= 0 {
		return nil
	}
	n, err := countIn(x, uid)
	if err != nil || n < t.max {
		return err
	}
	return apperr.Newf(apperr.TooLarge, "QUOTA_ACCESS_TOKENS",
		"You have reached your limit of %d access tokens. Revoke tokens you no longer use to create new ones.", t.max)
}

func countIn(x *store.Txn, uid string) (int, error) {
	n := 0
	err := x.Scan(ownerPrefix(uid), nil, false, false, func(_, _ []byte) (bool, error) {
		n++
		return true, nil
	})
	return n, err
}

// Count is how many live tokens uid has.
func (t *Tokens) Count(ctx context.Context, uid string) (n int, err error) {
	err = t.db.View(func(x *store.Txn) error { n, err = countIn(x, uid); return err })
	return n, err
}

// List answers uid's live tokens, the newest first.
func (t *Tokens) List(ctx context.Context, uid string) ([]Token, error) {
	out := []Token{}
	now := t.now()
	err := t.db.View(func(x *store.Txn) error {
		return x.Scan(ownerPrefix(uid), nil, false, true, func(_, v []byte) (bool, error) {
			rec, err := t.byHashValue(x, v)
			if err != nil || rec == nil || rec.UID != uid || expired(rec.Token, now) {
				return err == nil, err
			}
			out = append(out, rec.Token)
			return true, nil
		})
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].CreatedAt.After(out[j].CreatedAt) })
	return out, err
}

// byHashValue reads the token an owner entry's value (the token's hash) names.
func (t *Tokens) byHashValue(x *store.Txn, raw []byte) (*stored, error) {
	var rec stored
	if err := x.GetJSON(tokenKey(string(raw)), &rec); errors.Is(err, store.ErrNotFound) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	return &rec, nil
}

// Revoke ends uid's token id at once; a token that is not theirs (or not
// there) is NotFound.
func (t *Tokens) Revoke(ctx context.Context, uid, id string) error {
	return t.db.Update(func(x *store.Txn) error {
		raw, err := x.Get(ownerKey(uid, id))
		if errors.Is(err, store.ErrNotFound) {
			return apperr.Missing("Access token")
		}
		if err != nil {
			return err
		}
		return revokeIn(x, uid, id, raw)
	})
}

func revokeIn(x *store.Txn, uid, id string, raw []byte) error {
	if err := x.Delete(tokenKey(string(raw))); err != nil {
		return err
	}
	return x.Delete(ownerKey(uid, id))
}

// RevokeAll ends every token of uid ("Sign out of all devices", when asked to).
func (t *Tokens) RevokeAll(ctx context.Context, uid string) error {
	type entry struct {
		id  string
		raw []byte
	}
	return t.db.Update(func(x *store.Txn) error {
		var all []entry
		prefix := ownerPrefix(uid)
		err := x.Scan(prefix, nil, false, true, func(k, v []byte) (bool, error) {
			all = append(all, entry{id: string(k[len(prefix):]), raw: append([]byte(nil), v...)})
			return true, nil
		})
		if err != nil {
			return err
		}
		for _, e := range all {
			if err := revokeIn(x, uid, e.id, e.raw); err != nil {
				return fmt.Errorf("accesstoken: revoke %s: %w", e.id, err)
			}
		}
		return nil
	})
}

func expired(tok Token, now time.Time) bool {
	return tok.ExpiresAt != nil && !now.Before(*tok.ExpiresAt)
}
