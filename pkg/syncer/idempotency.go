package syncer

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
	"unicode/utf8"

	"google.golang.org/protobuf/proto"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/store"
)

// IdempotencyTTL is how long a key's answer is kept: a device that comes
// back within it and resends is answered, not applied again.
const IdempotencyTTL = 48 * time.Hour

// MaxKeyLength bounds an idempotency key (a UUID is 36).
const MaxKeyLength = 128

var errKeyReused = apperr.New(apperr.Conflict, "IDEMPOTENCY_KEY_REUSED",
	"This change's key was already used for a different change")

// idemRecord is what a key answered. The entity's current state is not kept:
// a replay reads it afresh, so the device converges on today's version.
type idemRecord struct {
	Hash    []byte         `json:"h"`
	Outcome syncv1.Outcome `json:"o"`
	Code    string         `json:"c,omitempty"`
	Message string         `json:"m,omitempty"`
	Kind    changelog.Kind `json:"k,omitempty"`
	ID      string         `json:"id,omitempty"`
	Answer  string         `json:"a,omitempty"`
}

// idemKey hashes the device's key: it is theirs, of any characters.
func idemKey(uid, key string) []byte {
	sum := sha256.Sum256([]byte(key))
	return store.Key("idem", uid, hex.EncodeToString(sum[:]))
}

func checkKey(key string) error {
	if key == "" || len(key) > MaxKeyLength || !utf8.ValidString(key) {
		return apperr.New(apperr.Invalid, "INVALID_IDEMPOTENCY_KEY", "Every change needs an idempotency key of 1 to 128 characters")
	}
	return nil
}

// payloadHash identifies what the mutation asks for, whatever its key.
func payloadHash(m *syncv1.Mutation) ([]byte, error) {
	c := proto.CloneOf(m)
	c.IdempotencyKey = ""
	b, err := proto.MarshalOptions{Deterministic: true}.Marshal(c)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b)
	return sum[:], nil
}

// answer stores what the key answered and returns that answer.
func answer(x *store.Txn, ents Entities, uid, key string, rec idemRecord) (*syncv1.MutationResult, error) {
	if err := x.SetJSONTTL(idemKey(uid, key), rec, IdempotencyTTL); err != nil {
		return nil, err
	}
	return rec.result(x, ents, uid, key, false)
}

func loadIdem(x *store.Txn, uid, key string) (idemRecord, bool, error) {
	var rec idemRecord
	err := x.GetJSON(idemKey(uid, key), &rec)
	if errors.Is(err, store.ErrNotFound) {
		return rec, false, nil
	}
	return rec, err == nil, err
}

// replay answers a key seen before; the same key with another payload is
// refused (errKeyReused), never applied.
func replay(x *store.Txn, ents Entities, uid, key string, hash []byte) (*syncv1.MutationResult, bool, error) {
	rec, found, err := loadIdem(x, uid, key)
	if err != nil || !found {
		return nil, false, err
	}
	if !bytes.Equal(rec.Hash, hash) {
		return nil, false, errKeyReused
	}
	res, err := rec.result(x, ents, uid, key, true)
	return res, true, err
}

func (r idemRecord) result(x *store.Txn, ents Entities, uid, key string, replayed bool) (*syncv1.MutationResult, error) {
	res := &syncv1.MutationResult{
		IdempotencyKey: key, Outcome: r.Outcome, Replayed: replayed,
		ErrorCode: r.Code, ErrorMessage: r.Message, AnswerJson: r.Answer,
	}
	if r.ID == "" {
		return res, nil
	}
	cur, err := currentOf(x, ents, uid, r.Kind, r.ID)
	res.Current = cur
	return res, err
}
