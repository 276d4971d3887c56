package share

import (
	"encoding/json"

	"github.com/pocket-companion/pocket/pkg/store"
)

// migrateBatch bounds one transaction of the migration (Badger caps a
// transaction's size; each link is three writes).
const migrateBatch = 500

// HashStoredTokens rewrites links stored before tokens were hashed (keyed by
// the raw token, token inside) into the hashed form, and drops the old keys.
// It is idempotent and returns how many links it rewrote.
func HashStoredTokens(db *store.DB) (int, error) {
	total := 0
	for {
		n, err := hashSome(db)
		total += n
		if err != nil || n < migrateBatch {
			return total, err
		}
	}
}

func hashSome(db *store.DB) (int, error) {
	n := 0
	err := db.Update(func(x *store.Txn) error {
		n = 0
		var old []stored
		err := x.Scan(store.Prefix("share"), nil, false, true, func(_, v []byte) (bool, error) {
			var st stored
			if err := json.Unmarshal(v, &st); err != nil {
				return false, err
			}
			if st.Token != "" {
				old = append(old, st)
			}
			return len(old) < migrateBatch, nil
		})
		if err != nil {
			return err
		}
		for _, st := range old {
			if err := rehash(x, st); err != nil {
				return err
			}
		}
		n = len(old)
		return nil
	})
	return n, err
}

func rehash(x *store.Txn, st stored) error {
	token := st.Token
	if err := x.Delete(linkKey(token)); err != nil {
		return err
	}
	if err := x.Delete(store.Key("shareby", st.Owner, st.RecordingID, token)); err != nil {
		return err
	}
	st.ID, st.Hint = LinkID(token), hintOf(token)
	return putLink(x, st)
}
