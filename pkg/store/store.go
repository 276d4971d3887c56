// Package store owns the database: a Badger directory by default, or PostgreSQL
// (Options.DatabaseURL) where several replicas share it; both hold the same keys
// (docs/adr/0007-postgres-store.md). Features keep their records under their own
// key prefixes; this comment is the one place the whole key schema is written.
//
// Key schema (parts joined by '/'; numbers are 8-byte big-endian so they sort):
//
//	user/email/<email>                         -> user id
//	user/id/<uid>                              -> identity.User
//	otp/<email>                                -> identity.otpState (keyed hash of the code, expiry, send time, failures, lock)
//	ctok/<sha256(token)>                       -> identity.storedToken (custom token: single use, TTL identity.CustomTokenTTL)
//	rtok/<sha256(token)>                       -> identity.storedToken (refresh token: TTL identity.RefreshTokenTTL; rotated on use, kept retired to catch reuse)
//	rfam/<family>                              -> identity.family (a session's tokens work while it exists and its generation is the user's; TTL slid forward on use)
//	sgen/<uid>                                 -> U64 session generation: signing out of all devices moves it on, ending older families
//	ptok/<sha256(token)>                       -> accesstoken.stored (a personal access token: owner, name, scopes, created, expiry, last used; TTL until it expires)
//	ptokby/<uid>/<tokenId>                     -> sha256(token) hex: a user's access tokens, to list and revoke them by id (TTL as the token's)
//	oidc/<state>                               -> identity.OIDCFlow (Google/Apple popup; single use, TTL identity.OIDCFlowTTL)
//	rec/<uid>/<recordingId>                    -> recordings.stored (the import object, loose shapes as given, + bookkeeping; kept with deletedAt on soft delete)
//	ritem/<uid>/<recordingId>                  -> the rendered list item (recording + id + summarization.summary)
//	ridx/<uid>/<field>/<sortable value>/<id>   -> recordings.entry, binary (flags, recordingAt, folder id, id): dashboard order and filters;
//	                                              field is recording_at|created_at|updated_at|duration|title, value I64 millis or lower-cased title + 0x00
//	term/<uid>/<term>/<recordingId>            -> search.posting, uvarints (per-field term frequencies and field lengths; pkg/search)
//	term/<uid>/<term>/0x00<block>              -> the postings of an import batch's recordings that use the term (id length, id, posting; each; search.Block)
//	person/<uid>/<sha256(lower name) hex 24>/<recordingId> -> the person's name as spelled there (recordings that name a speaker so)
//	unnamed/<uid>/<recordingId>                -> JSON list of the recording's unnamed speakers (label, generic name, first words, start)
//	rview/<uid>/<recordingId>                  -> recordings.Views (view count, last viewed)
//	sum/<uid>/<summarizationId>                -> recording id (summarization lookup)
//	folder/<uid>/<folderId>                    -> recordings.Folder
//	fname/<uid>/<parentId or ->/<lower name>   -> folder id (unique names per parent, case-insensitive)
//	share/<token>                              -> share.stored (the share.Link, its owner uid, password's argon2id hash, views; kept with revokedAt once revoked)
//	shareby/<uid>/<recordingId>/<token>        -> nothing (links of one recording)
//	shareclip/<uid>/<highlightId>/<token>      -> nothing (clip links of one highlight: revoked when it is deleted)
//	chat/s/<sessionId>                         -> chat.storedSession (session, scope, owner uid, message count)
//	chat/by/<scope>/<recordingId>              -> session id; scope is u:<uid> (owner) or t:<sha256(share token)> (a link's visitors)
//	chat/rec/<scope>/<recordingId>/<sessionId> -> nothing: an owner's conversations about one recording (the one chat/by names may be missing from it)
//	chat/m/<sessionId>/<seq U64>               -> chat.Message, in the order written
//	chat/lib/<scope>/<sessionId>               -> nothing: an owner's conversations across the whole library (Ask across recordings)
//	falias/<uid>/<folderId>                    -> folder id: a device's new folder merged into one of the same name, so its later edits land there
//	rsync/<uid>/<recordingId>                  -> recordings.syncState (folder, emptiness, speaker names: what Pull sends beside the list item)
//	chead/<uid>                                -> changelog.head (last sequence number and the log's epoch)
//	clog/<uid>/<seq U64>                       -> changelog.Entry (kind, id, deleted, when): one per entity, the newest
//	clast/<uid>/<kind>/<id>                    -> seq of the entity's entry in clog
//	ctomb/<deletedAt I64>/<uid>/<seq U64>      -> nothing: tombstones in the order they may be pruned (changelog.Retention)
//	cfloor/<uid>                               -> seq: entries at or below it may have been pruned (older cursors resync)
//	idem/<uid>/<sha256(idempotency key)>       -> syncer.idemRecord (a pushed mutation's payload hash and answer; TTL syncer.IdempotencyTTL)
//	chat/q/<scope>/<sha256(question key)>      -> chat.asked (a device's queued question: its message and answer, so it is asked once)
//	push/<uid>/<sha256(endpoint) hex>          -> push.stored (a device's Web Push subscription and when it was made; at most push.MaxPerUser)
//	whook/<uid>/<endpointId>                  -> webhook.stored (a webhook endpoint: URL, events, status, secret and a rotated-out one during its overlap; at most POCKET_QUOTA_WEBHOOKS)
//	wq/<uid>/<endpointId>/<deliveryId>        -> webhook.queued (a delivery to send: body, attempts, due time, the replica holding it and until when; at most POCKET_WEBHOOK_MAX_PENDING per endpoint)
//	wlog/<uid>/<endpointId>/<deliveryId>      -> webhook.queued (a delivery sent or given up: the endpoint's log, its newest webhook.LogKeep)
//	wdue/<due U64 ms>/<deliveryId>            -> "<uid>/<endpointId>": pending deliveries in the order they are due (a held one: when its lease ends)
//	rcache/<escaped uid>/<sha256(method, path, query) hex> -> relay.Entry (relay mode: the upstream's answer to one user's GET, its ETag and age; TTL 24 h, a bounded number per user)
//	mrec/<uid>/<recordingId>                   -> relaysync.mirroredRecording (relay mode: the upstream's list item as last listed, its hash, folder, emptiness)
//	mfold/<uid>/<folderId>                     -> relaysync.mirroredFolder (relay mode: the upstream's folder as last listed, its hash)
//	mtpl/<uid>/<templateId>                    -> relaysync.mirroredTemplate (relay mode: one of the user's own templates as the upstream last listed it, its hash)
//	mbase/<uid>                                -> "1" once a complete listing of the upstream was recorded (only then are deletions inferred)
//	malias/<uid>/<folderId>                    -> upstream folder id of a folder a device created offline (relay mode's falias)
//	audio/<uid>/<recordingId>                  -> audio.Meta (content type, size, sha256; the file is <data dir>/audio/<sha256(uid, id)>)
//	ablob/<sha256(uid, id) hex>/<sha256 of the audio>/<chunk U64> -> 256 KiB of a recording's audio, on PostgreSQL (Badger: the file above)
//	job/summary/<uid>/<recordingId>            -> jobs.held (the replica holding the summary job and until when, tries); gone once the summary is written
//	usage/<uid>                                -> quota.Usage (what the user keeps: recordings, bytes, folders, links, people; uploads today), updated in the transaction of each write
//	hl/<uid>/<highlightId>                     -> highlights.Highlight (a marked passage: recording, range, text, note, speakers; at most POCKET_QUOTA_HIGHLIGHTS)
//	hlrec/<uid>/<recordingId>/<highlightId>    -> nothing: a recording's highlights (deleted with the recording, in its transaction)
//	meta/audio-link-key                        -> the HMAC key of signed audio links (audio.Links)
//	meta/share-unlock-key                      -> the HMAC key of protected share links' unlock cookies (share.Service.SetUnlockKey)
//	meta/id-token-key                          -> PKCS #8 DER of the Ed25519 key signing ID tokens, on PostgreSQL (Badger: keys/ in the data directory)
//	meta/otp-pepper                            -> the pepper of sign-in codes' keyed hashes, on PostgreSQL (likewise)
//	meta/vapid-keys                            -> the generated Web Push VAPID pair, on PostgreSQL with POCKET_VAPID_* unset (likewise)
//	meta/changelog-backfilled                  -> "1" once recordings and folders written before the change log have entries in it
//	meta/changelog-templates-backfilled        -> "1" once summary templates written before they synced have entries in the change log
//	meta/people-indexed                        -> "1" once recordings written before the person index are in it
//	meta/copy-cursor                           -> the last key pocket migrate copied into this store, while the copy is unfinished (store.CopyAll)
//	meta/seeded                                -> "1" once the sample recordings were imported (server/seed), so ones the demo user deletes stay deleted
//	tpl/<uid>/<templateId>                     -> templates.Template (a user's own summary template; at most POCKET_QUOTA_TEMPLATES)
//	job/resummary/<uid>/<recordingId>/<summarizationId> -> jobs.held (a summary version asked for with a template and a language; gone once written)
//	resum/<uid>/<recordingId>/<summarizationId> -> summarize.asked (that version's template, language, status, when; gone once written, kept when it failed)
//
// The readiness probe reads meta/ready, which is never written: the read only
// proves that the store answers.
package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/dgraph-io/badger/v4"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// ErrNotFound is returned when a key has no value.
var ErrNotFound = errors.New("not found")

