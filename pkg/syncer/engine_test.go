package syncer

import (
	"context"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// remote is a backend that applies every mutation Outside the ledger's
// transaction, as a relay does, over folders kept elsewhere: a folder
// rename sets the name and logs it; fail, when set, is what the next
// applications answer instead.
type remote struct {
	db      *store.DB
	folders map[string]string
	fail    error
	applied int
	ended   int
	// refreshed is what End does to the state (a mirror's refresh), nil for nothing.
	refreshed func()
}

func (r *remote) RecordingsIn(*store.Txn, string, []string) (map[string]recordings.State, error) {
	return nil, nil
}

func (r *remote) HighlightIn(*store.Txn, string, string) (highlights.Highlight, bool, error) {
	return highlights.Highlight{}, false, nil
}

func (r *remote) TemplateIn(*store.Txn, string, string) (templates.Template, bool, error) {
	return templates.Template{}, false, nil
}

func (r *remote) FolderIn(_ *store.Txn, _, id string) (recordings.Folder, bool, error) {
	name, ok := r.folders[id]
	return recordings.Folder{ID: id, Name: name}, ok, nil
}

func (r *remote) CatchUp(context.Context, string) {}

func (r *remote) Begin(_ context.Context, uid string) Batch { return remoteBatch{r, uid} }

type remoteBatch struct {
	*remote
	uid string
}

func (b remoteBatch) Apply(op Op) (Application, error) {
	rn := op.Mutation.GetRenameFolder()
	if rn == nil {
		return Application{}, apperr.New(apperr.Invalid, "UNSUPPORTED", "Only folder renames here")
	}
	return Application{Outside: func(context.Context) (Verdict, error) {
		b.applied++
		if b.fail != nil {
			return Verdict{}, b.fail
		}
		b.folders[rn.GetId()] = rn.GetName()
		err := b.db.Update(func(x *store.Txn) error {
			_, err := changelog.Append(x, b.uid, changelog.Folder, rn.GetId(), false, time.Now())
			return err
		})
		return Verdict{Outcome: syncv1.Outcome_OUTCOME_APPLIED, Target: Target{changelog.Folder, rn.GetId()}}, err
	}}, nil
}

func (b remoteBatch) End(context.Context) bool {
	b.ended++
	if b.refreshed == nil {
		return false
	}
	b.refreshed()
	return true
}

func newRemote(t *testing.T) (*Service, *remote) {
	db := storetest.Open(t)
	r := &remote{db: db, folders: map[string]string{}}
	return New(db, r, nil), r
}

func renameFolder(k, id, name string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: k, Op: &syncv1.Mutation_RenameFolder{RenameFolder: &syncv1.RenameFolder{Id: id, Name: name}}}
}

func pushOf(t *testing.T, s *Service, uid string, muts ...*syncv1.Mutation) []*syncv1.MutationResult {
	t.Helper()
	res, err := s.Push(ctx, uid, muts)
	if err != nil {
		t.Fatal(err)
	}
	return res.GetResults()
}

func TestEngine_AnOutsideApplicationIsRecordedOnceAndReplayedWithStateReadAfresh(t *testing.T) {
	s, r := newRemote(t)
	m := renameFolder("k", "f", "New")
	res := pushOf(t, s, "u", m)[0]
	if res.GetOutcome() != syncv1.Outcome_OUTCOME_APPLIED || res.GetCurrent().GetFolder().GetName() != "New" || res.GetReplayed() {
		t.Fatalf("recorded %v", res)
	}
	r.folders["f"] = "Renamed since"
	again := pushOf(t, s, "u", m)[0]
	if !again.GetReplayed() || again.GetCurrent().GetFolder().GetName() != "Renamed since" || r.applied != 1 {
		t.Fatalf("replay %v after %d applications", again, r.applied)
	}
	if other := pushOf(t, s, "someone-else", m)[0]; other.GetReplayed() || r.applied != 2 {
		t.Fatalf("a key of one user answered for another: %v", other)
	}
	other := &syncv1.Mutation{IdempotencyKey: "k", Op: &syncv1.Mutation_RenameFolder{RenameFolder: &syncv1.RenameFolder{Id: "f", Name: "Else"}}}
	if res := pushOf(t, s, "u", other)[0]; res.GetErrorCode() != "IDEMPOTENCY_KEY_REUSED" || r.applied != 2 {
		t.Fatalf("the key with another mutation answered %v", res)
	}
	if r.ended != 4 {
		t.Fatalf("%d batches ended for 4 pushes", r.ended)
	}
}

func TestEngine_ATransientFailureStopsThePushAndRecordsNothing(t *testing.T) {
	s, r := newRemote(t)
	r.fail = apperr.New(apperr.Unavailable, "UNAVAILABLE", "The provider is down")
	res := pushOf(t, s, "u", renameFolder("a", "f", "One"), renameFolder("b", "g", "Two"))
	for _, x := range res {
		if x.GetOutcome() != syncv1.Outcome_OUTCOME_RETRY {
			t.Fatalf("results %v, want both RETRY", res)
		}
	}
	if r.applied != 1 {
		t.Fatalf("%d applications; the one after a RETRY must not be tried", r.applied)
	}
	r.fail = nil
	for _, x := range pushOf(t, s, "u", renameFolder("a", "f", "One"), renameFolder("b", "g", "Two")) {
		if x.GetOutcome() != syncv1.Outcome_OUTCOME_APPLIED || x.GetReplayed() {
			t.Fatalf("after recovery %v", x)
		}
	}
}

func TestEngine_APermanentFailureIsRecordedAsARefusal(t *testing.T) {
	s, r := newRemote(t)
	r.fail = apperr.New(apperr.NotFound, "NOT_FOUND", "Folder not found")
	if res := pushOf(t, s, "u", renameFolder("a", "f", "One"))[0]; res.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || res.GetErrorCode() != "NOT_FOUND" {
		t.Fatalf("refusal %v", res)
	}
	r.fail = nil
	if res := pushOf(t, s, "u", renameFolder("a", "f", "One"))[0]; !res.GetReplayed() || res.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || r.applied != 1 {
		t.Fatalf("the refusal's key answered %v after %d applications", res, r.applied)
	}
}

func TestEngine_ABackendThatCannotApplyAKindRefusesItUnrecorded(t *testing.T) {
	s, r := newRemote(t)
	del := &syncv1.Mutation{IdempotencyKey: "d", Op: &syncv1.Mutation_DeleteFolder{DeleteFolder: &syncv1.DeleteFolder{Id: "f"}}}
	for range 2 {
		res := pushOf(t, s, "u", del)[0]
		if res.GetErrorCode() != "UNSUPPORTED" || res.GetReplayed() {
			t.Fatalf("result %v", res)
		}
	}
	if r.applied != 0 {
		t.Fatal("a refused kind was applied")
	}
}

func TestEngine_AnswersCarryTheStateAfterTheBatchEndedWhenItChanged(t *testing.T) {
	s, r := newRemote(t)
	r.refreshed = func() { r.folders["f"] = "As the upstream keeps it" }
	res := pushOf(t, s, "u", renameFolder("a", "f", "One"))[0]
	if got := res.GetCurrent().GetFolder().GetName(); got != "As the upstream keeps it" {
		t.Fatalf("current after a refresh shows %q", got)
	}
}

func TestEngine_TheCallersTokenTravelsInTheContext(t *testing.T) {
	if TokenFrom(ctx) != "" || TokenFrom(WithToken(ctx, "t")) != "t" {
		t.Fatal("the token did not travel")
	}
}
