package relaysync_test

import (
	"testing"
	"time"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/server/relaysync"
)

// A device's template id, in the server's own shape.
const devTpl = "tpl_0000000000000001deadbeef"

var wins = []*syncv1.TemplateSection{{Heading: "Wins", Instruction: "What went well."}}

func createTpl(key, id, name string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_CreateTemplate{CreateTemplate: &syncv1.CreateTemplate{Id: id, Name: name, Sections: wins}}}
}

func updateTpl(key, id, name string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_UpdateTemplate{UpdateTemplate: &syncv1.UpdateTemplate{Id: id, Name: name, Sections: wins}}}
}

func deleteTpl(key, id string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_DeleteTemplate{DeleteTemplate: &syncv1.DeleteTemplate{Id: id}}}
}

// ownTemplates lists p's own templates at the upstream, over its REST API.
func ownTemplates(t *testing.T, p person) map[string]string {
	t.Helper()
	var ans struct {
		Data []struct {
			ID, Name string
			Builtin  bool
		}
	}
	p.rest.MustOK("GET", "/api/v1/templates", nil, &ans)
	out := map[string]string{}
	for _, tpl := range ans.Data {
		if !tpl.Builtin {
			out[tpl.ID] = tpl.Name
		}
	}
	return out
}

// templateChanges are the template states and tombstones among changes, by id.
func templateChanges(changes []*syncv1.Change) (states map[string]*syncv1.TemplateState, gone map[string]bool) {
	states, gone = map[string]*syncv1.TemplateState{}, map[string]bool{}
	for _, c := range changes {
		if s := c.GetTemplate(); s != nil {
			states[s.GetId()] = s
		}
		if ts := c.GetTombstone(); ts != nil && ts.GetKind() == syncv1.EntityKind_ENTITY_KIND_TEMPLATE {
			gone[ts.GetId()] = true
		}
	}
	return states, gone
}

// TestPush_TemplateMadeThroughTheRelayLandsUpstreamOnceEvenSentTwice: a
// create becomes the upstream's POST with the device's id; sent again under
// another key (its first answer was lost), it answers the same template and
// the upstream still has one. Its answer's `current` and another device's
// pull carry it; an edit and a delete reach the upstream and the pull too.
func TestPush_TemplateMadeThroughTheRelayLandsUpstreamOnceEvenSentTwice(t *testing.T) {
	e := newEnv(t, relaysync.Options{Rate: 10_000}) // every pull refreshes: the budget is not what is tested
	alice := e.signIn("alice@example.com")
	_, cursor := e.pullAll(alice, "")
	for _, key := range []string{"t1", "t1-resent"} {
		r := e.push(alice, createTpl(key, devTpl, "Retro"))[0]
		wantOutcome(t, r, syncv1.Outcome_OUTCOME_APPLIED)
		if s := r.GetCurrent().GetTemplate(); s.GetId() != devTpl || s.GetName() != "Retro" || len(s.GetSections()) != 1 {
			t.Fatalf("%s answered current %v, want the template", key, r.GetCurrent())
		}
	}
	if got := ownTemplates(t, alice); len(got) != 1 || got[devTpl] != "Retro" {
		t.Fatalf("upstream has %v, want only %s", got, devTpl)
	}
	if n := e.up.count(alice.token, "POST", "/api/v1/templates"); n != 2 {
		t.Fatalf("%d creates sent upstream, want 2 (one per key)", n)
	}
	wantOutcome(t, e.push(alice, createTpl("t1", devTpl, "Retro"))[0], syncv1.Outcome_OUTCOME_APPLIED)
	if n := e.up.count(alice.token, "POST", "/api/v1/templates"); n != 2 {
		t.Fatal("a key already answered was sent upstream again")
	}
	changes, cursor := e.pullAll(alice, cursor)
	if states, _ := templateChanges(changes); states[devTpl].GetName() != "Retro" || len(states) != 1 {
		t.Fatalf("pull carried %v, want the template once", states)
	}

	wantOutcome(t, e.push(alice, updateTpl("t2", devTpl, "Weekly retro"))[0], syncv1.Outcome_OUTCOME_APPLIED)
	if got := ownTemplates(t, alice)[devTpl]; got != "Weekly retro" {
		t.Fatalf("upstream's name %q after the edit", got)
	}
	changes, cursor = e.pullAll(alice, cursor)
	if states, _ := templateChanges(changes); states[devTpl].GetName() != "Weekly retro" {
		t.Fatalf("pull after the edit carried %v", states)
	}

	wantOutcome(t, e.push(alice, deleteTpl("t3", devTpl))[0], syncv1.Outcome_OUTCOME_APPLIED)
	if got := ownTemplates(t, alice); len(got) != 0 {
		t.Fatalf("upstream kept %v after the delete", got)
	}
	changes, _ = e.pullAll(alice, cursor)
	if _, gone := templateChanges(changes); !gone[devTpl] {
		t.Fatalf("pull after the delete carried no tombstone of %s: %v", devTpl, changes)
	}
}