// ErrTxnTooBig: a transaction holds more writes than the engine takes in one
// commit (Badger's limit; PostgreSQL has none short of its disk); split the work.
var ErrTxnTooBig = badger.ErrTxnTooBig

// errConflict marks an attempt that lost a race with another writer: Badger's
// conflict, or PostgreSQL's serialization failure or deadlock. It is re-run.
var errConflict = errors.New("store: transaction conflict")

// conflictRetries bounds how often a transaction that lost a write race is
// re-run (alone: see writeLane, so a re-run conflicts only with a nested write).
const conflictRetries = 8

// sharedConflictRetries is the bound on PostgreSQL, where the writers a re-run
// races include other replicas', which no process's lane holds back: with 8,
// two replicas taking 15 uploads of one user each on a loaded machine (six
// busy loops beside the test) answered one of them STORE_BUSY in one run of
// 30; with 24 none did in 60 (TestReplicasOnOneDatabase_ConcurrentUploads…).
const sharedConflictRetries = 24

// conflictDeadline bounds the re-runs of a write that keeps waiting out its
// turn in the lane (overload), which do not count against conflictRetries.
const conflictDeadline = 20 * time.Second

// conflictBackoffCap is the longest wait between two re-runs.
const conflictBackoffCap = 32 * time.Millisecond

