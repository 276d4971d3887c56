package accesstoken_test

import (
	"testing"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/pkg/store"
)

// BenchmarkVerify is the check every request with a token pays: a digest
// and one read (its last use was just written, so no write). The baseline
// is a bare read of a key of the same store.
func BenchmarkVerify(b *testing.B) {
	db, err := store.Open(store.Options{InMemory: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = db.Close() })
	tokens := accesstoken.New(db, 0, nil)
	_, secret, err := tokens.Create(b.Context(), "u1", "bench", []accesstoken.Scope{accesstoken.RecordingsRead}, 0)
	if err != nil {
		b.Fatal(err)
	}
	if _, _, err := tokens.Verify(b.Context(), secret); err != nil {
		b.Fatal(err)
	}
	b.Run("verify", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := tokens.Verify(b.Context(), secret); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("baseline: one read", func(b *testing.B) {
		if err := db.Update(func(x *store.Txn) error { return x.Set(store.Key("bench", "k"), make([]byte, 200)) }); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if err := db.View(func(x *store.Txn) error { _, err := x.Get(store.Key("bench", "k")); return err }); err != nil {
				b.Fatal(err)
			}
		}
	})
}
