package relaysync_test

import (
	"strings"
	"testing"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/server/relaysync"
)

// TestPush_HighlightEditsAreRefusedClearlyThroughARelay: the mirror keeps no
// highlights, so their edits are refused for good with UNSUPPORTED (ADR 15)
// and nothing is sent to the upstream.
func TestPush_HighlightEditsAreRefusedClearlyThroughARelay(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 1)
	before := e.up.count(alice.token, "POST", "")
	for _, m := range []*syncv1.Mutation{
		{IdempotencyKey: "h1", Op: &syncv1.Mutation_CreateHighlight{CreateHighlight: &syncv1.CreateHighlight{Id: "h", RecordingId: ids[0], Start: 0, End: 2}}},
		{IdempotencyKey: "h2", Op: &syncv1.Mutation_UpdateHighlight{UpdateHighlight: &syncv1.UpdateHighlight{Id: "h", Note: "n"}}},
		{IdempotencyKey: "h3", Op: &syncv1.Mutation_DeleteHighlight{DeleteHighlight: &syncv1.DeleteHighlight{Id: "h"}}},
	} {
		r := e.push(alice, m)[0]
		if r.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || r.GetErrorCode() != "UNSUPPORTED" || !strings.Contains(r.GetErrorMessage(), "relay") {
			t.Fatalf("%s answered %v, want UNSUPPORTED naming the relay", m.GetIdempotencyKey(), r)
		}
	}
	if e.up.count(alice.token, "POST", "") != before {
		t.Fatal("a highlight edit was sent to the upstream")
	}
}