// engine is where the keys live: one Badger directory (the default) or a
// PostgreSQL database that replicas share. Each runs one attempt of a
// transaction; DB re-runs the attempts that conflicted.
type engine interface {
	// update runs fn in a read-write transaction and commits it; an attempt
	// that lost a race returns an error wrapping errConflict.
	update(fn func(kv) error) error
	// view runs fn in a read-only transaction on one consistent snapshot.
	view(fn func(kv) error) error
	// collectGarbage reclaims what deleted and expired keys hold.
	collectGarbage()
	close() error
}

// kv is one transaction's view of the keys, its own writes included.
type kv interface {
	get(key []byte) ([]byte, error)                   // ErrNotFound when missing or expired
	getMany(keys [][]byte) (map[string][]byte, error) // the live ones' values by key
	valueSize(key []byte) (int64, error)              // ErrNotFound when missing or expired
	expiresAt(key []byte) (uint64, error)             // Unix seconds, 0 for never
	set(key, value []byte, ttl time.Duration) error   // ttl 0: kept until deleted
	delete(key []byte) error
	scan(prefix, from []byte, reverse, withValues bool, fn func(key, value []byte) (bool, error)) error
}

// DB is the opened store. It is safe for concurrent use.
type DB struct {
	eng   engine
	log   *slog.Logger
	space *spaceGuard // nil in memory and on PostgreSQL
	lane  *writeLane
	// retries is conflictRetries, or sharedConflictRetries on PostgreSQL.
	retries int
}

