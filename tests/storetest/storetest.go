// Package storetest opens stores for tests: an in-memory Badger that goes
// away with the test, or, when POCKET_TEST_DATABASE_URL is set, a PostgreSQL
// schema of the test's own (tests/pgtest). Either way no test sees another's
// keys or leaves anything behind.
package storetest

import (
	"testing"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/pgtest"
)

// Open opens an empty store, closed when the test ends.
func Open(tb testing.TB) *store.DB {
	tb.Helper()
	opts := store.Options{InMemory: true}
	if pgtest.Enabled() {
		opts = store.Options{DatabaseURL: pgtest.SchemaURL(tb)}
	}
	db, err := store.Open(opts)
	if err != nil {
		tb.Fatalf("open a store: %v", err)
	}
	tb.Cleanup(func() { _ = db.Close() })
	return db
}
