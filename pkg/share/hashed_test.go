package share

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// allValues is every key and value the store holds, for looking for a token.
func allValues(t *testing.T, db *store.DB) []byte {
	t.Helper()
	var all []byte
	err := db.View(func(x *store.Txn) error {
		return x.Scan(nil, nil, false, true, func(k, v []byte) (bool, error) {
			all = append(append(all, k...), v...)
			return true, nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

func TestCreate_StoresNoTokenSoACopyOfTheDataOpensNoLink(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	link, err := f.svc.Create(ctx, "alice", "r1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(allValues(t, f.svc.db), []byte(link.Token)) {
		t.Fatal("the raw token is in the store")
	}
	if got, err := f.svc.Resolve(ctx, link.Token); err != nil || got.RecordingID != "r1" {
		t.Fatalf("resolve by token = %+v %v", got, err)
	}
	// The stored id is not a token: presenting it opens nothing.
	if _, err := f.svc.Resolve(ctx, link.ID); !errors.Is(err, ErrInvalid) {
		t.Fatalf("resolving the stored id = %v, want invalid", err)
	}
}

func TestRevoke_ByIDAsListedOrByToken(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	byID, _ := f.svc.Create(ctx, "alice", "r1", 0)
	byToken, _ := f.svc.Create(ctx, "alice", "r1", 0)
	if err := f.svc.Revoke(ctx, "bob", byID.ID); err == nil {
		t.Fatal("bob revoked alice's link by its id")
	}
	if err := f.svc.Revoke(ctx, "alice", byID.ID); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Revoke(ctx, "alice", byToken.Token); err != nil {
		t.Fatal(err)
	}
	for _, l := range []Link{byID, byToken} {
		if _, err := f.svc.Resolve(ctx, l.Token); !errors.Is(err, ErrInvalid) {
			t.Fatalf("revoked link resolves: %v", err)
		}
	}
}

func TestHashStoredTokens_RewritesLinksKeptByRawToken(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	token := "b2xkLXN0eWxlLXRva2VuLWtlcHQtYXMtaXMtMDEyMzQ1"
	at := f.now.Add(-time.Hour)
	old := stored{Link: Link{Token: token, URL: "https://pocket.test/shared/recording?token=" + token, RecordingID: "r1", CreatedAt: at}, Owner: "alice"}
	err := f.svc.db.Update(func(x *store.Txn) error {
		if err := x.SetJSON(store.Key("share", token), old); err != nil {
			return err
		}
		return x.Set(store.Key("shareby", "alice", "r1", token), nil)
	})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // idempotent
		if _, err := HashStoredTokens(f.svc.db); err != nil {
			t.Fatal(err)
		}
	}
	if bytes.Contains(allValues(t, f.svc.db), []byte(token)) {
		t.Fatal("the old raw token is still in the store")
	}
	if got, err := f.svc.Resolve(ctx, token); err != nil || got.RecordingID != "r1" {
		t.Fatalf("the old link no longer opens: %+v %v", got, err)
	}
	links, err := f.svc.List(ctx, "alice", "r1")
	if err != nil || len(links) != 1 || links[0].ID != LinkID(token) || !links[0].CreatedAt.Equal(at) {
		t.Fatalf("list after migration = %+v %v", links, err)
	}
}
