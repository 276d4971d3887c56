package relaysync_test

import (
	"strings"
	"testing"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/server/relaysync"
)

// TestPush_TemplateEditsAreRefusedClearlyThroughARelay: the mirror keeps no
// templates (the relay forwards their REST routes), so their sync edits are
// refused for good with UNSUPPORTED (ADR 25) and nothing reaches the upstream.
func TestPush_TemplateEditsAreRefusedClearlyThroughARelay(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	before := e.up.count(alice.token, "POST", "")
	sections := []*syncv1.TemplateSection{{Heading: "Wins"}}
	for _, m := range []*syncv1.Mutation{
		{IdempotencyKey: "t1", Op: &syncv1.Mutation_CreateTemplate{CreateTemplate: &syncv1.CreateTemplate{Id: "tpl_a", Name: "A", Sections: sections}}},
		{IdempotencyKey: "t2", Op: &syncv1.Mutation_UpdateTemplate{UpdateTemplate: &syncv1.UpdateTemplate{Id: "tpl_a", Name: "B", Sections: sections}}},
		{IdempotencyKey: "t3", Op: &syncv1.Mutation_DeleteTemplate{DeleteTemplate: &syncv1.DeleteTemplate{Id: "tpl_a"}}},
	} {
		r := e.push(alice, m)[0]
		if r.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || r.GetErrorCode() != "UNSUPPORTED" || !strings.Contains(r.GetErrorMessage(), "relay") {
			t.Fatalf("%s answered %v, want UNSUPPORTED naming the relay", m.GetIdempotencyKey(), r)
		}
	}
	if e.up.count(alice.token, "POST", "") != before {
		t.Fatal("a template edit was sent to the upstream")
	}
}
