package remote

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/llm"
	"github.com/pocket-companion/pocket/tests/enginetest"
)

// fakeModel answers with fixed text, or fails, and records what it was asked.
type fakeModel struct {
	answer string
	err    error
	asked  []llm.Request
}

func (f *fakeModel) Complete(_ context.Context, req llm.Request) (string, error) {
	f.asked = append(f.asked, req)
	return f.answer, f.err
}

func (f *fakeModel) Stream(ctx context.Context, req llm.Request, onDelta func(string)) (string, error) {
	text, err := f.Complete(ctx, req)
	if err == nil && onDelta != nil {
		onDelta(text)
	}
	return text, err
}

func (f *fakeModel) Model() string { return "fake-1" }

func TestRemoteAnswer_GroundedPromptAndCitedSources(t *testing.T) {
	m := &fakeModel{answer: "Daniel Okafor said at 1:16 that the new date is Tuesday, December first [8]. Priya agreed [7, 10]."}
	rec := enginetest.Fixture(t, "01")
	var streamed strings.Builder
	a, err := New(m).Answer(context.Background(), rec, engine.Question{
		Text:    "What is the new release date?",
		History: []engine.Turn{{Role: "user", Content: "Hi"}, {Role: "assistant", Content: "Hello"}},
		OnDelta: func(s string) { streamed.WriteString(s) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(a.Text, "[8]") || !strings.Contains(a.Text, "Tuesday, December first.") {
		t.Fatalf("citation markers must be removed: %q", a.Text)
	}
	if len(a.Sources) != 3 || a.Sources[0].SegmentIndex != 7 || a.Sources[1].SegmentIndex != 8 || a.Sources[1].Speaker != "Daniel Okafor" {
		t.Fatalf("sources %+v", a.Sources)
	}
	if streamed.Len() == 0 {
		t.Fatal("deltas were not passed on")
	}
	msgs := m.asked[0].Messages
	system := msgs[0].Content
	for _, want := range []string{"Answer only from the recording", "I couldn't find that in this recording.", "Title: Weekly Product Sync",
		"[8] 1:16 Daniel Okafor: Tuesday, December first.", "## Release 3.4 moves to December 1", "Fix payment retry race"} {
		if !strings.Contains(system, want) {
			t.Errorf("prompt lacks %q", want)
		}
	}
	if len(msgs) != 4 || msgs[1].Content != "Hi" || msgs[3].Content != "What is the new release date?" {
		t.Fatalf("messages %+v", msgs)
	}
}

func TestRemoteAnswer_UncitedAnswerGetsMatchingPassagesAndFailuresAreUnavailable(t *testing.T) {
	rec := enginetest.Fixture(t, "01")
	a, err := New(&fakeModel{answer: "The release moves to Tuesday, December first, after Leo fixes the retry queue race."}).
		Answer(context.Background(), rec, engine.Question{Text: "When is the new release date?"})
	if err != nil || !enginetest.HasSegment(a.Sources, 8) {
		t.Fatalf("sources %+v, %v", a.Sources, err)
	}
	_, err = New(&fakeModel{err: errors.New("llm: the model server answered 503")}).Answer(context.Background(), rec, engine.Question{Text: "x"})
	if !errors.Is(err, engine.ErrUnavailable) {
		t.Fatalf("err %v", err)
	}
}

func TestTranscriptExcerpt_LongRecordingKeepsTheRelevantPassage(t *testing.T) {
	rec := enginetest.Fixture(t, "07")
	ex := transcriptExcerpt(rec, "When is the second midterm and where?", transcriptBudget)
	if len(ex) > transcriptBudget || !strings.Contains(ex, "[5] 1:12") || !strings.Contains(ex, "Hall B") || !strings.Contains(ex, "…\n") {
		t.Fatalf("excerpt of %d chars lacks the answer or gap marks", len(ex))
	}
}

func TestRemoteSummarize_ModelProseWithLocalMapsAndFallback(t *testing.T) {
	rec := enginetest.WithoutSummary(enginetest.Fixture(t, "01"))
	good := `Here you go: {"title":"Weekly sync","description":"Four people plan the 3.4 release.",
		"summary_markdown":"## Overview\nRelease moves.\n\n## Decisions\n- Ship the checklist",
		"action_items":[{"title":"Email pilot customers","description":"Priya, today","priority":"high","subtasks":["Draft email"]}]}`
	sum, err := New(&fakeModel{answer: good}).Summarize(context.Background(), rec, engine.SummaryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Title != "Weekly sync" || !strings.HasPrefix(sum.Markdown, "## Overview\nRelease moves.") || sum.GeneratedBy != "llm:fake-1" {
		t.Fatalf("summary %+v", sum)
	}
	if len(sum.ActionItems) != 1 || sum.ActionItems[0].Priority != "HIGH" || sum.ActionItems[0].Subtasks[0].Title != "Draft email" {
		t.Fatalf("items %+v", sum.ActionItems)
	}
	if len(sum.FlowMap.Nodes) < 5 || len(sum.SpeakerMap.Nodes) != 4 {
		t.Fatal("maps must come from the local engine")
	}
	for name, model := range map[string]*fakeModel{
		"model down":  {err: errors.New("connection refused")},
		"one section": {answer: `{"title":"x","summary_markdown":"## Only\nOne"}`},
		"not json":    {answer: "Sorry, I cannot do that."},
	} {
		sum, err := New(model).Summarize(context.Background(), rec, engine.SummaryOptions{})
		if err != nil || !strings.HasPrefix(sum.GeneratedBy, "local") || !strings.Contains(sum.Markdown, "## Key points") {
			t.Errorf("%s: want the local summary, got %q, %v", name, sum.GeneratedBy, err)
		}
	}
}
