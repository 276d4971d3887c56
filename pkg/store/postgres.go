package store

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/tern/v2/migrate"
)

// pgTxnTimeout bounds one attempt of a transaction, its statements and
// commit: a database that stops answering fails the request, not the process.
const pgTxnTimeout = 30 * time.Second

// pgDefaultMaxConns is the pool's size unless the URL names one
// (pool_max_conns): a transaction holds a connection while it runs, and
// pgx's default (4 on two cores) made writers queue behind readers.
const pgDefaultMaxConns = 16

// pgFirstPage and pgMaxPage bound the rows a scan fetches at a time: a
// dashboard page stops after 21 keys, a whole-prefix scan reads thousands, so
// pages start small and grow.
const (
	pgFirstPage = 32
	pgMaxPage   = 1024
)

// pgVersionTable holds the schema's version; tern's migrator takes an
// advisory lock, so replicas starting together migrate once.
const pgVersionTable = "pocket_schema_version"

//go:embed pgschema/*.sql
var pgSchema embed.FS

// pgEngine keeps the keys in one PostgreSQL table that every replica shares.
// Writes run SERIALIZABLE, so a transaction that read what another changed
// fails and is re-run, as Badger's optimistic transactions are.
type pgEngine struct {
	pool *pgxpool.Pool
	log  *slog.Logger
}

func openPostgres(url string, log *slog.Logger) (*pgEngine, error) {
	cfg, err := pgPoolConfig(url)
	if err != nil {
		return nil, err
	}
	return openPool(cfg, log)
}

func pgPoolConfig(url string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: POCKET_DATABASE_URL: %w", err)
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = pgDefaultMaxConns
	}
	return cfg, nil
}

func openPool(cfg *pgxpool.Config, log *slog.Logger) (*pgEngine, error) {
	ctx, cancel := context.WithTimeout(context.Background(), pgTxnTimeout)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: connect to PostgreSQL: %w", err)
	}
	if err := migrateSchema(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	return &pgEngine{pool: pool, log: log}, nil
}

// migrateSchema brings the database's tables up to this binary's version,
// and refuses one migrated by a newer binary: its tables may hold what this
// one would misread.
func migrateSchema(ctx context.Context, pool *pgxpool.Pool) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("store: connect to PostgreSQL: %w", err)
	}
	defer conn.Release()
	m, err := migrate.NewMigrator(ctx, conn.Conn(), pgVersionTable)
	if err != nil {
		return fmt.Errorf("store: prepare the schema: %w", err)
	}
	files, err := fs.Sub(pgSchema, "pgschema")
	if err != nil {
		return err
	}
	if err := m.LoadMigrations(files); err != nil {
		return fmt.Errorf("store: load the schema's migrations: %w", err)
	}
	known := int32(len(m.Migrations)) //nolint:gosec // G115: a handful of files
	current, err := m.GetCurrentVersion(ctx)
	if err != nil {
		return fmt.Errorf("store: read the schema's version: %w", err)
	}
	if current > known {
		return fmt.Errorf("store: the database's schema is at version %d, newer than this pocket knows (%d): "+
			"run the pocket release that migrated it, or a later one", current, known)
	}
	if err := m.Migrate(ctx); err != nil {
		return fmt.Errorf("store: migrate the schema from version %d to %d: %w", current, known, err)
	}
	return nil
}

func (e *pgEngine) close() error {
	e.pool.Close()
	return nil
}

// collectGarbage deletes the rows whose TTL has run out (reads already skip them).
func (e *pgEngine) collectGarbage() {
	ctx, cancel := context.WithTimeout(context.Background(), pgTxnTimeout)
	defer cancel()
	if _, err := e.pool.Exec(ctx, "delete from kv where exp <= $1", time.Now().Unix()); err != nil {
		e.log.Warn("store: delete expired keys", "err", err)
	}
}

func (e *pgEngine) update(fn func(kv) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), pgTxnTimeout)
	defer cancel()
	x := &pgTxn{ctx: ctx, pool: e.pool, opts: pgx.TxOptions{IsoLevel: pgx.Serializable}}
	err := fn(x)
	if err == nil {
		err = x.flush()
	}
	if err == nil && x.tx != nil {
		err = x.tx.Commit(ctx)
	}
	if err == nil {
		return nil
	}
	if x.tx != nil {
		_ = x.tx.Rollback(ctx)
	}
	return x.failed(err)
}

