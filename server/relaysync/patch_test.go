package relaysync_test

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/server/relaysync"
)

func TestPush_StarAndArchiveReachTheUpstreamAndItsFilters(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 2)
	e.pullAll(alice, "")
	yes := true
	res := e.push(alice, &syncv1.Mutation{IdempotencyKey: "k1", Op: &syncv1.Mutation_UpdateRecording{
		UpdateRecording: &syncv1.UpdateRecording{Id: ids[0], Starred: &yes, Archived: &yes}}})
	wantOutcome(t, res[0], syncv1.Outcome_OUTCOME_APPLIED)
	if item := res[0].GetCurrent().GetRecording().GetItemJson(); !strings.Contains(item, `"starred":true`) || !strings.Contains(item, `"archived":true`) {
		t.Fatalf("the update's current is %s", item)
	}
	var listed struct {
		Data []struct{ ID string } `json:"data"`
	}
	alice.rest.MustOK("GET", "/api/v1/recordings/dashboard?starred=true&archived=true", nil, &listed)
	if len(listed.Data) != 1 || listed.Data[0].ID != ids[0] {
		t.Fatalf("the upstream's starred and archived: %+v", listed.Data)
	}
}

func TestPush_AnEditWithAFieldUnknownHereIsRefusedBeforeTheUpstream(t *testing.T) {
	e := newEnv(t, relaysync.Options{})
	alice := e.signIn("alice@example.com")
	ids := e.uploadFixtures(alice, 1)
	u := &syncv1.UpdateRecording{Id: ids[0], Title: str("From a newer app")}
	u.ProtoReflect().SetUnknown(protowire.AppendVarint(protowire.AppendTag(nil, 77, protowire.VarintType), 1))
	res := e.push(alice, &syncv1.Mutation{IdempotencyKey: "k1", Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: u}})
	if res[0].GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || res[0].GetErrorCode() != "UNKNOWN_FIELD" {
		t.Fatalf("result %v", res[0])
	}
	if r := alice.rest.Do("GET", "/api/v1/recordings/"+ids[0], nil); strings.Contains(string(r.Body), "From a newer app") {
		t.Fatalf("the upstream was changed: %s", r.Body)
	}
}
