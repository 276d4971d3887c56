package recordings

import (
	"bytes"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/pocket-companion/pocket/pkg/store"
)

// termKeys counts the user's search index keys: per-recording postings and
// posting blocks (whose key names a block, 0x00 and its name, where a
// recording's names its id: see pkg/store's key schema).
func termKeys(t *testing.T, db *store.DB, uid string) (own, blocks int) {
	t.Helper()
	base := store.Prefix("term", uid)
	err := db.View(func(x *store.Txn) error {
		return x.Scan(base, nil, false, false, func(k, _ []byte) (bool, error) {
			rest := k[len(base):]
			if bytes.HasPrefix(rest[bytes.IndexByte(rest, '/')+1:], []byte{0}) {
				blocks++
			} else {
				own++
			}
			return true, nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return own, blocks
}

func importBatch(t *testing.T, s *Service, raws ...[]byte) {
	t.Helper()
	_, errs, err := s.ImportEach(ctx, "u1", raws)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range errs {
		if e != nil {
			t.Fatalf("object %d: %v", i, e)
		}
	}
}

func TestImportEach_ShareOneKeyPerTermAcrossTheBatch(t *testing.T) {
	s, db, _ := newService(t)
	var raws [][]byte
	for i := 0; i < 10; i++ {
		raws = append(raws, rec(fmt.Sprintf("r%d", i), "Budget review", base, map[string]any{"_transcript": fmt.Sprintf("the forecast for team%d", i)}))
	}
	importBatch(t, s, raws...)
	own, blocks := termKeys(t, db, "u1")
	// budget, review, forecast + ten team words ("the" and "for" are not
	// indexed): one key each.
	if own != 0 || blocks != 13 {
		t.Fatalf("%d keys of recordings' own and %d block keys; want 0 and 13", own, blocks)
	}
	expectFindsCount(t, s, "forecast budget", 10)
	expectFinds(t, s, "team7", "r7")
	expectFindsCount(t, s, "tea", 10)
}

func TestImportEach_ABlockedRecordingLeavesItsBlockOnEveryWrite(t *testing.T) {
	s, db, _ := newService(t)
	importBatch(t, s,
		rec("a", "Zephyr launch", base, map[string]any{"_transcript": "shared words alpha"}),
		rec("b", "Zephyr retro", base, map[string]any{"_transcript": "shared words beta"}),
		rec("c", "Zephyr plan", base, map[string]any{"_transcript": "shared words gamma"}),
	)

	if _, err := s.Update(ctx, "u1", "a", patchOf("title", "Quokka launch")); err != nil {
		t.Fatal(err)
	}
	expectFinds(t, s, "zephyr", "b", "c")
	expectFinds(t, s, "quokka alpha", "a")

	if err := s.Delete(ctx, "u1", "b", false); err != nil {
		t.Fatal(err)
	}
	expectFinds(t, s, "shared words", "a", "c")

	importBatch(t, s, rec("c", "Zephyr plan, newer", base.Add(1e12), map[string]any{"_transcript": "delta"}))
	expectFinds(t, s, "gamma")
	expectFinds(t, s, "delta zephyr", "c")
	// a has keys of its own since its rename; the first batch's blocks
	// emptied and went; the newer c's words are in its batch's block.
	own, blocks := termKeys(t, db, "u1")
	ownA, newC := len(mustLoad(t, s, "a").Book.Terms), len(mustLoad(t, s, "c").Book.Terms)
	if own != ownA || blocks != newC {
		t.Fatalf("%d own keys and %d block keys; want a's %d and the newer c's %d", own, blocks, ownA, newC)
	}
}

func TestImportEach_TheSameIDTwiceInABatchIndexesOnlyTheNewer(t *testing.T) {
	s, _, _ := newService(t)
	importBatch(t, s,
		rec("d", "Older words", base, map[string]any{"_transcript": "walrus"}),
		rec("d", "Newer words", base.Add(1e12), map[string]any{"_transcript": "narwhal"}),
		rec("e", "Another", base, map[string]any{"_transcript": "walrus too"}),
	)
	expectFinds(t, s, "narwhal newer", "d")
	expectFinds(t, s, "walrus", "e")
	expectFinds(t, s, "older")
}

func mustLoad(t *testing.T, s *Service, id string) *stored {
	t.Helper()
	var st *stored
	err := s.db.View(func(x *store.Txn) (err error) {
		st, err = load(x, "u1", id)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// expectFinds checks that searching u1's library for q finds want, in order.
func expectFinds(t *testing.T, s *Service, q string, want ...string) {
	t.Helper()
	if got := searchIDs(t, s, "u1", q); !slices.Equal(got, want) && len(got)+len(want) > 0 {
		t.Fatalf("%q finds %v, want %v", q, got, want)
	}
}

func expectFindsCount(t *testing.T, s *Service, q string, n int) {
	t.Helper()
	if got := searchIDs(t, s, "u1", q); len(got) != n {
		t.Fatalf("%q finds %v, want %d recordings", q, got, n)
	}
}

// Edits of recordings that share blocks, made at once, each rewrite the same
// block keys: the store's conflict detection re-runs the losers, and no
// edit's index change is lost.
func TestImportEach_ConcurrentEditsOfOneBlockLoseNothing(t *testing.T) {
	s, db, _ := newService(t)
	const n = 16
	var raws [][]byte
	for i := 0; i < n; i++ {
		raws = append(raws, rec(fmt.Sprintf("c%02d", i), "Common title", base, map[string]any{"_transcript": fmt.Sprintf("shared body word%02d", i)}))
	}
	importBatch(t, s, raws...)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := 0; i < n; i += 2 { // every other recording is renamed, all at once
		wg.Add(1)
		go func() {
			defer wg.Done()
			title := fmt.Sprintf("Renamed%02d", i)
			_, err := s.Update(ctx, "u1", fmt.Sprintf("c%02d", i), patchOf("title", title))
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	expectFindsCount(t, s, "shared body", n)
	expectFindsCount(t, s, "common title", n/2)
	for i := 0; i < n; i += 2 {
		expectFinds(t, s, fmt.Sprintf("renamed%02d word%02d", i, i), fmt.Sprintf("c%02d", i))
	}
	own, blocks := termKeys(t, db, "u1")
	// The renamed half has keys of its own (renamedNN, shared, body, wordNN);
	// the blocks hold the other half's words and the shared ones.
	if own != n/2*4 || blocks != 2+2+n/2 {
		t.Fatalf("%d own keys and %d block keys; want %d and %d", own, blocks, n/2*4, 2+2+n/2)
	}
}
