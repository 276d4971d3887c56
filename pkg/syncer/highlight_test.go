package syncer

import (
	"testing"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
)

func createHighlight(k, id, rec string, start, end float64, note string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: k, Op: &syncv1.Mutation_CreateHighlight{
		CreateHighlight: &syncv1.CreateHighlight{Id: id, RecordingId: rec, Start: start, End: end, Note: note}}}
}

func TestPush_HighlightMadeOfflineIsPulledWithItsText(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Standup")
	_, cursor := e.pullAll("u1", "", 0)
	k := key()
	res := e.push("u1", createHighlight(k, "h1", "r1", 0, 1.5, "remember"))
	wantApplied(t, res[0])
	if h := res[0].GetCurrent().GetHighlight(); h.GetText() != "Hello there" || h.GetNote() != "remember" {
		t.Fatalf("answer's current = %v, want the highlight with its text", res[0].GetCurrent())
	}
	// Sent again (the answer was lost): the same highlight, nothing new.
	again := e.push("u1", createHighlight(k, "h1", "r1", 0, 1.5, "remember"))
	if !again[0].Replayed {
		t.Fatalf("a resend was applied again: %v", again[0])
	}
	changes, _ := e.pullAll("u1", cursor, 0)
	if len(changes) != 1 || changes[0].GetHighlight().GetId() != "h1" || changes[0].GetHighlight().GetSpeakers()[0] == "" {
		t.Fatalf("pulled %v, want the one highlight with its speaker", changes)
	}
}

func TestPush_HighlightNoteEditAndDeleteArriveAsChanges(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Standup")
	wantApplied(t, e.push("u1", createHighlight(key(), "h1", "r1", 0, 3, ""))[0])
	_, cursor := e.pullAll("u1", "", 0)
	up := &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_UpdateHighlight{UpdateHighlight: &syncv1.UpdateHighlight{Id: "h1", Note: "edited"}}}
	wantApplied(t, e.push("u1", up)[0])
	changes, cursor := e.pullAll("u1", cursor, 0)
	if len(changes) != 1 || changes[0].GetHighlight().GetNote() != "edited" {
		t.Fatalf("pulled %v, want the edited note", changes)
	}
	del := &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_DeleteHighlight{DeleteHighlight: &syncv1.DeleteHighlight{Id: "h1"}}}
	wantApplied(t, e.push("u1", del)[0])
	changes, _ = e.pullAll("u1", cursor, 0)
	tomb := changes[0].GetTombstone()
	if len(changes) != 1 || tomb.GetKind() != syncv1.EntityKind_ENTITY_KIND_HIGHLIGHT || tomb.GetId() != "h1" {
		t.Fatalf("pulled %v, want the highlight's tombstone", changes)
	}
}

func TestPush_HighlightRefusals(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Standup")
	e.importOne("u2", "r2", "Theirs")
	for name, tc := range map[string]struct {
		m    *syncv1.Mutation
		code string
	}{
		"reversed":            {createHighlight(key(), "h1", "r1", 2, 1, ""), "INVALID_RANGE"},
		"outside":             {createHighlight(key(), "h2", "r1", 1, 90, ""), "INVALID_RANGE"},
		"another's recording": {createHighlight(key(), "h3", "r2", 0, 1, ""), "NOT_FOUND"},
		"no id":               {createHighlight(key(), "", "r1", 0, 1, ""), "INVALID_ID"},
		"note of none":        {&syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_UpdateHighlight{UpdateHighlight: &syncv1.UpdateHighlight{Id: "nope", Note: "x"}}}, "NOT_FOUND"},
	} {
		t.Run(name, func(t *testing.T) { wantRejected(t, e.push("u1", tc.m)[0], tc.code) })
	}
}

func TestDeleteRecording_TakesItsHighlightsAlong(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Standup")
	wantApplied(t, e.push("u1", createHighlight(key(), "h1", "r1", 0, 3, ""))[0])
	_, cursor := e.pullAll("u1", "", 0)
	wantApplied(t, e.push("u1", &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_DeleteRecording{DeleteRecording: &syncv1.DeleteRecording{Id: "r1"}}})[0])
	changes, _ := e.pullAll("u1", cursor, 0)
	kinds := map[syncv1.EntityKind]bool{}
	for _, c := range changes {
		kinds[c.GetTombstone().GetKind()] = true
	}
	if !kinds[syncv1.EntityKind_ENTITY_KIND_HIGHLIGHT] || !kinds[syncv1.EntityKind_ENTITY_KIND_RECORDING] {
		t.Fatalf("pulled %v, want tombstones of the recording and its highlight", changes)
	}
	if _, err := e.hls.Get(ctx, "u1", "h1"); err == nil {
		t.Fatal("the deleted recording's highlight is still there")
	}
}
