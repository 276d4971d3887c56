package syncer

import (
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// folders is entity state kept elsewhere (as a relay's mirror is).
type folders map[string]string

func (f folders) RecordingIn(*store.Txn, string, string) (recordings.State, bool, error) {
	return recordings.State{}, false, nil
}

func (f folders) FolderIn(_ *store.Txn, _, id string) (recordings.Folder, bool, error) {
	name, ok := f[id]
	return recordings.Folder{ID: id, Name: name}, ok, nil
}

func TestLedger_RecordsOnceAndReplaysWithStateReadAfresh(t *testing.T) {
	db := storetest.Memory(t)
	state := folders{}
	l := NewLedger(db, state, nil)
	m := &syncv1.Mutation{IdempotencyKey: "k", Op: &syncv1.Mutation_RenameFolder{RenameFolder: &syncv1.RenameFolder{Id: "f", Name: "New"}}}
	if err := Check(m); err != nil {
		t.Fatal(err)
	}
	if _, found, err := l.Replay("u", m); found || err != nil {
		t.Fatalf("a new key: found %v, %v", found, err)
	}
	state["f"] = "New"
	if err := db.Update(func(x *store.Txn) error {
		_, err := changelog.Append(x, "u", changelog.Folder, "f", false, time.Now())
		return err
	}); err != nil {
		t.Fatal(err)
	}
	res, err := l.Record("u", m, Verdict{Outcome: syncv1.Outcome_OUTCOME_APPLIED, Kind: changelog.Folder, ID: "f"})
	if err != nil || res.GetCurrent().GetFolder().GetName() != "New" || res.GetReplayed() {
		t.Fatalf("recorded %v, %v", res, err)
	}
	state["f"] = "Renamed since"
	again, found, err := l.Replay("u", m)
	if err != nil || !found || !again.GetReplayed() || again.GetCurrent().GetFolder().GetName() != "Renamed since" {
		t.Fatalf("replay %v, found %v, %v", again, found, err)
	}
	if _, found, _ := l.Replay("someone-else", m); found {
		t.Fatal("a key of one user answered for another")
	}
	other := &syncv1.Mutation{IdempotencyKey: "k", Op: &syncv1.Mutation_DeleteFolder{DeleteFolder: &syncv1.DeleteFolder{Id: "f"}}}
	if r, found, _ := l.Replay("u", other); !found || r.GetErrorCode() != "IDEMPOTENCY_KEY_REUSED" {
		t.Fatalf("the key with another mutation answered %v", r)
	}
	if _, err := l.Push(ctx, "u", []*syncv1.Mutation{m}); err == nil {
		t.Fatal("a ledger applied a push itself")
	}
}
