package local

import (
	"context"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/engine"
)

func TestAnswerLibrary_QuotesAndCitesTheBestPassages(t *testing.T) {
	passages := []engine.Passage{
		{RecordingID: "rec_a", Title: "Weekly Product Sync", Kind: engine.PassageTranscript, SegmentIndex: 8, Speaker: "Daniel Okafor", Start: 76, Text: "Okay. We talked about it. The release moves to Tuesday, December first. Any questions?",
			Lines: []engine.Segment{{Index: 7, Text: "Okay."}, {Index: 8, Speaker: "Daniel Okafor", Start: 76, Text: "We talked about it. The release moves to Tuesday, December first. Any questions?"}}},
		{RecordingID: "rec_a", Title: "Weekly Product Sync", Kind: engine.PassageTranscript, SegmentIndex: 9, Speaker: "Priya Raman", Start: 80, Text: "Overlapping window, left out.",
			Lines: []engine.Segment{{Index: 8}, {Index: 9, Text: "Overlapping window, left out."}}},
		{RecordingID: "rec_b", Title: "Note: 3.4 release to-dos", Kind: engine.PassageSummary, SegmentIndex: -1, Text: "Release: 3.4 ships December 1."},
	}
	a, err := New().AnswerLibrary(context.Background(), passages, engine.Question{Text: "When is the release?"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"From 2 of your recordings", "**Weekly Product Sync** Daniel Okafor at 1:16: “The release moves to Tuesday, December first.”", "**Note: 3.4 release to-dos** (summary)"} {
		if !strings.Contains(a.Text, want) {
			t.Fatalf("answer lacks %q:\n%s", want, a.Text)
		}
	}
	if len(a.Sources) != 2 || a.Sources[0].RecordingID != "rec_a" || a.Sources[0].Start != 76 || a.Sources[0].RecordingTitle != "Weekly Product Sync" || a.Sources[1].RecordingID != "rec_b" {
		t.Fatalf("sources %+v", a.Sources)
	}
}

func TestAnswerLibrary_NothingFoundSaysSo(t *testing.T) {
	a, err := New().AnswerLibrary(context.Background(), nil, engine.Question{Text: "Where are the zeppelins?"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a.Text, engine.LibraryNotFound) || len(a.Sources) != 0 {
		t.Fatalf("got %+v", a)
	}
}
