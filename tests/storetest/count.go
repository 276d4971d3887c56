package storetest

import (
	"testing"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Count is how many keys db holds under prefix (e.g. to check that a call
// stored nothing, or that a sweep left nothing behind).
func Count(tb testing.TB, db *store.DB, prefix []byte) int {
	tb.Helper()
	n := 0
	err := db.View(func(x *store.Txn) error {
		return x.Scan(prefix, nil, false, false, func(_, _ []byte) (bool, error) {
			n++
			return true, nil
		})
	})
	if err != nil {
		tb.Fatal(err)
	}
	return n
}