// Options choose where data lives. InMemory is for tests.
type Options struct {
	// DatabaseURL (postgres://…) keeps the keys in PostgreSQL, where several
	// replicas share them; Dir, InMemory and Bulk are then unused.
	DatabaseURL string
	Dir         string
	InMemory    bool
	Logger      *slog.Logger
	// MinFreeBytes is the free disk space below which writes are refused
	// with ErrStorageFull; 0 means DefaultMinFreeBytes.
	MinFreeBytes uint64
	// Bulk is for one writer loading a library (pocket import): smaller
	// memtables, fewer of them and a small block cache. With Badger's
	// defaults (five 64 MB memtables, a 256 MB cache) an import of 10,000
	// recordings peaked 180 MB higher and took 11 % longer. Level 0 also
	// holds up to bulkLevelZeroTables before it is compacted: a load writes
	// each key once, so merging its tables while it runs only spends the CPU
	// the load needs (docs/benchmarks.md); the server compacts them once it
	// opens the store.
	Bulk bool
}

// Open opens the store: PostgreSQL when o.DatabaseURL is set (its schema
// migrated first), else Badger in o.Dir (or in memory) with SyncWrites on,
// so an acknowledged write survives a crash either way.
func Open(o Options) (*DB, error) {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	db := &DB{log: o.Logger, lane: newWriteLane(), retries: conflictRetries}
	if o.DatabaseURL != "" {
		eng, err := openPostgres(o.DatabaseURL, o.Logger)
		if err != nil {
			return nil, err
		}
		db.eng, db.retries = eng, sharedConflictRetries
		return db, nil
	}
	eng, err := openBadger(o)
	if err != nil {
		return nil, err
	}
	db.eng = eng
	if !o.InMemory {
		db.space = &spaceGuard{dir: o.Dir, minFree: o.MinFreeBytes, free: statfsFree}
		if db.space.minFree == 0 {
			db.space.minFree = DefaultMinFreeBytes
		}
	}
	return db, nil
}

// Close flushes and closes the database.
func (d *DB) Close() error { return d.eng.close() }

// CollectGarbage reclaims the space of deleted and expired keys: Badger
// rewrites value-log files, PostgreSQL deletes expired rows.
func (d *DB) CollectGarbage() { d.eng.collectGarbage() }

// Update runs fn in a read-write transaction, re-running it when it lost a
// race. Functions fn registered with AfterCommit run once, after the commit
// that made its writes durable; an attempt that failed or was re-run drops
// its own.
//
// When the disk is nearly full it returns ErrStorageFull without running fn.
func (d *DB) Update(fn func(*Txn) error) error {
	if err := d.space.check(); err != nil {
		return err
	}
	var err error
	giveUpAt := time.Now().Add(conflictDeadline)
	// tries counts the attempts that ran as the lane meant them to: one that
	// waited out its turn and ran beside the others (overload) does not use one up.
	for attempt, tries := 0, 0; tries < d.retries && (attempt == 0 || time.Now().Before(giveUpAt)); attempt++ {
		if attempt > 0 {
			time.Sleep(conflictBackoff(min(attempt, tries+1)))
		}
		leave, admitted := d.lane.enter(attempt > 0)
		if admitted {
			tries++
		}
		var tx *Txn
		err = d.eng.update(func(t kv) error {
			tx = &Txn{t: t}
			return fn(tx)
		})
		leave()
		if err == nil {
			tx.runAfterCommit()
			return nil
		}
		if !errors.Is(err, errConflict) {
			return storageError(err)
		}
	}
	return errors.Join(ErrBusy, fmt.Errorf("store: update kept conflicting: %w", err))
}

// ErrBusy answers a write that kept losing races with other writers (on
// PostgreSQL, often writers on other replicas) until its re-runs ran out:
// nothing was saved, and the same write can succeed a moment later, so
// callers answer 503 with Retry-After (a sync push: try again) rather than
// an internal error.
var ErrBusy = &apperr.Error{Kind: apperr.Unavailable, Code: "STORE_BUSY", RetryAfter: time.Second,
	Message: "Many changes arrived at once and this one was not saved. Please try again."}

// conflictBackoff is a random wait below a ceiling that doubles with each retry
// (1 ms, 2 ms, … up to conflictBackoffCap). Writers that collided retry at
// different moments rather than in lockstep, and a burst of dozens on one key
// drains within the retries.
func conflictBackoff(retry int) time.Duration {
	ceiling := conflictBackoffCap
	if retry <= 6 {
		ceiling = min(ceiling, time.Millisecond<<(retry-1))
	}
	return time.Duration(rand.Int64N(int64(ceiling))) //nolint:gosec // G404: retry jitter needs spread, not secrecy
}

