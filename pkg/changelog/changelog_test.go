package changelog

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/storetest"
)

func openDB(t *testing.T) *store.DB {
	t.Helper()
	db := storetest.Open(t)
	return db
}

var t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func appendOne(t *testing.T, db *store.DB, uid string, k Kind, id string, deleted bool, at time.Time) uint64 {
	t.Helper()
	var seq uint64
	err := db.Update(func(x *store.Txn) error {
		var err error
		seq, err = Append(x, uid, k, id, deleted, at)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return seq
}

func read(t *testing.T, db *store.DB, uid, cursor string, limit int) Page {
	t.Helper()
	var p Page
	if err := db.View(func(x *store.Txn) (err error) { p, err = Read(x, uid, cursor, limit); return }); err != nil {
		t.Fatal(err)
	}
	return p
}

func names(p Page) []string {
	var out []string
	for _, e := range p.Entries {
		s := string(e.Kind) + ":" + e.ID
		if e.Deleted {
			s += ":deleted"
		}
		out = append(out, s)
	}
	return out
}

func TestRead_OldestFirstInPagesAndOnePerEntity(t *testing.T) {
	db := openDB(t)
	appendOne(t, db, "u1", Recording, "a", false, t0)
	appendOne(t, db, "u1", Recording, "b", false, t0)
	appendOne(t, db, "u1", Folder, "f", false, t0)
	appendOne(t, db, "u1", Recording, "a", false, t0) // a again: moves to the end
	appendOne(t, db, "u1", Recording, "c", false, t0)

	p1 := read(t, db, "u1", "", 2)
	if got := fmt.Sprint(names(p1)); got != "[recording:b folder:f]" || !p1.HasMore {
		t.Fatalf("first page = %s (more %v)", got, p1.HasMore)
	}
	p2 := read(t, db, "u1", p1.Cursor, 2)
	if got := fmt.Sprint(names(p2)); got != "[recording:a recording:c]" {
		t.Fatalf("second page = %s", got)
	}
	if p2.HasMore {
		// The page was exactly full; the next read must be empty and final.
		p3 := read(t, db, "u1", p2.Cursor, 2)
		if len(p3.Entries) != 0 || p3.HasMore {
			t.Fatalf("third page = %v", names(p3))
		}
		p2 = p3
	}
	appendOne(t, db, "u1", Recording, "b", true, t0)
	p4 := read(t, db, "u1", p2.Cursor, 10)
	if got := fmt.Sprint(names(p4)); got != "[recording:b:deleted]" || p4.HasMore {
		t.Fatalf("after a delete = %s", got)
	}
	if p5 := read(t, db, "u1", p4.Cursor, 10); len(p5.Entries) != 0 || p5.Cursor != p4.Cursor {
		t.Fatalf("an up-to-date cursor reads %v and moves to %q from %q", names(p5), p5.Cursor, p4.Cursor)
	}
}

func TestRead_UsersDoNotSeeEachOther(t *testing.T) {
	db := openDB(t)
	appendOne(t, db, "u1", Recording, "mine", false, t0)
	appendOne(t, db, "u2", Recording, "theirs", false, t0)
	if got := fmt.Sprint(names(read(t, db, "u1", "", 10))); got != "[recording:mine]" {
		t.Fatalf("u1 reads %s", got)
	}
	// A cursor of another user's log is another epoch: resync, never their entries.
	c2 := read(t, db, "u2", "", 10).Cursor
	if p := read(t, db, "u1", c2, 10); !p.Resync || len(p.Entries) != 0 {
		t.Fatalf("u1 with u2's cursor: %+v", p)
	}
}

func TestRead_ResyncForUnknownCursors(t *testing.T) {
	db := openDB(t)
	appendOne(t, db, "u1", Recording, "a", false, t0)
	c := read(t, db, "u1", "", 10).Cursor
	epoch, seq, _ := parseCursor(c)
	for name, cur := range map[string]string{
		"garbage":     "not a cursor",
		"other epoch": "00000000-0000-4000-8000-000000000000.1",
		"ahead":       formatCursor(epoch, seq+5),
		"bad number":  epoch + ".x",
	} {
		t.Run(name, func(t *testing.T) {
			if p := read(t, db, "u1", cur, 10); !p.Resync {
				t.Fatalf("cursor %q: %+v", cur, p)
			}
		})
	}
}

func TestPrune_DropsOldTombstonesAndSendsOlderCursorsToResync(t *testing.T) {
	db := openDB(t)
	appendOne(t, db, "u1", Recording, "keep", false, t0)
	before := read(t, db, "u1", "", 10).Cursor
	appendOne(t, db, "u1", Recording, "gone", true, t0)
	appendOne(t, db, "u1", Recording, "recent", true, t0.Add(40*24*time.Hour))
	seen := read(t, db, "u1", "", 10).Cursor

	n, err := Prune(db, t0.Add(Retention))
	if err != nil || n != 1 {
		t.Fatalf("Prune = %d, %v; want 1 old tombstone", n, err)
	}
	if got := fmt.Sprint(names(read(t, db, "u1", "", 10))); got != "[recording:keep recording:recent:deleted]" {
		t.Fatalf("after prune the log holds %s", got)
	}
	if p := read(t, db, "u1", before, 10); !p.Resync {
		t.Fatalf("a cursor from before the pruned tombstone must resync: %+v", p)
	}
	if p := read(t, db, "u1", seen, 10); p.Resync || len(p.Entries) != 0 {
		t.Fatalf("a cursor that saw the tombstone continues: %+v", p)
	}
	// A recording re-created after its tombstone drops the tombstone's expiry too.
	appendOne(t, db, "u1", Recording, "recent", false, t0.Add(41*24*time.Hour))
	if n, err := Prune(db, t0.Add(100*24*time.Hour)); err != nil || n != 0 {
		t.Fatalf("second prune = %d, %v; the re-created recording's old tombstone is gone already", n, err)
	}
}

func TestAppend_ConcurrentWritersGetDistinctOrderedNumbers(t *testing.T) {
	db := openDB(t)
	const writers, each = 8, 25
	var wg sync.WaitGroup
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				appendOne(t, db, "u1", Recording, fmt.Sprintf("r%d-%d", w, i), false, t0)
			}
		}(w)
	}
	wg.Wait()
	p := read(t, db, "u1", "", 1000)
	if len(p.Entries) != writers*each {
		t.Fatalf("read %d entries, want %d", len(p.Entries), writers*each)
	}
	for i, e := range p.Entries {
		if e.Seq != uint64(i+1) {
			t.Fatalf("entry %d has seq %d: numbers must be dense and ordered", i, e.Seq)
		}
	}
}

func TestVersion_IsTheLatestEntry(t *testing.T) {
	db := openDB(t)
	appendOne(t, db, "u1", Recording, "a", false, t0)
	want := appendOne(t, db, "u1", Recording, "a", false, t0)
	var got uint64
	if err := db.View(func(x *store.Txn) (err error) { got, err = Version(x, "u1", Recording, "a"); return }); err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Fatalf("Version = %d, want %d", got, want)
	}
}
