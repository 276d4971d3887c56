// Command synccommit measures this disk's synced-commit rate the way the
// store commits: Badger with SyncWrites (pkg/store's options), each commit
// holding -entries values of -bytes bytes. It is the baseline for `pocket
// import`: an import batch of N recordings is one such commit.
package main

import (
	"crypto/rand"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

func main() {
	dir := flag.String("dir", os.TempDir(), "directory on the disk to measure (a scratch database is made below it)")
	commits := flag.Int("commits", 80, "commits to make")
	entries := flag.Int("entries", 128, "values per commit")
	size := flag.Int("bytes", 8<<10, "bytes per value")
	flag.Parse()
	scratch, err := os.MkdirTemp(*dir, "synccommit")
	if err != nil {
		fail(err)
	}
	defer func() { _ = os.RemoveAll(scratch) }() // scratch space: a leftover is harmless
	db, err := store.Open(store.Options{Dir: scratch})
	if err != nil {
		fail(err)
	}
	defer func() { _ = db.Close() }() // the scratch store is thrown away
	value := make([]byte, *size)
	start := time.Now()
	for c := 0; c < *commits; c++ {
		err := db.Update(func(x *store.Txn) error {
			for e := 0; e < *entries; e++ {
				_, _ = rand.Read(value[:16]) // distinct values, as real data
				if err := x.Set(store.Key("bench", store.U64(uint64(c)), store.U64(uint64(e))), value); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			fail(err)
		}
	}
	d := time.Since(start)
	fmt.Printf("synced commits: %d of %d x %d B in %.2f s: %.1f commits/s, %.0f values/s\n",
		*commits, *entries, *size, d.Seconds(), float64(*commits)/d.Seconds(), float64(*commits**entries)/d.Seconds())
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "synccommit:", err)
	os.Exit(1)
}