// View runs fn in a read-only transaction.
func (d *DB) View(fn func(*Txn) error) error {
	return d.eng.view(func(t kv) error { return fn(&Txn{t: t}) })
}

// Txn is one transaction with JSON helpers.
type Txn struct {
	t     kv
	after []func()
}

// AfterCommit runs fn once the transaction has committed (in Update; a View
// never commits, so there it is never run). Events announcing a write are
// published from here: a listener that reacts by reading must find the write.
func (x *Txn) AfterCommit(fn func()) { x.after = append(x.after, fn) }

func (x *Txn) runAfterCommit() {
	for _, fn := range x.after {
		fn()
	}
}

// Get returns the raw value at key, or ErrNotFound.
func (x *Txn) Get(key []byte) ([]byte, error) { return x.t.get(key) }

// GetMany returns the values of those keys that exist, by key (as a
// string); a missing key is not an error. PostgreSQL reads them in one
// statement where Get would be a round trip each (a pull's page of
// recordings).
func (x *Txn) GetMany(keys [][]byte) (map[string][]byte, error) { return x.t.getMany(keys) }

// GetJSON decodes the value at key into v.
func (x *Txn) GetJSON(key []byte, v any) error {
	b, err := x.Get(key)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// ValueSize is the size of the value at key, without reading it (0 and
// ErrNotFound when the key has none).
func (x *Txn) ValueSize(key []byte) (int64, error) { return x.t.valueSize(key) }

// Has reports whether key exists.
func (x *Txn) Has(key []byte) (bool, error) {
	_, err := x.t.valueSize(key)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// Set stores a raw value.
func (x *Txn) Set(key, value []byte) error { return x.t.set(key, value, 0) }

// SetJSON stores v encoded as JSON.
func (x *Txn) SetJSON(key []byte, v any) error { return x.SetJSONTTL(key, v, 0) }

// SetJSONTTL stores v encoded as JSON, dropped by the store itself after ttl
// (sign-in tokens and flows, which must expire even if nobody reads them).
func (x *Txn) SetJSONTTL(key []byte, v any, ttl time.Duration) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return x.t.set(key, b, ttl)
}

// SetTTL stores a raw value, dropped by the store itself after ttl (the relay's cached answers).
func (x *Txn) SetTTL(key, value []byte, ttl time.Duration) error { return x.t.set(key, value, ttl) }

// ExpiresAt is when a value stored with a TTL is dropped, in Unix seconds
// (0: never).
func (x *Txn) ExpiresAt(key []byte) (uint64, error) { return x.t.expiresAt(key) }

// Delete removes key; deleting a missing key is not an error.
func (x *Txn) Delete(key []byte) error { return x.t.delete(key) }

// Scan visits keys under prefix in order (or reverse order), starting at from when
// it is set (from itself included). fn returns false to stop.
//
// A reverse scan without from starts at prefix+0xFF on Badger (its idiom), so it
// would miss a longer key whose byte after the prefix is 0xFF. The schema never
// writes one: UTF-8 text has no 0xFF byte, and I64/U64 values begin with it only
// from 2^63-2^56 (I64) or 2^64-2^56 (U64) on, far beyond any time, duration or count.
//
// fn may read and write through the same transaction; whether a scan then meets
// keys fn wrote ahead of it differs between engines, so no caller relies on it.
func (x *Txn) Scan(prefix, from []byte, reverse, withValues bool, fn func(key, value []byte) (bool, error)) error {
	return x.t.scan(prefix, from, reverse, withValues, fn)
}

// Key joins parts with '/'. Parts must not contain '/' where order matters.
func Key(parts ...string) []byte {
	var b bytes.Buffer
	for i, p := range parts {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(p)
	}
	return b.Bytes()
}

// Prefix is Key with a trailing '/', for scanning everything below.
func Prefix(parts ...string) []byte { return append(Key(parts...), '/') }

// U64 encodes n big-endian so keys sort numerically.
func U64(n uint64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], n)
	return string(b[:])
}

// I64 encodes a signed number so that negative values sort before positive ones.
func I64(n int64) string { return U64(uint64(n) ^ (1 << 63)) } //nolint:gosec // G115: reinterpreting the bits is the encoding
