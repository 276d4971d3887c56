package store

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/dgraph-io/badger/v4"
)

// bulkLevelZeroTables is how many level-0 tables a bulk load leaves
// uncompacted (Badger's default is 5; it stalls writes 10 tables later). An
// import of 10,000 recordings flushes 6.
const bulkLevelZeroTables = 20

// badgerEngine keeps the keys in one Badger directory: no setup, one machine.
type badgerEngine struct{ bdb *badger.DB }

func openBadger(o Options) (*badgerEngine, error) {
	opts := badger.DefaultOptions(o.Dir).
		WithSyncWrites(true).
		WithLogger(badgerLogger{o.Logger}).
		WithNumVersionsToKeep(1).
		WithValueLogFileSize(64 << 20)
	if o.InMemory {
		opts = opts.WithInMemory(true).WithDir("").WithValueDir("")
	}
	if o.Bulk {
		opts = opts.WithMemTableSize(32 << 20).WithNumMemtables(2).WithBlockCacheSize(32 << 20).
			WithNumLevelZeroTables(bulkLevelZeroTables).WithNumLevelZeroTablesStall(bulkLevelZeroTables + 10)
	}
	bdb, err := badger.Open(opts)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", o.Dir, err)
	}
	return &badgerEngine{bdb: bdb}, nil
}

func (e *badgerEngine) close() error { return e.bdb.Close() }

// collectGarbage rewrites value-log files until Badger finds nothing worth rewriting.
func (e *badgerEngine) collectGarbage() {
	for range 16 {
		if err := e.bdb.RunValueLogGC(0.5); err != nil {
			return
		}
	}
}

func (e *badgerEngine) update(fn func(kv) error) error {
	err := e.bdb.Update(func(t *badger.Txn) error { return fn(badgerTxn{t}) })
	if errors.Is(err, badger.ErrConflict) {
		return errors.Join(errConflict, err)
	}
	return err
}

func (e *badgerEngine) view(fn func(kv) error) error {
	return e.bdb.View(func(t *badger.Txn) error { return fn(badgerTxn{t}) })
}

type badgerTxn struct{ t *badger.Txn }

func (x badgerTxn) item(key []byte) (*badger.Item, error) {
	item, err := x.t.Get(key)
	if errors.Is(err, badger.ErrKeyNotFound) {
		return nil, ErrNotFound
	}
	return item, err
}

func (x badgerTxn) get(key []byte) ([]byte, error) {
	item, err := x.item(key)
	if err != nil {
		return nil, err
	}
	return item.ValueCopy(nil)
}

func (x badgerTxn) getMany(keys [][]byte) (map[string][]byte, error) {
	values := make(map[string][]byte, len(keys))
	for _, k := range keys {
		v, err := x.get(k)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		values[string(k)] = v
	}
	return values, nil
}

func (x badgerTxn) valueSize(key []byte) (int64, error) {
	item, err := x.item(key)
	if err != nil {
		return 0, err
	}
	return item.ValueSize(), nil
}

func (x badgerTxn) expiresAt(key []byte) (uint64, error) {
	item, err := x.item(key)
	if err != nil {
		return 0, err
	}
	return item.ExpiresAt(), nil
}

func (x badgerTxn) set(key, value []byte, ttl time.Duration) error {
	if ttl == 0 {
		return x.t.Set(key, value)
	}
	return x.t.SetEntry(badger.NewEntry(key, value).WithTTL(ttl))
}

func (x badgerTxn) delete(key []byte) error { return x.t.Delete(key) }

func (x badgerTxn) scan(prefix, from []byte, reverse, withValues bool, fn func(key, value []byte) (bool, error)) error {
	opts := badger.DefaultIteratorOptions
	opts.Prefix = prefix
	opts.Reverse = reverse
	// No read-ahead of values: Badger would copy PrefetchSize (100) of them
	// per seek, while a dashboard page stops after 21. The callback copies
	// each value it reaches, so a whole scan does the same work either way.
	opts.PrefetchValues = false
	it := x.t.NewIterator(opts)
	defer it.Close()
	start := from
	if start == nil {
		start = prefix
		if reverse {
			start = append(bytes.Clone(prefix), 0xFF)
		}
	}
	for it.Seek(start); it.ValidForPrefix(prefix); it.Next() {
		item := it.Item()
		var value []byte
		if withValues {
			v, err := item.ValueCopy(nil)
			if err != nil {
				return err
			}
			value = v
		}
		more, err := fn(item.KeyCopy(nil), value)
		if err != nil || !more {
			return err
		}
	}
	return nil
}

type badgerLogger struct{ log *slog.Logger }

func (l badgerLogger) Errorf(f string, a ...any) {
	l.log.Error(fmt.Sprintf(f, a...), "component", "badger")
}
func (l badgerLogger) Warningf(f string, a ...any) {
	l.log.Warn(fmt.Sprintf(f, a...), "component", "badger")
}
func (l badgerLogger) Infof(string, ...any)  {}
func (l badgerLogger) Debugf(string, ...any) {}