// view reads one snapshot, as a Badger read transaction does. Its BEGIN goes
// with its first read (PostgreSQL takes the snapshot at that read anyway),
// so a view of one key is two round trips, the read and the ROLLBACK.
// Leaving the ROLLBACK to a goroutine (one round trip for the caller) was
// slower on two shared cores: the next view could not reuse the connection
// (ADR 7, amended 2026-12-02).
func (e *pgEngine) view(fn func(kv) error) error {
	ctx, cancel := context.WithTimeout(context.Background(), pgTxnTimeout)
	defer cancel()
	x := &pgTxn{ctx: ctx, pool: e.pool, opts: pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}}
	err := fn(x)
	if err == nil {
		err = x.flush() // a write in a view: PostgreSQL refuses it, as Badger does
	}
	if x.tx != nil {
		// A read-only transaction has nothing to commit; its end frees the connection.
		if endErr := x.tx.Rollback(ctx); endErr != nil && !errors.Is(endErr, pgx.ErrTxClosed) {
			e.log.Warn("store: end a read-only transaction", "err", endErr) // pgx closes the connection
		}
	}
	if err == nil {
		return nil
	}
	return x.failed(err)
}

// classify marks the errors DB.Update re-runs (a serialization failure or a
// deadlock: another writer won) and the one it reports as a full disk.
func classify(err error) error {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return err
	}
	switch pgErr.Code {
	case "40001", "40P01":
		return errors.Join(errConflict, err)
	case "53100":
		return errors.Join(ErrStorageFull, err)
	}
	return err
}

// pgTxn is one attempt. Its transaction begins with its first statement, in
// the same batch. Writes are held and sent together, with the next read or
// at commit (one round trip), so the transaction reads its own writes.
type pgTxn struct {
	ctx        context.Context
	pool       *pgxpool.Pool
	opts       pgx.TxOptions
	tx         pgx.Tx // nil until the first statement is sent
	pending    pgx.Batch
	conflicted bool
}

// failed is the attempt's error as DB reads it: a conflict when a statement
// lost to another writer, though fn may have turned that error into its own.
func (x *pgTxn) failed(err error) error {
	if x.conflicted {
		return errors.Join(errConflict, err)
	}
	return classify(err)
}

// check records whether a statement failed because another writer won.
func (x *pgTxn) check(err error) error {
	if err == nil {
		return nil
	}
	err = classify(err)
	if errors.Is(err, errConflict) {
		x.conflicted = true
	}
	return err
}

// send sends the held writes and then read (a statement, or "" for none) in
// one batch, beginning the transaction in it if no statement has been sent
// yet. It returns the batch with the writes' results consumed, so the next
// result is read's; the caller closes it.
func (x *pgTxn) send(read string, args ...any) (pgx.BatchResults, error) {
	var b pgx.Batch
	skip := x.pending.Len()
	if x.tx == nil {
		b.BeginTx(x.opts)
		skip++
	}
	b.QueuedQueries = append(b.QueuedQueries, x.pending.QueuedQueries...)
	x.pending = pgx.Batch{}
	if read != "" {
		b.Queue(read, args...)
	}
	var br pgx.BatchResults
	if x.tx == nil {
		br = x.pool.SendBatch(x.ctx, &b)
		x.tx = br.Tx() // rolled back by run when anything failed, which also frees the connection
	} else {
		br = x.tx.SendBatch(x.ctx, &b)
	}
	for range skip {
		if _, err := br.Exec(); err != nil {
			_ = br.Close()
			return nil, x.check(err)
		}
	}
	return br, nil
}

func (x *pgTxn) flush() error {
	if x.pending.Len() == 0 {
		return nil
	}
	br, err := x.send("")
	if err != nil {
		return err
	}
	return x.check(br.Close())
}

