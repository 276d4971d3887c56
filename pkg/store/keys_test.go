package store

import (
	"encoding/binary"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/tests/pgtest"
)

func TestKey_JoinsPartsAndPrefixEndsInASeparator(t *testing.T) {
	if got := string(Key("rec", "u1", "r1")); got != "rec/u1/r1" {
		t.Fatalf("Key = %q", got)
	}
	if got := string(Prefix("rec", "u1")); got != "rec/u1/" {
		t.Fatalf("Prefix = %q", got)
	}
}

// The dashboard's index keys embed I64 values (timestamps before 1970 are
// negative) and chat messages embed U64 sequence numbers: byte order must be
// numeric order or lists come back shuffled.
func TestNumberEncodings_SortLikeTheNumbers(t *testing.T) {
	t.Run("I64", func(t *testing.T) {
		ns := []int64{math.MinInt64, -1 << 40, -86_400_000, -256, -255, -1, 0, 1, 255, 256, 1 << 40, math.MaxInt64}
		for i := 1; i < len(ns); i++ {
			if a, b := I64(ns[i-1]), I64(ns[i]); len(a) != 8 || a >= b {
				t.Errorf("I64(%d)=%x does not sort before I64(%d)=%x", ns[i-1], a, ns[i], b)
			}
		}
	})
	t.Run("U64", func(t *testing.T) {
		ns := []uint64{0, 1, 255, 256, 65_535, 65_536, 1 << 32, 1 << 63, math.MaxUint64}
		for i := 1; i < len(ns); i++ {
			if a, b := U64(ns[i-1]), U64(ns[i]); len(a) != 8 || a >= b {
				t.Errorf("U64(%d)=%x does not sort before U64(%d)=%x", ns[i-1], a, ns[i], b)
			}
		}
	})
}

func TestScan_NumericKeysComeBackInNumericOrder(t *testing.T) {
	db := openMemory(t)
	shuffled := []int64{42, -7, 0, 1 << 50, -1 << 50, 3, -1}
	mustUpdate(t, db, func(x *Txn) error {
		for _, n := range shuffled {
			if err := x.Set(Key("n", I64(n)), nil); err != nil {
				return err
			}
		}
		return nil
	})
	want := slices.Sorted(slices.Values(shuffled))
	var got []int64
	mustView(t, db, func(x *Txn) error {
		return x.Scan(Prefix("n"), nil, false, false, func(k, _ []byte) (bool, error) {
			got = append(got, int64(binary.BigEndian.Uint64(k[len("n/"):])^(1<<63)))
			return true, nil
		})
	})
	if !slices.Equal(got, want) {
		t.Fatalf("scan order %v, want %v", got, want)
	}
}

// scanFixture holds keys on both sides of the "a/" boundary: "a" itself,
// "a0" ('0' follows '/'), and "ab/…", which shares the letter but not the prefix.
var scanFixture = []string{"a", "a/1", "a/2", "a/3", "a/4", "a0", "ab/1", "b/1"}