// TestPull_TemplateMadeAtTheUpstreamReachesTheRelaysPull: a template made,
// edited and deleted at the upstream directly (another app, or the REST
// routes) is a change of the relay's log; the built-ins never are.
func TestPull_TemplateMadeAtTheUpstreamReachesTheRelaysPull(t *testing.T) {
	// Every pull refreshes and lists the templates: neither the budget nor
	// the time between template listings is what is tested.
	e := newEnv(t, relaysync.Options{Rate: 10_000, TemplateEvery: time.Nanosecond})
	alice := e.signIn("alice@example.com")
	bob := e.signIn("bob@example.com")
	var made struct{ Data struct{ ID string } }
	body := map[string]any{"name": "Standup", "sections": []map[string]string{{"heading": "Yesterday"}}}
	alice.rest.MustOK("POST", "/api/v1/templates", body, &made)
	changes, cursor := e.pullAll(alice, "")
	states, _ := templateChanges(changes)
	if len(states) != 1 || states[made.Data.ID].GetName() != "Standup" || states[made.Data.ID].GetCreatedAtMs() == 0 {
		t.Fatalf("first pull carried templates %v, want only alice's own", states)
	}
	if bobs, _ := e.pullAll(bob, ""); len(bobs) > 0 {
		if s, _ := templateChanges(bobs); len(s) > 0 {
			t.Fatalf("bob pulled alice's template: %v", s)
		}
	}

	body["name"] = "Daily"
	alice.rest.MustOK("PUT", "/api/v1/templates/"+made.Data.ID, body, &made)
	changes, cursor = e.pullAll(alice, cursor)
	if states, _ := templateChanges(changes); states[made.Data.ID].GetName() != "Daily" {
		t.Fatalf("pull after the upstream's edit carried %v", states)
	}
	changes, cursor = e.pullAll(alice, cursor)
	if states, gone := templateChanges(changes); len(states)+len(gone) != 0 {
		t.Fatalf("a pull with nothing changed carried %v %v", states, gone)
	}

	alice.rest.MustOK("DELETE", "/api/v1/templates/"+made.Data.ID, nil, &struct{}{})
	changes, _ = e.pullAll(alice, cursor)
	if _, gone := templateChanges(changes); !gone[made.Data.ID] {
		t.Fatalf("pull after the upstream's delete carried no tombstone: %v", changes)
	}
}

// TestPush_TemplateRefusalsThroughTheRelayAreTheEmbeddedPathsCodes: the
// upstream's refusals reach the device with the codes a device sees from a
// server that keeps the templates itself.
func TestPush_TemplateRefusalsThroughTheRelayAreTheEmbeddedPathsCodes(t *testing.T) {
	e := newEnv(t, relaysync.Options{Rate: 10_000}) // every pull refreshes: the budget is not what is tested
	alice := e.signIn("alice@example.com")
	for _, c := range []struct {
		m    *syncv1.Mutation
		code string
	}{
		{createTpl("r1", "folder_1", "A"), "INVALID_ID"},
		{createTpl("r2", devTpl, " "), "INVALID_ARGUMENT"},
		{updateTpl("r3", "meeting", "Mine"), "BUILTIN_TEMPLATE"},
		{updateTpl("r4", "tpl_00000000000000ff00000000", "Gone"), "NOT_FOUND"},
		{deleteTpl("r5", "general"), "BUILTIN_TEMPLATE"},
		{deleteTpl("r6", ""), "NOT_FOUND"},
	} {
		r := e.push(alice, c.m)[0]
		if r.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || r.GetErrorCode() != c.code {
			t.Errorf("%s answered %v, want REJECTED %s", c.m.GetIdempotencyKey(), r, c.code)
		}
	}
	if got := ownTemplates(t, alice); len(got) != 0 {
		t.Fatalf("a refused change left %v upstream", got)
	}
}

// TestRefresh_ListsTemplatesOnlyWhenDue: templates change seldom, so a
// refresh lists them (one more request of the user's budget) the first
// time, after a template write through the relay, and then once a
// TemplateEvery; not on every pull.
func TestRefresh_ListsTemplatesOnlyWhenDue(t *testing.T) {
	e := newEnv(t, relaysync.Options{Rate: 10_000})
	alice := e.signIn("alice@example.com")
	listings := func() int { return e.up.count(alice.token, "GET", "/api/v1/templates") }
	_, cursor := e.pullAll(alice, "")
	_, cursor = e.pullAll(alice, cursor)
	if n := listings(); n != 1 {
		t.Fatalf("two pulls listed the templates %d times, want once", n)
	}
	wantOutcome(t, e.push(alice, createTpl("d1", devTpl, "Retro"))[0], syncv1.Outcome_OUTCOME_APPLIED)
	if n := listings(); n != 2 {
		t.Fatalf("a template's push left %d listings, want the refresh after it to list them", n)
	}
	changes, _ := e.pullAll(alice, cursor)
	if states, _ := templateChanges(changes); states[devTpl] == nil {
		t.Fatalf("the pull after the push lacks the template: %v", changes)
	}
}
