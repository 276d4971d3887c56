package identity

import (
	"context"
	"encoding/binary"
	"errors"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/pocket-companion/pocket/pkg/store"
)

// A session is one sign-in on one device: the refresh-token family (see
// refresh.go), named by the family id. Every ID token, page pass and signed
// audio link carries it (the "sid" claim), so ending a session ends all of
// them at once rather than when each lapses on its own.
//
// "Sign out of all devices" cannot list a user's families cheaply, so each
// user has a session generation: a family records the generation it began
// in, and ending every session moves the generation on. A family of an older
// generation is dead; families from before generations existed hold 0, as
// does a user who never signed out everywhere.

// SessionCheckTTL is how long an answer "this session is alive" is reused
// without reading the store. Signing out here forgets it at once; the TTL
// bounds what a path that ends a session without telling the cache (a
// refresh token's theft detected, a session lapsing) leaves behind.
const SessionCheckTTL = 2 * time.Second

// sessionCacheSize bounds the sessions remembered (each a few dozen bytes).
const sessionCacheSize = 10000

func generationKey(uid string) []byte { return store.Key("sgen", uid) }

// generation is uid's current session generation (0 when never moved).
func generation(x *store.Txn, uid string) (uint64, error) {
	raw, err := x.Get(generationKey(uid))
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	if err != nil || len(raw) != 8 {
		return 0, firstErr(err, errors.New("identity: malformed session generation"))
	}
	return binary.BigEndian.Uint64(raw), nil
}

// aliveIn reports whether family id is a live session of uid.
func aliveIn(x *store.Txn, id, uid string) (bool, error) {
	var fam family
	if err := x.GetJSON(familyKey(id), &fam); errors.Is(err, store.ErrNotFound) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	if fam.UID != uid {
		return false, nil
	}
	gen, err := generation(x, uid)
	return err == nil && fam.Gen == gen, err
}

// sessionCache remembers answers of SessionAlive until their time is up.
// (expirable.LRU would do, but it reads the wall clock, not the injected
// one, and keeps a goroutine for each cache forever.)
type sessionCache struct {
	entries *lru.Cache[string, checked]
	now     func() time.Time
}

type checked struct {
	alive bool
	until time.Time
}

func newSessionCache(now func() time.Time) *sessionCache {
	entries, _ := lru.New[string, checked](sessionCacheSize) // errs only for a size <= 0
	return &sessionCache{entries: entries, now: now}
}

func (c *sessionCache) get(key string) (alive, found bool) {
	e, ok := c.entries.Get(key)
	if !ok || !c.now().Before(e.until) {
		return false, false
	}
	return e.alive, true
}

func (c *sessionCache) add(key string, alive bool) {
	c.entries.Add(key, checked{alive: alive, until: c.now().Add(SessionCheckTTL)})
}

func sessionKey(uid, sid string) string { return uid + "\x00" + sid }

// SessionAlive reports whether sid is still a signed-in session of uid. It
// runs on every signed-in request, so live answers are remembered for
// SessionCheckTTL; an empty sid (a token minted before sessions were named)
// is never alive.
func (t *Tokens) SessionAlive(ctx context.Context, uid, sid string) (bool, error) {
	if sid == "" || uid == "" {
		return false, nil
	}
	key := sessionKey(uid, sid)
	if alive, ok := t.sessions.get(key); ok {
		return alive, nil
	}
	var alive bool
	err := t.db.View(func(x *store.Txn) error {
		var err error
		alive, err = aliveIn(x, sid, uid)
		return err
	})
	if err != nil {
		return false, err
	}
	t.sessions.add(key, alive)
	return alive, nil
}

// EndSession ends the session a refresh token belongs to (sign-out) and
// answers whose session it was, so its sockets can be closed; an unknown
// token answers empty names and no error.
func (t *Tokens) EndSession(ctx context.Context, refreshToken string) (uid, sid string, err error) {
	err = t.db.Update(func(x *store.Txn) error {
		key := store.Key("rtok", tokenHash(refreshToken))
		var rec storedToken
		if err := x.GetJSON(key, &rec); errors.Is(err, store.ErrNotFound) {
			return nil
		} else if err != nil {
			return err
		}
		uid, sid = rec.UID, rec.Family
		if rec.Family != "" {
			if err := x.Delete(familyKey(rec.Family)); err != nil {
				return err
			}
		}
		return x.Delete(key)
	})
	if err == nil && sid != "" {
		t.ForgetSession(uid, sid)
	}
	return uid, sid, err
}

// ForgetSession drops what this process remembers of uid's session sid, or
// of every session when sid is empty, so the next check reads the store.
// Replicas on one database call it when another replica signed the session
// out: else each would take the ended session's ID tokens for up to
// SessionCheckTTL more.
func (t *Tokens) ForgetSession(uid, sid string) {
	if sid == "" {
		// Keys are not kept by user, and signing out everywhere is rare:
		// forgetting every answer costs one read per active session.
		t.sessions.entries.Purge()
		return
	}
	t.sessions.entries.Remove(sessionKey(uid, sid))
}

// EndAllSessions ends every session of uid (sign out of all devices): their
// refresh tokens, ID tokens, page passes and audio links stop working now.
func (t *Tokens) EndAllSessions(ctx context.Context, uid string) error {
	err := t.db.Update(func(x *store.Txn) error {
		gen, err := generation(x, uid)
		if err != nil {
			return err
		}
		return x.Set(generationKey(uid), binary.BigEndian.AppendUint64(nil, gen+1))
	})
	if err == nil {
		t.ForgetSession(uid, "")
	}
	return err
}
