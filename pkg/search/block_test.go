package search

import (
	"maps"
	"slices"
	"testing"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// blocked stores lib's documents in one Block, in one transaction.
func blocked(t *testing.T, db *store.DB, ix Index, lib library) *Block {
	t.Helper()
	var b *Block
	err := db.Update(func(x *store.Txn) error {
		b = ix.NewBlock()
		for _, id := range slices.Sorted(maps.Keys(lib)) {
			b.Add(id, Analyze(lib[id]))
		}
		return b.Write(x)
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func drop(t *testing.T, db *store.DB, ix Index, id string, d Doc, block string) {
	t.Helper()
	err := db.Update(func(x *store.Txn) error { return ix.Drop(x, id, Analyze(d).Terms(), block) })
	if err != nil {
		t.Fatal(err)
	}
}

func TestBlock_SharesOneKeyPerTermAndSearchReadsIt(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t)
	ix := IndexOf("u1")
	lib := library{}
	for _, id := range []string{"r1", "r2", "r3"} {
		lib[id] = Doc{Title: "Budget review", Transcript: []Segment{{Text: "forecast for team " + id}}}
	}
	blocked(t, db, ix, lib)
	// budget, review, forecast, team and three ids: one key each.
	if n := storetest.Count(t, db, store.Prefix("term", "u1")); n != 7 {
		t.Fatalf("%d keys, want 7", n)
	}
	if got := find(t, db, ix, "forecast budget", 3); !slices.Equal(got, []string{"r1", "r2", "r3"}) {
		t.Fatalf("found %v", got)
	}
	if got := find(t, db, ix, "r2 ", 3); !slices.Equal(got, []string{"r2"}) {
		t.Fatalf("found %v", got)
	}
}

func TestBlock_TheSameIDAddedTwiceKeepsTheLater(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t)
	ix := IndexOf("u1")
	err := db.Update(func(x *store.Txn) error {
		b := ix.NewBlock()
		b.Add("d", Analyze(spoken("walrus older")))
		b.Add("e", Analyze(spoken("walrus too")))
		b.Add("d", Analyze(spoken("narwhal newer")))
		return b.Write(x)
	})
	if err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string][]string{"walrus": {"e"}, "narwhal newer": {"d"}, "older": nil} {
		if got := find(t, db, ix, q, 2); !slices.Equal(got, want) {
			t.Errorf("%q found %v, want %v", q, got, want)
		}
	}
}

func TestDrop_RemovesOneDocumentFromItsKeysOrItsBlock(t *testing.T) {
	t.Parallel()
	own := library{"own": {Title: "Zephyr launch", Transcript: []Segment{{Text: "shared words alpha"}}}}
	batch := library{
		"b1": {Title: "Zephyr retro", Transcript: []Segment{{Text: "shared words beta"}}},
		"b2": {Title: "Zephyr plan", Transcript: []Segment{{Text: "shared words gamma"}}},
	}
	db, ix := indexed(t, "u1", own)
	block := blocked(t, db, ix, batch)

	drop(t, db, ix, "b1", batch["b1"], block.Name())
	if got := find(t, db, ix, "zephyr shared", 3); !slices.Equal(got, []string{"b2", "own"}) {
		t.Fatalf("after dropping b1 from its block: %v", got)
	}
	drop(t, db, ix, "own", own["own"], "")
	drop(t, db, ix, "b2", batch["b2"], block.Name())
	if n := storetest.Count(t, db, store.Prefix("term", "u1")); n != 0 {
		t.Fatalf("%d keys left once every document was dropped", n)
	}
	// Dropping again finds nothing to drop, and is no error.
	drop(t, db, ix, "b2", batch["b2"], block.Name())
}

func TestDecodeBlock_RefusesATruncatedBlock(t *testing.T) {
	t.Parallel()
	first := hit{id: "r1", p: posting{TF: [numFields]uint32{1}, Len: [numFields]uint32{3, 0, 0, 200}}}
	b := encodeBlock([]hit{first, {id: "r2"}})
	if hits, err := decodeBlock(b); err != nil || len(hits) != 2 || hits[0] != first || hits[1].id != "r2" {
		t.Fatalf("round trip: %v %v", hits, err)
	}
	boundary := len(encodeBlock([]hit{first}))
	for cut := 1; cut < len(b); cut++ {
		if _, err := decodeBlock(b[:cut]); (err == nil) != (cut == boundary) {
			t.Fatalf("cut at %d of %d (an entry ends at %d): error %v", cut, len(b), boundary, err)
		}
	}
}
