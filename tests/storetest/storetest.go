// Package storetest opens stores for tests: an in-memory Badger that goes
// away with the test, so no test sees another's keys or leaves files behind.
package storetest

import (
	"testing"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Memory opens an empty in-memory store, closed when the test ends.
func Memory(tb testing.TB) *store.DB {
	tb.Helper()
	db, err := store.Open(store.Options{InMemory: true})
	if err != nil {
		tb.Fatalf("open in-memory store: %v", err)
	}
	tb.Cleanup(func() { _ = db.Close() })
	return db
}