// row reads one live key's column (missing and expired keys: ErrNotFound).
func (x *pgTxn) row(column string, key []byte, dest any) error {
	br, err := x.send("select "+column+" from kv where k = $1 and (exp is null or exp > $2)", key, time.Now().Unix())
	if err != nil {
		return err
	}
	err = br.QueryRow().Scan(dest)
	if closeErr := br.Close(); closeErr != nil {
		return x.check(closeErr)
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return x.check(err)
}

func (x *pgTxn) get(key []byte) ([]byte, error) {
	var v []byte
	err := x.row("v", key, &v)
	return v, err
}

func (x *pgTxn) getMany(keys [][]byte) (map[string][]byte, error) {
	values := make(map[string][]byte, len(keys))
	if len(keys) == 0 {
		return values, nil
	}
	pairs, err := x.query("select k, v from kv where k = any($1) and (exp is null or exp > $2)",
		true, len(keys), keys, time.Now().Unix())
	for _, p := range pairs {
		values[string(p.k)] = p.v
	}
	return values, err
}

func (x *pgTxn) valueSize(key []byte) (int64, error) {
	var n int64
	err := x.row("octet_length(v)::int8", key, &n)
	return n, err
}

func (x *pgTxn) expiresAt(key []byte) (uint64, error) {
	var exp int64
	err := x.row("coalesce(exp, 0)", key, &exp)
	return uint64(exp), err //nolint:gosec // G115: Unix seconds of a future time
}

func (x *pgTxn) set(key, value []byte, ttl time.Duration) error {
	var exp *int64
	if ttl > 0 {
		at := time.Now().Add(ttl).Unix()
		exp = &at
	}
	x.pending.Queue("insert into kv (k, v, exp) values ($1, $2, $3) on conflict (k) do update set v = excluded.v, exp = excluded.exp",
		bytes.Clone(key), append([]byte{}, value...), exp) // never NULL: an empty value is a value
	return nil
}

func (x *pgTxn) delete(key []byte) error {
	x.pending.Queue("delete from kv where k = $1", bytes.Clone(key))
	return nil
}

func (x *pgTxn) scan(prefix, from []byte, reverse, withValues bool, fn func(key, value []byte) (bool, error)) error {
	page := pgScan{prefix: prefix, end: prefixEnd(prefix), reverse: reverse, withValues: withValues, at: from, inclusive: true}
	for size := pgFirstPage; ; size = min(size*4, pgMaxPage) {
		pairs, err := x.fetch(&page, size)
		if err != nil {
			return err
		}
		for _, p := range pairs {
			if more, err := fn(p.k, p.v); err != nil || !more {
				return err
			}
		}
		if len(pairs) < size {
			return nil
		}
		page.at, page.inclusive = pairs[len(pairs)-1].k, false
	}
}

// pgScan is where a paged scan stands: the next page starts at (or, once a
// page was read, after) at.
type pgScan struct {
	prefix, end         []byte // end: the first key past the prefix (nil: none)
	at                  []byte // nil on the first page of a scan without from
	reverse, withValues bool
	inclusive           bool
}

type pair struct{ k, v []byte }

// fetch reads the next page whole, so fn may use the transaction between pages.
func (x *pgTxn) fetch(s *pgScan, size int) ([]pair, error) {
	sql, args := s.query(size)
	return x.query(sql, s.withValues, size, args...)
}

// query reads the rows of sql (key, and value if withValues; about size of
// them) whole.
func (x *pgTxn) query(sql string, withValues bool, size int, args ...any) ([]pair, error) {
	br, err := x.send(sql, args...)
	if err != nil {
		return nil, err
	}
	pairs, err := readPairs(br, withValues, size)
	if closeErr := br.Close(); err == nil {
		err = closeErr
	}
	return pairs, x.check(err)
}

func readPairs(br pgx.BatchResults, withValues bool, size int) ([]pair, error) {
	rows, err := br.Query()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	pairs := make([]pair, 0, size)
	for rows.Next() {
		var p pair
		dest := []any{&p.k}
		if withValues {
			dest = append(dest, &p.v)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		pairs = append(pairs, p)
	}
	return pairs, rows.Err()
}

// query is the statement for one page: keys under the prefix, live, past the
// cursor, in the scan's order.
func (s *pgScan) query(size int) (string, []any) {
	cols := "k"
	if s.withValues {
		cols = "k, v"
	}
	args := []any{time.Now().Unix(), size}
	where := []string{"(exp is null or exp > $1)"}
	bound := func(op string, key []byte) {
		if key == nil {
			key = []byte{} // nil would be NULL, which no key is above
		}
		args = append(args, key)
		where = append(where, fmt.Sprintf("k %s $%d", op, len(args)))
	}
	lowOp, highOp := ">=", "<"
	if s.reverse {
		bound(">=", s.prefix)
		switch {
		case s.at != nil && s.inclusive:
			highOp = "<="
			bound(highOp, s.at)
		case s.at != nil:
			bound(highOp, s.at)
		case s.end != nil:
			bound(highOp, s.end)
		}
		return fmt.Sprintf("select %s from kv where %s order by k desc limit $2", cols, strings.Join(where, " and ")), args
	}
	switch {
	case s.at == nil || bytes.Compare(s.at, s.prefix) < 0:
		bound(lowOp, s.prefix)
	case s.inclusive:
		bound(lowOp, s.at)
	default:
		bound(">", s.at)
	}
	if s.end != nil {
		bound(highOp, s.end)
	}
	return fmt.Sprintf("select %s from kv where %s order by k limit $2", cols, strings.Join(where, " and ")), args
}

// prefixEnd is the first key after every key that starts with prefix (nil
// when there is none: an empty prefix or one of 0xFF bytes only).
func prefixEnd(prefix []byte) []byte {
	end := bytes.Clone(prefix)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xFF {
			end[i]++
			return end[:i+1]
		}
	}
	return nil
}
