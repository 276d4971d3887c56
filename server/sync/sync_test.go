package sync_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/pkg/syncer"
	"github.com/pocket-companion/pocket/tests/servertest"
)

var ctx = context.Background()

// client is the generated Connect client, presenting token (none when "").
func client(s *servertest.Server, token string) syncv1connect.SyncServiceClient {
	return syncv1connect.NewSyncServiceClient(http.DefaultClient, s.URL, connect.WithInterceptors(bearer(token)))
}

func bearer(token string) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			if token != "" {
				req.Header().Set("Authorization", "Bearer "+token)
			}
			return next(ctx, req)
		}
	}
}

func wantCode(t *testing.T, err error, code connect.Code) {
	t.Helper()
	var ce *connect.Error
	if !errors.As(err, &ce) || ce.Code() != code {
		t.Fatalf("error %v, want code %v", err, code)
	}
}

func title(s string) *string { return &s }

func TestSyncService_RefusesAnonymousAndBadTokens(t *testing.T) {
	s := servertest.Start(t, nil)
	for name, token := range map[string]string{"anonymous": "", "forged": "not.a.token"} {
		t.Run(name, func(t *testing.T) {
			c := client(s, token)
			_, err := c.Pull(ctx, connect.NewRequest(&syncv1.PullRequest{}))
			wantCode(t, err, connect.CodeUnauthenticated)
			_, err = c.Push(ctx, connect.NewRequest(&syncv1.PushRequest{}))
			wantCode(t, err, connect.CodeUnauthenticated)
		})
	}
}

func TestSyncService_RESTUploadAndConnectEditMeetInOneLog(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	c := client(s, alice.IDToken)

	first, err := c.Pull(ctx, connect.NewRequest(&syncv1.PullRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "up-1", "title": "From the device"}})
	pulled, err := c.Pull(ctx, connect.NewRequest(&syncv1.PullRequest{Cursor: first.Msg.GetCursor()}))
	if err != nil {
		t.Fatal(err)
	}
	if len(pulled.Msg.GetChanges()) != 1 || !strings.Contains(pulled.Msg.GetChanges()[0].GetRecording().GetItemJson(), "From the device") {
		t.Fatalf("pull after an upload = %v", pulled.Msg.GetChanges())
	}

	pushed, err := c.Push(ctx, connect.NewRequest(&syncv1.PushRequest{Mutations: []*syncv1.Mutation{{
		IdempotencyKey: "k-1",
		Op:             &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: "up-1", Title: title("Renamed offline")}},
	}}}))
	if err != nil {
		t.Fatal(err)
	}
	if r := pushed.Msg.GetResults()[0]; r.GetOutcome() != syncv1.Outcome_OUTCOME_APPLIED {
		t.Fatalf("push = %v", r)
	}
	var detail struct {
		Data struct {
			Recording struct{ Title string }
		}
	}
	alice.MustOK("GET", "/api/v1/recordings/up-1?include=all", nil, &detail)
	if detail.Data.Recording.Title != "Renamed offline" {
		t.Fatalf("REST detail shows %q", detail.Data.Recording.Title)
	}
}

func TestSyncService_AnotherUsersDataIsNotFound(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	bob := client(s, s.SignIn(t, "bob@example.com").IDToken)
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "alice-1", "title": "Alice's plan"}})

	pushed, err := bob.Push(ctx, connect.NewRequest(&syncv1.PushRequest{Mutations: []*syncv1.Mutation{{
		IdempotencyKey: "bob-1",
		Op:             &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: "alice-1", Title: title("pwned")}},
	}}}))
	if err != nil {
		t.Fatal(err)
	}
	if r := pushed.Msg.GetResults()[0]; r.GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || r.GetErrorCode() != "NOT_FOUND" || r.GetCurrent() != nil {
		t.Fatalf("bob's push on alice's recording = %v", r)
	}
	pulled, err := bob.Pull(ctx, connect.NewRequest(&syncv1.PullRequest{}))
	if err != nil {
		t.Fatal(err)
	}
	if len(pulled.Msg.GetChanges()) != 0 {
		t.Fatalf("bob pulls %v", pulled.Msg.GetChanges())
	}
}

