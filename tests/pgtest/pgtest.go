// Package pgtest gives a test a PostgreSQL schema of its own when
// POCKET_TEST_DATABASE_URL names a database (make test starts one: tools/postgres.sh),
// so the store-facing tests run on PostgreSQL as well as on Badger, none
// seeing another's keys.
package pgtest

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// EnvURL names the database the store-facing tests use instead of Badger.
const EnvURL = "POCKET_TEST_DATABASE_URL"

// Enabled reports whether the tests run on PostgreSQL.
func Enabled() bool { return os.Getenv(EnvURL) != "" }

// SchemaURL creates an empty schema, dropped when the test ends (after
// whatever the test closes later in its cleanups), and returns the database's
// URL with that schema first on the search path.
func SchemaURL(tb testing.TB) string {
	tb.Helper()
	base := os.Getenv(EnvURL)
	if base == "" {
		tb.Fatalf("%s is not set", EnvURL)
	}
	schema := "t_" + rand.Text()[:16]
	exec(tb, base, "create schema "+schema)
	tb.Cleanup(func() { exec(tb, base, "drop schema "+schema+" cascade") })
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("%s: %v", EnvURL, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func exec(tb testing.TB, dsn, sql string) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		tb.Fatalf("connect to the test database: %v", err)
	}
	defer func() { _ = conn.Close(ctx) }()
	if _, err := conn.Exec(ctx, sql); err != nil {
		tb.Fatal(fmt.Errorf("%s: %w", sql, err))
	}
}
