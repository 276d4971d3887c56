package sync_test

import (
	"encoding/json"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protowire"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// The rules of sync are one engine's (pkg/syncer) over two backends: the
// embedded provider's store, and a relay's mirror of an upstream it sends
// each edit to. These run each rule the two share against a whole server
// of either mode, over Connect as a device calls it.

// stack is where a device syncs (sync) and where its library is kept
// (library: the embedded server itself, or the relay's upstream).
type stack struct {
	sync, library *servertest.Server
}

var backends = []struct {
	name  string
	start func(t *testing.T) stack
}{
	{"embedded", func(t *testing.T) stack {
		s := servertest.Start(t, nil)
		return stack{sync: s, library: s}
	}},
	{"relay", func(t *testing.T) stack {
		up := servertest.Start(t, nil)
		relay := servertest.Start(t, func(c *config.Config) {
			c.UpstreamURL = up.URL
			c.UpstreamJWKSURL = up.URL + "/api/v1/auth/jwks"
		})
		return stack{sync: relay, library: up}
	}},
}

// device is a signed-in person: their sync client and their library's REST API.
type device struct {
	t    *testing.T
	sync syncv1connect.SyncServiceClient
	rest *servertest.Client
}

func (st stack) signIn(t *testing.T, email string) device {
	rest := st.library.SignIn(t, email)
	return device{t: t, sync: client(st.sync, rest.IDToken), rest: rest}
}

func (d device) push(muts ...*syncv1.Mutation) []*syncv1.MutationResult {
	d.t.Helper()
	res, err := d.sync.Push(ctx, connect.NewRequest(&syncv1.PushRequest{Mutations: muts}))
	if err != nil {
		d.t.Fatal(err)
	}
	if len(res.Msg.GetResults()) != len(muts) {
		d.t.Fatalf("%d results for %d mutations", len(res.Msg.GetResults()), len(muts))
	}
	return res.Msg.GetResults()
}

// upload makes a recording with a short transcript, to edit and ask about.
func (d device) upload(id, name string) {
	d.t.Helper()
	d.rest.MustOK("POST", "/api/v1/recordings", map[string]any{
		"recording":     map[string]any{"id": id, "title": name},
		"transcription": map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "We agreed the budget is forty thousand.", "start_time": 0, "end_time": 4}}},
	})
}

// titleAt is the recording's title in the library itself.
func (d device) titleAt(id string) string {
	d.t.Helper()
	var detail struct {
		Data struct {
			Recording struct{ Title string }
		}
	}
	d.rest.MustOK("GET", "/api/v1/recordings/"+id, nil, &detail)
	return detail.Data.Recording.Title
}

func renameTo(key, id, name string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: id, Title: title(name)}}}
}

func wantResult(t *testing.T, r *syncv1.MutationResult, outcome syncv1.Outcome, code string) {
	t.Helper()
	if r.GetOutcome() != outcome || r.GetErrorCode() != code {
		t.Fatalf("result %v, want %v %q", r, outcome, code)
	}
}

func itemTitle(t *testing.T, c *syncv1.Change) string {
	t.Helper()
	var item struct{ Title string }
	if err := json.Unmarshal([]byte(c.GetRecording().GetItemJson()), &item); err != nil {
		t.Fatalf("current %v: %v", c, err)
	}
	return item.Title
}

