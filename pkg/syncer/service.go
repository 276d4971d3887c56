package syncer

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
)

// Service is sync for every user: one engine over a Backend. It keeps the
// rules (the order of a push, the stop after a RETRY, each answer's
// `current`, the replay of a key, refusals) and the change log and
// idempotency ledger in db; the backend keeps the library. It is safe for
// concurrent use.
type Service struct {
	db      *store.DB
	backend Backend
	log     *slog.Logger
}

// Backend is where a user's library lives: the embedded provider's own
// store (NewService), or a relay's mirror of an upstream it applies edits to
// (server/relaysync).
type Backend interface {
	// Entities reads the entities' state in the snapshot Pull and Push's
	// answers read the change log in.
	Entities
	// CatchUp brings uid's change log up to date before a pull: nothing to
	// do for a store that logs its own writes, a budgeted refresh for a
	// mirror. A catch-up that fails leaves the log as it is.
	CatchUp(ctx context.Context, uid string)
	// Begin starts one push of uid's; End is called on the batch once its
	// mutations are answered.
	Begin(ctx context.Context, uid string) Batch
}

// Batch applies the mutations of one push.
type Batch interface {
	// Apply says how op is applied (it applies nothing yet: the engine first
	// answers a key it has seen). An error refuses op for good without
	// recording its key, as a malformed mutation is: the backend cannot
	// apply such a mutation at all.
	Apply(op Op) (Application, error)
	// End ends the push. changed: the entities' state changed since the
	// answers were made (a mirror refreshed after its edits), so the engine
	// reads each applied mutation's `current` again.
	End(ctx context.Context) (changed bool)
}

// Application is how one mutation is applied: exactly one of the two is set.
type Application struct {
	// InLedger applies it inside the transaction that records its key: the
	// edit and the key's answer commit together or not at all, so a retry is
	// always answered from the record. An error rolls the edit back; a
	// permanent one (an apperr refusal) is then recorded as REJECTED.
	InLedger func(x *store.Txn) (Target, error)
	// Outside applies it where the ledger's transaction cannot reach (an
	// upstream's REST call, a question that takes seconds to answer). Its
	// verdict is recorded after, in a transaction of its own: between the
	// two, the mutation is applied with its key unrecorded, and a crash or a
	// lost answer there makes the device send it again. Whatever Outside
	// applies must absorb a second application (see ADR 5). An error that
	// is not permanent answers RETRY with nothing recorded.
	Outside func(ctx context.Context) (Verdict, error)
}

// Op is a mutation the engine checked (its key, its shape, every field
// known), ready to apply.
type Op struct {
	Mutation *syncv1.Mutation
	// Target is the entity it names as the device knows it.
	Target Target
	// Patch is an update_recording's edit as PatchOf read it (zero for the
	// other kinds).
	Patch recordings.Patch
}

// Target names the entity a mutation touched, so its answer can carry the
// entity's current state.
type Target struct {
	Kind changelog.Kind
	ID   string
}

// Verdict is what a mutation applied Outside came to: APPLIED or REJECTED
// (with the code and message for the user), the entity whose current state
// the answer carries (a created folder's may be another than the device's),
// and a question's answer.
type Verdict struct {
	Outcome syncv1.Outcome
	Code    string
	Message string
	Target  Target
	Answer  json.RawMessage
}

// Entities reads the current state of a user's recordings and folders in a
// snapshot: what Pull and Push's answers carry beside each change-log entry.
type Entities interface {
	// RecordingsIn reads the live ones among the recordings ids (deleted and
	// unknown ones are not in the map), together: a pull's page at once.
	RecordingsIn(x *store.Txn, uid string, ids []string) (map[string]recordings.State, error)
	FolderIn(x *store.Txn, uid, id string) (recordings.Folder, bool, error)
	// HighlightIn reads one highlight (ok false: none, or a backend that
	// keeps none).
	HighlightIn(x *store.Txn, uid, id string) (highlights.Highlight, bool, error)
	// TemplateIn reads one of the user's summary templates (ok false: none,
	// or a backend that keeps none).
	TemplateIn(x *store.Txn, uid, id string) (templates.Template, bool, error)
}

// New builds the engine over backend, keeping the change log and the
// idempotency ledger in db.
func New(db *store.DB, backend Backend, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{db: db, backend: backend, log: log}
}

// NewService builds the engine over the embedded provider's store; ask may
// be nil (questions are then refused), hls and tpls too (highlights and
// templates are then refused).
func NewService(db *store.DB, recs *recordings.Service, hls *highlights.Service, tpls *templates.Store, ask Asker, log *slog.Logger) *Service {
	return New(db, Embedded(recs, hls, tpls, ask), log)
}

type tokenKey struct{}

// WithToken carries the caller's bearer token to a backend that acts for
// them elsewhere (a relay calls its upstream with it). The embedded store
// ignores it.
func WithToken(ctx context.Context, token string) context.Context {
	return context.WithValue(ctx, tokenKey{}, token)
}

// TokenFrom is the caller's bearer token, "" when none was given.
func TokenFrom(ctx context.Context) string {
	t, _ := ctx.Value(tokenKey{}).(string)
	return t
}
