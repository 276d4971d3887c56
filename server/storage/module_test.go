package storage_test

import (
	"log/slog"
	"testing"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/storage"
)

// The module opens the store under the data directory and closes it on stop:
// Badger locks its directory, so opening it again only works once it is closed.
func TestModule_OpensTheStoreInTheDataDirectoryAndClosesItOnStop(t *testing.T) {
	dir := t.TempDir()
	var db *store.DB
	app := fxtest.New(t,
		fx.Supply(config.Config{DataDir: dir}, slog.New(slog.DiscardHandler)),
		storage.Module,
		fx.Populate(&db),
	)
	app.RequireStart()
	if err := db.Update(func(x *store.Txn) error { return x.Set(store.Key("meta", "probe"), []byte("kept")) }); err != nil {
		t.Fatal(err)
	}
	if again, err := store.Open(store.Options{Dir: dir + "/db"}); err == nil {
		_ = again.Close()
		t.Fatal("a second open succeeded while the module holds the store")
	}
	app.RequireStop()

	reopened, err := store.Open(store.Options{Dir: dir + "/db"})
	if err != nil {
		t.Fatalf("the store is still held after stop: %v", err)
	}
	defer reopened.Close()
	var got []byte
	if err := reopened.View(func(x *store.Txn) error { var err error; got, err = x.Get(store.Key("meta", "probe")); return err }); err != nil || string(got) != "kept" {
		t.Fatalf("after stop and reopen: %q, %v", got, err)
	}
}
