package sync_test

import (
	"strings"
	"testing"

	"connectrpc.com/connect"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// A note written offline is an UpdateRecording edit like a title: applied,
// shown in the REST detail, pulled by other devices; one past the limit is
// refused for good with the REST API's code.
func TestSyncService_ANoteEditedOfflineIsAppliedAndPulled(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	c := client(s, alice.IDToken)
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "n-1", "title": "Planning"}})
	start, err := c.Pull(ctx, connect.NewRequest(&syncv1.PullRequest{}))
	if err != nil {
		t.Fatal(err)
	}

	note, tooLong := "Written on the train: **call Ada**", strings.Repeat("x", recordings.MaxNoteBytes+1)
	pushed, err := c.Push(ctx, connect.NewRequest(&syncv1.PushRequest{Mutations: []*syncv1.Mutation{
		{IdempotencyKey: "note-1", Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: "n-1", Note: &note}}},
		{IdempotencyKey: "note-2", Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: "n-1", Note: &tooLong}}},
	}}))
	if err != nil {
		t.Fatal(err)
	}
	results := pushed.Msg.GetResults()
	if results[0].GetOutcome() != syncv1.Outcome_OUTCOME_APPLIED || !strings.Contains(results[0].GetCurrent().GetRecording().GetItemJson(), "call Ada") {
		t.Fatalf("the note's push = %v", results[0])
	}
	if results[1].GetOutcome() != syncv1.Outcome_OUTCOME_REJECTED || results[1].GetErrorCode() != "NOTE_TOO_LARGE" {
		t.Fatalf("a note past the limit = %v", results[1])
	}

	var detail struct {
		Data struct{ Recording struct{ Note string } }
	}
	alice.MustOK("GET", "/api/v1/recordings/n-1", nil, &detail)
	if detail.Data.Recording.Note != note {
		t.Fatalf("REST detail's note %q", detail.Data.Recording.Note)
	}
	other, err := c.Pull(ctx, connect.NewRequest(&syncv1.PullRequest{Cursor: start.Msg.GetCursor()}))
	if err != nil {
		t.Fatal(err)
	}
	if ch := other.Msg.GetChanges(); len(ch) != 1 || !strings.Contains(ch[0].GetRecording().GetItemJson(), "call Ada") {
		t.Fatalf("another device pulls %v", ch)
	}
}