func TestScan_DirectionStartAndPrefixBoundaries(t *testing.T) {
	db := openMemory(t)
	mustUpdate(t, db, func(x *Txn) error {
		for _, k := range scanFixture {
			if err := x.Set([]byte(k), []byte("v:"+k)); err != nil {
				return err
			}
		}
		return nil
	})
	cases := []struct {
		name    string
		prefix  string
		from    string
		reverse bool
		limit   int
		want    string
	}{
		{name: "forward stays inside the prefix", prefix: "a/", want: "a/1 a/2 a/3 a/4"},
		{name: "reverse stays inside the prefix", prefix: "a/", reverse: true, want: "a/4 a/3 a/2 a/1"},
		{name: "from is included going forward", prefix: "a/", from: "a/2", want: "a/2 a/3 a/4"},
		{name: "from is included going back", prefix: "a/", from: "a/3", reverse: true, want: "a/3 a/2 a/1"},
		{name: "a missing from starts at the next key forward", prefix: "a/", from: "a/25", want: "a/3 a/4"},
		{name: "a missing from starts at the previous key back", prefix: "a/", from: "a/25", reverse: true, want: "a/2 a/1"},
		{name: "returning false stops the scan", prefix: "a/", limit: 2, want: "a/1 a/2"},
		{name: "ab/ is not under a/", prefix: "ab/", want: "ab/1"},
		{name: "an empty prefix holds nothing", prefix: "c/", want: ""},
		{name: "no prefix holds every key", want: strings.Join(scanFixture, " ")},
		{name: "no prefix, reverse", reverse: true, limit: 2, want: "b/1 ab/1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var prefix, from []byte // nil unless given, as callers pass them
			if tc.prefix != "" {
				prefix = []byte(tc.prefix)
			}
			if tc.from != "" {
				from = []byte(tc.from)
			}
			var got []string
			mustView(t, db, func(x *Txn) error {
				return x.Scan(prefix, from, tc.reverse, true, func(k, v []byte) (bool, error) {
					if string(v) != "v:"+string(k) {
						t.Errorf("value of %s is %q", k, v)
					}
					got = append(got, string(k))
					return tc.limit == 0 || len(got) < tc.limit, nil
				})
			})
			if s := strings.Join(got, " "); s != tc.want {
				t.Fatalf("got %q, want %q", s, tc.want)
			}
		})
	}
}

func TestScan_WithoutValuesHandsOutKeysOnly(t *testing.T) {
	db := openMemory(t)
	mustUpdate(t, db, func(x *Txn) error { return x.Set(Key("k", "1"), []byte("large value")) })
	mustView(t, db, func(x *Txn) error {
		return x.Scan(Prefix("k"), nil, false, false, func(k, v []byte) (bool, error) {
			if string(k) != "k/1" || v != nil {
				t.Fatalf("key %q value %q", k, v)
			}
			return true, nil
		})
	})
}

// openMemory opens an empty store: in-memory Badger, or a PostgreSQL schema of
// the test's own when POCKET_TEST_DATABASE_URL is set (tests/pgtest).
func openMemory(t *testing.T) *DB {
	t.Helper()
	opts := Options{InMemory: true}
	if pgtest.Enabled() {
		opts = Options{DatabaseURL: pgtest.SchemaURL(t)}
	}
	db, err := Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}

func mustUpdate(t *testing.T, db *DB, fn func(*Txn) error) {
	t.Helper()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

func mustView(t *testing.T, db *DB, fn func(*Txn) error) {
	t.Helper()
	if err := db.View(fn); err != nil {
		t.Fatal(err)
	}
}

// A scan longer than a page (PostgreSQL reads 32 keys, then 128, …) hands
// out every key once, in order, in both directions and from a key inside
// the range, while the callback writes through the same transaction.
func TestScan_ManyKeysComeBackOnceInOrderAcrossPages(t *testing.T) {
	db := openMemory(t)
	const n = 300
	keys := make([]string, n)
	for i := range keys {
		keys[i] = string(Key("p", U64(uint64(i))))
	}
	mustUpdate(t, db, func(x *Txn) error {
		for _, k := range keys {
			if err := x.Set([]byte(k), []byte(k)); err != nil {
				return err
			}
		}
		return nil
	})
	scan := func(from []byte, reverse bool) []string {
		var got []string
		mustUpdate(t, db, func(x *Txn) error {
			got = nil
			return x.Scan(Prefix("p"), from, reverse, true, func(k, v []byte) (bool, error) {
				if string(v) != string(k) {
					t.Errorf("value of %q is %q", k, v)
				}
				got = append(got, string(k))
				return true, x.Set(Key("seen", string(k)), nil) // outside the scanned prefix
			})
		})
		return got
	}
	reversed := slices.Clone(keys)
	slices.Reverse(reversed)
	mid := []byte(keys[150])
	for name, tc := range map[string]struct{ got, want []string }{
		"forward":      {scan(nil, false), keys},
		"reverse":      {scan(nil, true), reversed},
		"forward from": {scan(mid, false), keys[150:]},
		"reverse from": {scan(mid, true), reversed[n-151:]},
	} {
		if !slices.Equal(tc.got, tc.want) {
			t.Errorf("%s: %d keys, want %d in order", name, len(tc.got), len(tc.want))
		}
	}
}