var sharedRules = []struct {
	name  string
	check func(t *testing.T, st stack)
}{
	{"an applied edit answers the entity's current state at its version", func(t *testing.T, st stack) {
		d := st.signIn(t, "current@example.com")
		d.upload("r-cur", "Original")
		r := d.push(renameTo("k1", "r-cur", "Renamed offline"))[0]
		wantResult(t, r, syncv1.Outcome_OUTCOME_APPLIED, "")
		if itemTitle(t, r.GetCurrent()) != "Renamed offline" || r.GetCurrent().GetRecording().GetVersion() != r.GetCurrent().GetSeq() || r.GetCurrent().GetSeq() == 0 {
			t.Fatalf("current %v", r.GetCurrent())
		}
		if got := d.titleAt("r-cur"); got != "Renamed offline" {
			t.Fatalf("the library has %q", got)
		}
	}},
	{"a resent key is answered, not applied again, with today's state", func(t *testing.T, st stack) {
		d := st.signIn(t, "replay@example.com")
		d.upload("r-rep", "Original")
		first := renameTo("mine", "r-rep", "Mine")
		wantResult(t, d.push(first)[0], syncv1.Outcome_OUTCOME_APPLIED, "")
		wantResult(t, d.push(renameTo("theirs", "r-rep", "Theirs"))[0], syncv1.Outcome_OUTCOME_APPLIED, "")
		again := d.push(first)[0]
		wantResult(t, again, syncv1.Outcome_OUTCOME_APPLIED, "")
		if !again.GetReplayed() || itemTitle(t, again.GetCurrent()) != "Theirs" {
			t.Fatalf("the resent key answered %v", again)
		}
		if got := d.titleAt("r-rep"); got != "Theirs" {
			t.Fatalf("the replay applied again: the library has %q", got)
		}
		wantResult(t, d.push(renameTo("mine", "r-rep", "Something else"))[0], syncv1.Outcome_OUTCOME_REJECTED, "IDEMPOTENCY_KEY_REUSED")
	}},
	{"another user's recording is refused as not found, and the refusal kept", func(t *testing.T, st stack) {
		alice, bob := st.signIn(t, "alice@example.com"), st.signIn(t, "bob@example.com")
		alice.upload("r-alice", "Alice's plan")
		r := bob.push(renameTo("b1", "r-alice", "Mine now"))[0]
		wantResult(t, r, syncv1.Outcome_OUTCOME_REJECTED, "NOT_FOUND")
		if r.GetErrorMessage() == "" || r.GetCurrent() != nil {
			t.Fatalf("the refusal %v", r)
		}
		again := bob.push(renameTo("b1", "r-alice", "Mine now"))[0]
		wantResult(t, again, syncv1.Outcome_OUTCOME_REJECTED, "NOT_FOUND")
		if !again.GetReplayed() || alice.titleAt("r-alice") != "Alice's plan" {
			t.Fatalf("the resent refusal %v", again)
		}
	}},
	{"malformed mutations are refused before the library hears of them", func(t *testing.T, st stack) {
		d := st.signIn(t, "malformed@example.com")
		d.upload("r-bad", "Original")
		unknown := &syncv1.UpdateRecording{Id: "r-bad", Title: title("From a newer app")}
		unknown.ProtoReflect().SetUnknown(protowire.AppendVarint(protowire.AppendTag(nil, 77, protowire.VarintType), 1))
		res := d.push(
			renameTo("", "r-bad", "No key"),
			&syncv1.Mutation{IdempotencyKey: "empty"},
			&syncv1.Mutation{IdempotencyKey: "nothing", Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: "r-bad"}}},
			&syncv1.Mutation{IdempotencyKey: "unknown", Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: unknown}},
		)
		for i, code := range []string{"INVALID_IDEMPOTENCY_KEY", "EMPTY_MUTATION", "INVALID_ARGUMENT", "UNKNOWN_FIELD"} {
			wantResult(t, res[i], syncv1.Outcome_OUTCOME_REJECTED, code)
		}
		if got := d.titleAt("r-bad"); got != "Original" {
			t.Fatalf("the library has %q", got)
		}
	}},
	{"a folder made offline under a taken name is the existing one, moves included", func(t *testing.T, st stack) {
		d := st.signIn(t, "folders@example.com")
		d.upload("r-move", "To file")
		var existing struct {
			Data struct{ ID string } `json:"data"`
		}
		d.rest.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Archive"}, &existing)
		res := d.push(
			&syncv1.Mutation{IdempotencyKey: "f1", Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: "device-folder", Name: "archive"}}},
			&syncv1.Mutation{IdempotencyKey: "f2", Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: "r-move", FolderId: title("device-folder")}}},
		)
		wantResult(t, res[0], syncv1.Outcome_OUTCOME_APPLIED, "")
		if got := res[0].GetCurrent().GetFolder().GetId(); got != existing.Data.ID {
			t.Fatalf("the folder made offline answered %q, want the existing %q", got, existing.Data.ID)
		}
		if got := res[1].GetCurrent().GetRecording().GetFolderId(); got != existing.Data.ID {
			t.Fatalf("the move landed in %q, want %q", got, existing.Data.ID)
		}
	}},
	{"a queued question is asked once however often it is sent", func(t *testing.T, st stack) {
		d := st.signIn(t, "asker@example.com")
		d.upload("r-ask", "Budget call")
		ask := &syncv1.Mutation{IdempotencyKey: "q1", Op: &syncv1.Mutation_AskQuestion{AskQuestion: &syncv1.AskQuestion{RecordingId: "r-ask", Message: "What was the budget?"}}}
		first, again := d.push(ask)[0], d.push(ask)[0]
		wantResult(t, first, syncv1.Outcome_OUTCOME_APPLIED, "")
		if !strings.Contains(first.GetAnswerJson(), "assistantMessage") || !again.GetReplayed() || again.GetAnswerJson() != first.GetAnswerJson() {
			t.Fatalf("asked %v, then %v", first, again)
		}
		var session struct{ Data struct{ ID string } }
		d.rest.MustOK("GET", "/api/v1/chat/session/r-ask", nil, &session)
		var msgs struct{ Data []struct{ Role string } }
		d.rest.MustOK("GET", "/api/v1/chat/session/"+session.Data.ID+"/messages", nil, &msgs)
		if len(msgs.Data) != 2 {
			t.Fatalf("the conversation holds %d messages; asked once, so 2", len(msgs.Data))
		}
	}},
}

func TestSyncService_SharedRulesHoldOverBothBackends(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			st := b.start(t)
			for _, rule := range sharedRules {
				t.Run(rule.name, func(t *testing.T) { rule.check(t, st) })
			}
		})
	}
}
