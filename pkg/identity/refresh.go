package identity

import (
	"context"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Refresh tokens rotate: each use answers a new token and retires the old
// one. A session is a family of tokens under one family record; a retired
// token used again means someone else holds a copy (stolen cookie), so the
// whole family is revoked and both holders must sign in again.
//
// rotationGrace forgives a retired token used again within seconds: two tabs
// refreshing at once both send the cookie they loaded with.
const rotationGrace = 30 * time.Second

// family is a session's record: while it exists, its current tokens work.
type family struct {
	UID string `json:"uid"`
	Gen uint64 `json:"gen,omitempty"` // the user's session generation it began in (sessions.go)
}

var (
	errSessionExpired = apperr.New(apperr.Unauthenticated, "SESSION_EXPIRED", "Session expired. Please sign in again.")
	errSessionReused  = apperr.New(apperr.Unauthenticated, "SESSION_REVOKED", "This session was ended because its sign-in was used from somewhere else. Please sign in again.")
)

func familyKey(id string) []byte { return store.Key("rfam", id) }

// NewRefreshToken starts a session that survives reloads and restarts until logout.
func (t *Tokens) NewRefreshToken(ctx context.Context, uid string) (string, error) {
	token, _, err := t.NewSession(ctx, uid)
	return token, err
}

// NewSession is NewRefreshToken that also answers the session's id, for the
// ID tokens issued to it.
func (t *Tokens) NewSession(ctx context.Context, uid string) (token, sid string, err error) {
	id := randomHex(16)
	err = t.db.Update(func(x *store.Txn) error {
		gen, err := generation(x, uid)
		if err != nil {
			return err
		}
		if err := x.SetJSONTTL(familyKey(id), family{UID: uid, Gen: gen}, RefreshTokenTTL); err != nil {
			return err
		}
		token, err = t.issueRefresh(x, uid, id)
		return err
	})
	return token, id, err
}

// UseRefreshToken answers the session's user, its id and the token that
// replaces the one given; the session's expiry slides forward, so people who
// keep using the app stay signed in.
func (t *Tokens) UseRefreshToken(ctx context.Context, token string) (uid, sid, next string, err error) {
	var reused bool
	err = t.db.Update(func(x *store.Txn) error {
		key := store.Key("rtok", tokenHash(token))
		var rec storedToken
		if err := x.GetJSON(key, &rec); err != nil {
			return err
		}
		now := t.now()
		if now.After(rec.ExpiresAt) {
			return store.ErrNotFound
		}
		var gen uint64
		if rec.Family == "" { // a token from before rotation: it starts a family now
			rec.Family = randomHex(16)
			if gen, err = generation(x, rec.UID); err != nil {
				return err
			}
		} else if ok, err := aliveIn(x, rec.Family, rec.UID); err != nil || !ok {
			return firstErr(err, store.ErrNotFound)
		} else if gen, err = generation(x, rec.UID); err != nil {
			return err
		}
		if !rec.RotatedAt.IsZero() && now.Sub(rec.RotatedAt) > rotationGrace {
			reused = true
			return x.Delete(familyKey(rec.Family))
		}
		if rec.RotatedAt.IsZero() {
			rec.RotatedAt = now
			// Kept until it would have expired, so a later reuse is recognised.
			if err := x.SetJSONTTL(key, rec, rec.ExpiresAt.Sub(now)); err != nil {
				return err
			}
		}
		if err := x.SetJSONTTL(familyKey(rec.Family), family{UID: rec.UID, Gen: gen}, RefreshTokenTTL); err != nil {
			return err
		}
		uid, sid = rec.UID, rec.Family
		next, err = t.issueRefresh(x, rec.UID, rec.Family)
		return err
	})
	switch {
	case reused:
		return "", "", "", errSessionReused
	case errors.Is(err, store.ErrNotFound):
		return "", "", "", errSessionExpired
	case err != nil:
		return "", "", "", err
	}
	return uid, sid, next, nil
}

// RevokeRefreshToken ends the token's session (logout): every token of it.
func (t *Tokens) RevokeRefreshToken(ctx context.Context, token string) error {
	_, _, err := t.EndSession(ctx, token)
	return err
}

func (t *Tokens) issueRefresh(x *store.Txn, uid, familyID string) (string, error) {
	token, err := randomToken()
	if err != nil {
		return "", err
	}
	rec := storedToken{UID: uid, ExpiresAt: t.now().Add(RefreshTokenTTL), Family: familyID}
	return token, x.SetJSONTTL(store.Key("rtok", tokenHash(token)), rec, RefreshTokenTTL)
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