func TestSyncService_OversizedPushIsInvalid(t *testing.T) {
	s := servertest.Start(t, nil)
	c := client(s, s.SignIn(t, "alice@example.com").IDToken)
	muts := make([]*syncv1.Mutation, syncer.MaxPushMutations+1)
	for i := range muts {
		muts[i] = &syncv1.Mutation{IdempotencyKey: "k"}
	}
	_, err := c.Push(ctx, connect.NewRequest(&syncv1.PushRequest{Mutations: muts}))
	wantCode(t, err, connect.CodeInvalidArgument)
}

func TestSyncService_AQueuedQuestionIsAskedOnce(t *testing.T) {
	alice, c := budgetCall(t, "r-q")
	ask := &syncv1.Mutation{IdempotencyKey: "q-1", Op: &syncv1.Mutation_AskQuestion{AskQuestion: &syncv1.AskQuestion{
		RecordingId: "r-q", Message: "What was the budget?"}}}
	var answers []string
	for i := 0; i < 3; i++ {
		res, err := c.Push(ctx, connect.NewRequest(&syncv1.PushRequest{Mutations: []*syncv1.Mutation{ask}}))
		if err != nil {
			t.Fatal(err)
		}
		r := res.Msg.GetResults()[0]
		if r.GetOutcome() != syncv1.Outcome_OUTCOME_APPLIED || r.GetReplayed() != (i > 0) {
			t.Fatalf("push %d = %v", i+1, r)
		}
		answers = append(answers, r.GetAnswerJson())
	}
	if answers[0] != answers[1] || answers[1] != answers[2] || !strings.Contains(answers[0], "assistantMessage") {
		t.Fatalf("answers differ or are empty: %q", answers)
	}
	var session struct{ Data struct{ ID string } }
	alice.MustOK("GET", "/api/v1/chat/session/r-q", nil, &session)
	var msgs struct{ Data []struct{ Role string } }
	alice.MustOK("GET", "/api/v1/chat/session/"+session.Data.ID+"/messages", nil, &msgs)
	if len(msgs.Data) != 2 {
		t.Fatalf("the conversation holds %d messages; the question was asked once, so 2", len(msgs.Data))
	}
}

// A question queued in one of several conversations about a recording lands
// in that one, not in the latest; one without a session goes to the latest.
func TestSyncService_AQueuedQuestionGoesToItsConversation(t *testing.T) {
	alice, c := budgetCall(t, "r-c")
	var first, second struct{ Data struct{ ID string } }
	alice.MustOK("POST", "/api/v1/chat/recording/r-c/sessions", nil, &first)
	alice.MustOK("POST", "/api/v1/chat/recording/r-c/sessions", nil, &second) // the latest
	push := func(key, sessionID string) {
		t.Helper()
		m := &syncv1.Mutation{IdempotencyKey: key, Op: &syncv1.Mutation_AskQuestion{AskQuestion: &syncv1.AskQuestion{
			RecordingId: "r-c", Message: "What was the budget?", SessionId: sessionID}}}
		res, err := c.Push(ctx, connect.NewRequest(&syncv1.PushRequest{Mutations: []*syncv1.Mutation{m}}))
		if err != nil || res.Msg.GetResults()[0].GetOutcome() != syncv1.Outcome_OUTCOME_APPLIED {
			t.Fatalf("push %s: %v %v", key, res, err)
		}
	}
	count := func(sessionID string) int {
		var msgs struct{ Data []struct{ Role string } }
		alice.MustOK("GET", "/api/v1/chat/session/"+sessionID+"/messages", nil, &msgs)
		return len(msgs.Data)
	}
	push("q-first", first.Data.ID)
	if count(first.Data.ID) != 2 || count(second.Data.ID) != 0 {
		t.Fatalf("asked in the first: first has %d, second %d messages", count(first.Data.ID), count(second.Data.ID))
	}
	// The first is now the latest: a question without a session goes there too.
	push("q-latest", "")
	if count(first.Data.ID) != 4 || count(second.Data.ID) != 0 {
		t.Fatalf("asked in the latest: first has %d, second %d messages", count(first.Data.ID), count(second.Data.ID))
	}
}

// budgetCall is a server where alice owns a short recording to ask about, and her sync client.
func budgetCall(t *testing.T, id string) (*servertest.Client, syncv1connect.SyncServiceClient) {
	t.Helper()
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{
		"recording":     map[string]any{"id": id, "title": "Budget call"},
		"transcription": map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "We agreed the budget is forty thousand.", "start_time": 0, "end_time": 4}}},
	})
	return alice, client(s, alice.IDToken)
}
