package syncer

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/ids"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/storetest"
)

var ctx = context.Background()

type env struct {
	t    *testing.T
	db   *store.DB
	recs *recordings.Service
	hls  *highlights.Service
	tpls *templates.Store
	sync *Service
	bus  *events.Bus
}

func newEnv(t *testing.T) *env {
	t.Helper()
	db := storetest.Open(t)
	bus := events.NewBus()
	c := fakeclock.New(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC))
	recs := recordings.NewService(db, bus, c.Now)
	hls := highlights.New(db, recs, bus, 0)
	tpls := templates.NewStore(db, 3)
	tpls.OnDelete(recs.ClearFolderTemplateIn)
	return &env{t: t, db: db, recs: recs, hls: hls, tpls: tpls, bus: bus, sync: NewService(db, recs, hls, tpls, nil, nil)}
}

// importFixtures loads the shared sample recordings for uid and returns their ids.
func (e *env) importFixtures(uid string) []string {
	e.t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "fixtures", "recordings", "*.json"))
	if err != nil || len(files) == 0 {
		e.t.Fatalf("the shared fixtures are missing: %v", err)
	}
	var ids []string
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			e.t.Fatal(err)
		}
		res, err := e.recs.Import(ctx, uid, raw)
		if err != nil {
			e.t.Fatalf("import %s: %v", f, err)
		}
		if res.Created {
			ids = append(ids, res.ID)
		}
	}
	return ids
}

func (e *env) importOne(uid, id, title string) {
	e.t.Helper()
	raw, _ := json.Marshal(map[string]any{"recording": map[string]any{
		"id": id, "title": title, "recordingAt": "2026-05-01T10:00:00Z", "duration": 60,
	}, "transcription": map[string]any{"segments": []any{
		map[string]any{"text": "Hello there", "speaker": "SPEAKER_00", "start_time": 0, "end_time": 2},
		map[string]any{"text": "Hi", "speaker": "SPEAKER_01", "start_time": 2, "end_time": 3},
	}}})
	if _, err := e.recs.Import(ctx, uid, raw); err != nil {
		e.t.Fatal(err)
	}
}

// pullAll pulls from cursor until the log is drained and returns the changes
// and the final cursor.
func (e *env) pullAll(uid, cursor string, limit int) ([]*syncv1.Change, string) {
	e.t.Helper()
	var all []*syncv1.Change
	for range 10000 {
		res, err := e.sync.Pull(ctx, uid, cursor, limit)
		if err != nil {
			e.t.Fatal(err)
		}
		if res.Resync {
			e.t.Fatalf("unexpected resync from cursor %q", cursor)
		}
		all = append(all, res.Changes...)
		cursor = res.Cursor
		if !res.HasMore {
			return all, cursor
		}
	}
	e.t.Fatal("pull never finished")
	return nil, ""
}

func (e *env) push(uid string, muts ...*syncv1.Mutation) []*syncv1.MutationResult {
	e.t.Helper()
	res, err := e.sync.Push(ctx, uid, muts)
	if err != nil {
		e.t.Fatal(err)
	}
	if len(res.Results) != len(muts) {
		e.t.Fatalf("%d results for %d mutations", len(res.Results), len(muts))
	}
	return res.Results
}

func key() string { return ids.UUID() }

func rename(k, id, title string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: k, Op: &syncv1.Mutation_UpdateRecording{
		UpdateRecording: &syncv1.UpdateRecording{Id: id, Title: &title}}}
}

func describeAs(k, id, text string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: k, Op: &syncv1.Mutation_UpdateRecording{
		UpdateRecording: &syncv1.UpdateRecording{Id: id, Description: &text}}}
}

// item decodes a recording's list item as the REST dashboard would show it.
func (e *env) item(uid, id string) map[string]any {
	e.t.Helper()
	raw, err := e.recs.Item(ctx, uid, id)
	if err != nil {
		e.t.Fatalf("item %s: %v", id, err)
	}
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return m
}

func wantApplied(t *testing.T, r *syncv1.MutationResult) {
	t.Helper()
	if r.Outcome != syncv1.Outcome_OUTCOME_APPLIED {
		t.Fatalf("outcome %v (%s: %s), want applied", r.Outcome, r.ErrorCode, r.ErrorMessage)
	}
}

func wantRejected(t *testing.T, r *syncv1.MutationResult, code string) {
	t.Helper()
	if r.Outcome != syncv1.Outcome_OUTCOME_REJECTED || r.ErrorCode != code {
		t.Fatalf("outcome %v code %q (%s), want rejected %s", r.Outcome, r.ErrorCode, r.ErrorMessage, code)
	}
}

type storeTxn = store.Txn

// dropPrefixes deletes every key under the given top-level prefixes.
func dropPrefixes(x *store.Txn, prefixes ...string) error {
	for _, p := range prefixes {
		var keys [][]byte
		err := x.Scan(store.Prefix(p), nil, false, false, func(k, _ []byte) (bool, error) {
			keys = append(keys, k)
			return true, nil
		})
		if err != nil {
			return err
		}
		for _, k := range keys {
			if err := x.Delete(k); err != nil {
				return err
			}
		}
	}
	return nil
}
