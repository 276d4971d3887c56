package storemigrate

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/store"
)

// perUser are the key prefixes whose second part is the owner's uid (the
// key schema in pkg/store; ADR 6). user/id/<uid> names it third.
var perUser = map[string]bool{
	"rec": true, "ritem": true, "ridx": true, "term": true, "person": true, "unnamed": true, "rview": true,
	"sum": true, "folder": true, "fname": true, "shareby": true, "shareclip": true, "falias": true, "rsync": true, "chead": true,
	"clog": true, "clast": true, "cfloor": true, "idem": true, "push": true, "usage": true, "audio": true,
	"sgen": true, "mrec": true, "mfold": true, "mbase": true, "malias": true, "mtpl": true, "rcache": true,
}

// server is the group of keys that belong to no one user.
const server = "(shared)"

// owner is the uid a key belongs to, or server.
func owner(key []byte) string {
	parts := strings.SplitN(string(key), "/", 4)
	switch {
	case len(parts) >= 3 && parts[0] == "user" && parts[1] == "id":
		return parts[2]
	case len(parts) >= 2 && perUser[parts[0]]:
		return parts[1]
	}
	return server
}

// notCompared are the keys and prefixes compared leaves out.
var notCompared = [][]byte{[]byte("ablob/"), identity.StoredSigningKey, identity.StoredPepper, push.StoredKeysKey, store.CopyCursorKey}

// compared leaves out what one store keeps and the other does not in the
// same form: audio bytes (ablob/: compared by hash) and the server's keys
// (compared as keys), and what expires on its own (sign-in codes, tokens,
// idempotency records), which may lapse between the copy and the check.
func compared(x *store.Txn, key []byte) (bool, error) {
	for _, skip := range notCompared {
		if bytes.HasPrefix(key, skip) {
			return false, nil
		}
	}
	exp, err := x.ExpiresAt(key)
	return exp == 0, err
}

// Tally is one owner's keys: how many, and a hash of each key and value in order.
type Tally struct {
	keys int
	sum  hash.Hash
}

func (t *Tally) add(k, v []byte) {
	t.keys++
	var n [8]byte
	for _, b := range [][]byte{k, v} {
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		_, _ = t.sum.Write(n[:])
		_, _ = t.sum.Write(b)
	}
}

func (t *Tally) String() string {
	return fmt.Sprintf("%d keys, sha256 %s", t.keys, hex.EncodeToString(t.sum.Sum(nil))[:16])
}

// Checksums tallies a store's keys per owner.
func Checksums(db *store.DB) (map[string]*Tally, error) {
	all := map[string]*Tally{}
	err := db.View(func(x *store.Txn) error {
		return x.Scan(nil, nil, false, true, func(k, v []byte) (bool, error) {
			ok, err := compared(x, k)
			if !ok || err != nil {
				return err == nil, err
			}
			who := owner(k)
			if all[who] == nil {
				all[who] = &Tally{sum: sha256.New()}
			}
			all[who].add(k, v)
			return true, nil
		})
	})
	return all, err
}

// verify compares the two stores per owner, the target's audio with the
// hashes its metadata names, and the server's keys; it names every
// difference and fails if there is one.
func verify(src, dst *opened, soundCount int, out io.Writer) error {
	var problems []string
	before, err := Checksums(src.db)
	if err != nil {
		return err
	}
	after, err := Checksums(dst.db)
	if err != nil {
		return err
	}
	owners := map[string]bool{}
	for who := range before {
		owners[who] = true
	}
	for who := range after {
		owners[who] = true
	}
	keys := 0
	for _, who := range slices.Sorted(maps.Keys(owners)) {
		b, a := before[who], after[who]
		switch {
		case b == nil || a == nil:
			problems = append(problems, fmt.Sprintf("%s: kept on one side only", who))
		case b.String() != a.String():
			problems = append(problems, fmt.Sprintf("%s: source %s, target %s", who, b, a))
		default:
			keys += b.keys
		}
	}
	all, err := sounds(dst.db)
	if err != nil {
		return err
	}
	for _, s := range all {
		if !holds(dst.files, s) {
			problems = append(problems, fmt.Sprintf("%s: the audio of %s is missing or differs", s.uid, s.id))
		}
	}
	if err := sameServerKeys(src, dst); err != nil {
		problems = append(problems, err.Error())
	}
	if len(problems) > 0 {
		return fmt.Errorf("the stores differ:\n  %s", strings.Join(problems, "\n  "))
	}
	_, _ = fmt.Fprintf(out, "verified: %d users and the shared keys, %d keys, %d recordings' audio, the server's keys: counts and checksums equal\n",
		len(owners)-boolInt(owners[server]), keys, soundCount)
	return nil
}

func sameServerKeys(src, dst *opened) error {
	a, err := readServerKeys(src)
	if err != nil {
		return err
	}
	b, err := readServerKeys(dst)
	if err != nil {
		return err
	}
	sameSecrets := (a.secrets == nil) == (b.secrets == nil) &&
		(a.secrets == nil || (a.secrets.SigningKey.Equal(b.secrets.SigningKey) && bytes.Equal(a.secrets.OTPPepper, b.secrets.OTPPepper)))
	sameVAPID := (a.vapid == nil) == (b.vapid == nil) && (a.vapid == nil || *a.vapid == *b.vapid)
	if !sameSecrets || !sameVAPID {
		return errors.New("the server's keys differ")
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
