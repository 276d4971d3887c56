package relay

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"hash/fnv"
	"log/slog"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Cache keeps users' answers in the relay's Badger under
// rcache/<escaped uid>/<sha256(method, path, normalised query)>. The uid is
// the one the upstream's token verified, so no two users share an entry and a
// token never appears in a key. Entries live TTL at most; a user keeps
// PerUser entries at most (beyond, arbitrary ones are dropped: the keys are
// hashes).
//
// A generation per stripe of users stops an answer fetched before a write
// from being stored after that write dropped the user's entries. Users share
// stripes (so memory stays bounded): another user's write in the same stripe
// only means an answer is not kept this time.
type Cache struct {
	log     *slog.Logger
	db      *store.DB
	ttl     time.Duration
	perUser int
	stripes [256]stripe
}

type stripe struct {
	mu sync.Mutex // held across a Put or a drop, so they cannot interleave
	// gen is raised under mu but read without it: a reader taking the
	// generation before its fetch must not wait for a Put's synced commit.
	gen atomic.Uint64
}

// NewCache returns the cache over db.
func NewCache(db *store.DB, ttl time.Duration, perUser int, log *slog.Logger) *Cache {
	return &Cache{log: log, db: db, ttl: ttl, perUser: perUser}
}

func (c *Cache) stripeOf(uid string) *stripe {
	h := fnv.New32a()
	_, _ = h.Write([]byte(uid))
	return &c.stripes[h.Sum32()%uint32(len(c.stripes))]
}

// entryKey names uid's answer to method on path with query; the query's
// parameters are sorted so that the same question is one entry.
func entryKey(uid, method, path string, query url.Values) string {
	sum := sha256.Sum256([]byte(method + " " + path + "?" + query.Encode()))
	return string(store.Key("rcache", url.PathEscape(uid), hex.EncodeToString(sum[:])))
}

func userPrefix(uid string) []byte { return store.Prefix("rcache", url.PathEscape(uid)) }

// Get returns the entry at key.
func (c *Cache) Get(key string) (Entry, bool, error) {
	var raw []byte
	err := c.db.View(func(x *store.Txn) (err error) {
		raw, err = x.Get([]byte(key))
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return Entry{}, false, nil
	}
	if err != nil {
		return Entry{}, false, err
	}
	e, err := decodeEntry(raw)
	return e, err == nil, err
}

// Generation is uid's current generation, to pass to Put.
func (c *Cache) Generation(uid string) uint64 {
	return c.stripeOf(uid).gen.Load()
}

// Put stores e at key unless uid's entries were dropped since gen was read.
func (c *Cache) Put(uid, key string, e Entry, gen uint64) error {
	st := c.stripeOf(uid)
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.gen.Load() != gen {
		return nil
	}
	return c.db.Update(func(x *store.Txn) error {
		if err := c.makeRoom(x, uid, key); err != nil {
			return err
		}
		return x.SetTTL([]byte(key), encodeEntry(e), c.ttl)
	})
}

// makeRoom drops entries of uid until one more fits under the per-user cap.
func (c *Cache) makeRoom(x *store.Txn, uid, key string) error {
	var keys [][]byte
	err := x.Scan(userPrefix(uid), nil, false, false, func(k, _ []byte) (bool, error) {
		if string(k) != key {
			keys = append(keys, append([]byte(nil), k...))
		}
		return true, nil
	})
	for i := 0; err == nil && i <= len(keys)-c.perUser; i++ {
		err = x.Delete(keys[i])
	}
	return err
}

// Delete drops the entry at key (the upstream no longer lets its user see it).
func (c *Cache) Delete(key string) error {
	return c.db.Update(func(x *store.Txn) error { return x.Delete([]byte(key)) })
}

// InvalidateUser drops every cached answer of uid: after a write through the
// relay, or when the upstream is seen to have changed (relaysync). Answers
// being fetched for uid meanwhile are not stored. A store failure is logged:
// the entries then age out (TTL) like any other.
func (c *Cache) InvalidateUser(uid string) {
	if err := c.dropUser(uid); err != nil {
		c.log.Error("relay cache: a user's answers not dropped", "err", err)
	}
}

func (c *Cache) dropUser(uid string) error {
	st := c.stripeOf(uid)
	st.mu.Lock()
	defer st.mu.Unlock()
	st.gen.Add(1)
	return c.db.Update(func(x *store.Txn) error {
		var keys [][]byte
		if err := x.Scan(userPrefix(uid), nil, false, false, func(k, _ []byte) (bool, error) {
			keys = append(keys, append([]byte(nil), k...))
			return true, nil
		}); err != nil {
			return err
		}
		for _, k := range keys {
			if err := x.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
}

// strongETag is a validator for body: equal bodies, equal tags.
func strongETag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
}
