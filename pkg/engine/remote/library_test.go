package remote

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/engine"
)

var libraryPassages = []engine.Passage{
	{RecordingID: "rec_a", Title: "Weekly Product Sync", Kind: engine.PassageTranscript, SegmentIndex: 8, Speaker: "Daniel Okafor", Start: 76, Text: "Tuesday, December first."},
	{RecordingID: "rec_b", Title: "Note: 3.4 release to-dos", Kind: engine.PassageSummary, SegmentIndex: -1, Text: "Release: 3.4 ships December 1."},
}

func TestRemoteAnswerLibrary_PassagesGroundThePromptAndCitationsMapBack(t *testing.T) {
	m := &fakeModel{answer: "The 3.4 release moved to December 1 [1][2]. Nothing else [7]."}
	a, err := New(m).AnswerLibrary(context.Background(), libraryPassages, engine.Question{Text: "When is the 3.4 release?"})
	if err != nil {
		t.Fatal(err)
	}
	system := m.asked[0].Messages[0].Content
	for _, want := range []string{"numbered passages", engine.LibraryNotFound, "[1] (Weekly Product Sync, 1:16, Daniel Okafor) Tuesday, December first.", "[2] (Note: 3.4 release to-dos, summary) Release: 3.4 ships December 1."} {
		if !strings.Contains(system, want) {
			t.Fatalf("the prompt lacks %q:\n%s", want, system)
		}
	}
	if last := m.asked[0].Messages[len(m.asked[0].Messages)-1]; last.Role != "user" || last.Content != "When is the 3.4 release?" {
		t.Fatalf("the question must come last: %+v", last)
	}
	if strings.Contains(a.Text, "[1]") || !strings.Contains(a.Text, "moved to December 1") {
		t.Fatalf("markers must be removed: %q", a.Text)
	}
	if len(a.Sources) != 2 || a.Sources[0].RecordingID != "rec_a" || a.Sources[0].Start != 76 || a.Sources[1].RecordingID != "rec_b" || a.Sources[1].Kind != engine.PassageSummary {
		t.Fatalf("a citation must map back to its passage, a number without one is dropped: %+v", a.Sources)
	}
}

func TestRemoteAnswerLibrary_ModelDownIsUnavailable(t *testing.T) {
	_, err := New(&fakeModel{err: errors.New("connection refused")}).AnswerLibrary(context.Background(), libraryPassages, engine.Question{Text: "x"})
	if !errors.Is(err, engine.ErrUnavailable) {
		t.Fatalf("got %v", err)
	}
}
