package search

import (
	"testing"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// library is an owner's documents by id, as a caller would index them.
type library map[string]Doc

// indexed stores each document of lib under keys of its own, in one
// transaction, in a fresh in-memory store.
func indexed(t testing.TB, owner string, lib library) (*store.DB, Index) {
	t.Helper()
	db := storetest.Open(t)
	ix := IndexOf(owner)
	put(t, db, ix, lib)
	return db, ix
}

func put(t testing.TB, db *store.DB, ix Index, lib library) {
	t.Helper()
	err := db.Update(func(x *store.Txn) error {
		for id, d := range lib {
			if err := ix.Put(x, id, Analyze(d)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// find is what a search box shows: the ids q matches, best first. docs is
// the owner's library size.
func find(t testing.TB, db *store.DB, ix Index, q string, docs int) []string {
	t.Helper()
	var scores map[string]float64
	err := db.View(func(x *store.Txn) (err error) {
		scores, err = ix.Search(x, ParseQuery(q), docs)
		return err
	})
	if err != nil {
		t.Fatalf("search %q: %v", q, err)
	}
	return Rank(scores)
}

func titled(title string) Doc { return Doc{Title: title} }

func spoken(text string) Doc { return Doc{Title: "x", Transcript: []Segment{{Text: text}}} }
