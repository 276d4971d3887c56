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

func openURL(t *testing.T, url string) *DB {
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

// A view of one key costs its caller one round trip: BEGIN travels with the
// read, and the view returns before its ROLLBACK is even sent (held here
// until the view has returned), which then frees the connection.
func TestPostgres_AViewOfOneKeyIsOneRoundTrip(t *testing.T) {
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
	held := make(chan struct{})
	cfg.ConnConfig.Tracer = holdRollbacks{held}
	eng, err := openPool(cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	db := &DB{eng: eng, log: eng.log, lane: newWriteLane()}
	t.Cleanup(func() { _ = db.Close() })
	t.Cleanup(func() { close(held) }) // first: a failed test's held ROLLBACK may go, so Close returns
	key := Key("t", "k")
	mustUpdate(t, db, func(x *Txn) error { return x.Set(key, []byte("v")) })
	read := func() <-chan error {
		done := make(chan error, 1)
		go func() {
			done <- db.View(func(x *Txn) error {
				v, err := x.Get(key)
				if err == nil && string(v) != "v" {
					err = fmt.Errorf("read %q, want v", v)
				}
				return err
			})
		}()
		return done
	}
	viewed := func(done <-chan error) {
		t.Helper()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the view waited for its ROLLBACK")
		}
	}
	idle := func() {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); eng.pool.Stat().AcquiredConns() > 0; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the view's connection was not handed back")
			}
		}
	}
	viewed(read()) // the first use of each statement prepares it
	held <- struct{}{}
	idle()

	before := sends.Load()
	viewed(read())
	if n := sends.Load() - before; n != 1 {
		t.Fatalf("the view sent %d times before answering; want once (BEGIN and the read together)", n)
	}
	held <- struct{}{}
	idle()
	if n := sends.Load() - before; n != 2 {
		t.Fatalf("the view and its end sent %d times; want 2 (then the ROLLBACK)", n)
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

// holdRollbacks keeps each ROLLBACK from being sent until the test lets it.
type holdRollbacks struct{ release <-chan struct{} }

func (h holdRollbacks) TraceQueryStart(ctx context.Context, _ *pgx.Conn, q pgx.TraceQueryStartData) context.Context {
	if q.SQL == "rollback" {
		<-h.release
	}
	return ctx
}

func (holdRollbacks) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}
