//go:build postgres

// What only the PostgreSQL engine has: a schema that migrates, replicas that
// share it, rows that expire. make test runs these with -tags postgres
// against its own server (tools/postgres.sh); the tests every engine passes
// run there too (openMemory).
package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pocket-companion/pocket/tests/pgtest"
)

func openURL(t testing.TB, url string) *DB {
	t.Helper()
	db, err := Open(Options{DatabaseURL: url})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func sqlExec(t *testing.T, url, sql string, args ...any) pgx.Row {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close(ctx) })
	return conn.QueryRow(ctx, sql, args...)
}

func TestPostgres_ASchemaNewerThanTheBinaryIsRefusedWithAClearMessage(t *testing.T) {
	url := pgtest.SchemaURL(t)
	if err := openURL(t, url).Close(); err != nil {
		t.Fatal(err)
	}
	var version int
	if err := sqlExec(t, url, "update pocket_schema_version set version = version + 1 returning version").Scan(&version); err != nil {
		t.Fatal(err)
	}
	_, err := Open(Options{DatabaseURL: url})
	if err == nil || !strings.Contains(err.Error(), "newer than this pocket knows") {
		t.Fatalf("opening a schema at version %d: %v, want a refusal naming the newer schema", version, err)
	}
}

func TestPostgres_ReplicasStartingTogetherMigrateOnceAndAllOpen(t *testing.T) {
	url := pgtest.SchemaURL(t)
	const replicas = 4
	var wg sync.WaitGroup
	errs := make([]error, replicas)
	for i := range replicas {
		wg.Go(func() {
			db, err := Open(Options{DatabaseURL: url})
			if err == nil {
				err = db.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	var version, tables int
	if err := sqlExec(t, url, "select version from pocket_schema_version").Scan(&version); err != nil {
		t.Fatal(err)
	}
	if err := sqlExec(t, url, "select count(*) from pg_tables where tablename = 'kv' and schemaname = current_schema()").Scan(&tables); err != nil {
		t.Fatal(err)
	}
	files, _ := pgSchema.ReadDir("pgschema")
	if version != len(files) || tables != 1 {
		t.Fatalf("schema version %d (want %d), %d kv tables", version, len(files), tables)
	}
}

// Two replicas taking turns at one user's change-log head: every increment
// lands once, so sequence numbers stay gap-free under writers on different
// processes (each with its own write lane, so only the database orders them).
func TestPostgres_WritersOnTwoReplicasOfOneKeyAllLand(t *testing.T) {
	url := pgtest.SchemaURL(t)
	a, b := openURL(t, url), openURL(t, url)
	key := Key("chead", "u1")
	const writers, each = 8, 10
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failed []error
	for w := range writers {
		db := a
		if w%2 == 1 {
			db = b
		}
		wg.Go(func() {
			for range each {
				if err := db.Update(increment(key)); err != nil {
					mu.Lock()
					failed = append(failed, err)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	var n int
	mustView(t, b, func(x *Txn) error { return x.GetJSON(key, &n) })
	if len(failed) > 0 || n != writers*each {
		t.Fatalf("%d writes failed (%v); the counter is %d after %d writes", len(failed), errors.Join(failed...), n, writers*each)
	}
}

func TestPostgres_ExpiredKeysReadAsMissingAndAreDeleted(t *testing.T) {
	url := pgtest.SchemaURL(t)
	db := openURL(t, url)
	mustUpdate(t, db, func(x *Txn) error {
		if err := x.SetTTL(Key("t", "brief"), []byte("x"), time.Second); err != nil {
			return err
		}
		return x.Set(Key("t", "kept"), []byte("y"))
	})
	var at uint64
	mustView(t, db, func(x *Txn) (err error) { at, err = x.ExpiresAt(Key("t", "brief")); return err })
	if now := uint64(time.Now().Unix()); at < now || at > now+2 {
		t.Fatalf("expires at %d, now %d: want about a second ahead", at, now)
	}
	time.Sleep(time.Until(time.Unix(int64(at), 0)) + 100*time.Millisecond)
	var keys []string
	mustView(t, db, func(x *Txn) error {
		if _, err := x.Get(Key("t", "brief")); !errors.Is(err, ErrNotFound) {
			t.Errorf("expired key: %v, want ErrNotFound", err)
		}
		return x.Scan(Prefix("t"), nil, false, false, func(k, _ []byte) (bool, error) {
			keys = append(keys, string(k))
			return true, nil
		})
	})
	db.CollectGarbage()
	var rows int
	if err := sqlExec(t, url, "select count(*) from kv").Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if strings.Join(keys, " ") != "t/kept" || rows != 1 {
		t.Fatalf("scan found %v and %d rows remain after garbage collection; want only t/kept", keys, rows)
	}
}

// A view of one key is two round trips, where BEGIN, the read and COMMIT
// were three: BEGIN travels in the read's batch, then ROLLBACK ends it.
func TestPostgres_AViewOfOneKeyIsTwoRoundTrips(t *testing.T) {
	cfg, err := pgPoolConfig(pgtest.SchemaURL(t))
	if err != nil {
		t.Fatal(err)
	}
	cfg.MaxConns = 1 // every statement on one connection, counted below
	cfg.ShouldPing = func(context.Context, pgxpool.ShouldPingParams) bool { return false }
	var sends atomic.Int64
	cfg.ConnConfig.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		return countedWrites{c, &sends}, err
	}
	eng, err := openPool(cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	db := &DB{eng: eng, log: eng.log, lane: newWriteLane(), retries: sharedConflictRetries}
	t.Cleanup(func() { _ = db.Close() })
	key := Key("t", "k")
	mustUpdate(t, db, func(x *Txn) error { return x.Set(key, []byte("v")) })
	read := func() {
		t.Helper()
		mustView(t, db, func(x *Txn) error {
			v, err := x.Get(key)
			if err == nil && string(v) != "v" {
				err = fmt.Errorf("read %q, want v", v)
			}
			return err
		})
	}
	read() // the first use of each statement prepares it
	before := sends.Load()
	read()
	if n := sends.Load() - before; n != 2 {
		t.Fatalf("the view sent %d times; want 2 (BEGIN with the read, then ROLLBACK)", n)
	}
	mustView(t, db, func(*Txn) error { return nil })
	if n := sends.Load() - before; n != 2 {
		t.Fatalf("a view that reads nothing sent %d times; want none", n-2)
	}
}

// countedWrites counts what the client sends: pgx writes each batch or
// statement's messages at once, so a write is a round trip's request.
type countedWrites struct {
	net.Conn
	n *atomic.Int64
}

func (c countedWrites) Write(b []byte) (int, error) {
	c.n.Add(1)
	return c.Conn.Write(b)
}

// What a cached dashboard page costs the store: a view of one key, by one
// reader at a time and by 4×GOMAXPROCS at once (docs/benchmarks.md, Stores).
func BenchmarkPostgres_ViewOfOneKey(b *testing.B) {
	db := openURL(b, pgtest.SchemaURL(b))
	key := Key("chead", "u1")
	if err := db.Update(func(x *Txn) error { return x.Set(key, []byte("head")) }); err != nil {
		b.Fatal(err)
	}
	view := func() error { return db.View(func(x *Txn) error { _, err := x.Get(key); return err }) }
	b.Run("serial", func(b *testing.B) {
		for b.Loop() {
			if err := view(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("parallel", func(b *testing.B) {
		b.SetParallelism(4)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if err := view(); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}
