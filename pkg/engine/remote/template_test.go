package remote

import (
	"context"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/tests/enginetest"
)

var standup = &engine.Template{ID: "tpl_1", Name: "Standup", Sections: []engine.TemplateSection{
	{Heading: "Yesterday", Instruction: "What each person finished."},
	{Heading: "Blockers", Instruction: "What is in the way."},
}}

// The model is given the template's sections and the language; the server
// writes the headings, so the summary has exactly the template's, even when
// the model adds one of its own.
func TestRemoteSummarize_FillsTheTemplatesSectionsInTheLanguageAsked(t *testing.T) {
	rec := enginetest.WithoutSummary(enginetest.Fixture(t, "01"))
	m := &fakeModel{answer: `{"title":"Sync","description":"d","sections":["- Fixed the retry bug\n## Extra","  "],"action_items":[]}`}
	sum, err := New(m).Summarize(context.Background(), rec, engine.SummaryOptions{Template: standup, Language: "de"})
	if err != nil || sum.GeneratedBy != "llm:fake-1" {
		t.Fatalf("%v %q", err, sum.GeneratedBy)
	}
	want := "## Yesterday\n- Fixed the retry bug\nExtra\n\n## Blockers\n" + engine.NothingFits + "\n"
	if strings.TrimSpace(sum.Markdown) != strings.TrimSpace(want) {
		t.Fatalf("markdown:\n%s", sum.Markdown)
	}
	system := m.asked[0].Messages[0].Content
	for _, s := range []string{`"sections"`, "1. Yesterday: What each person finished.", "2. Blockers: What is in the way.", `BCP 47 tag is "de"`, engine.NothingFits} {
		if !strings.Contains(system, s) {
			t.Errorf("prompt lacks %q:\n%s", s, system)
		}
	}
}

// A reply with another number of sections than the template has is not
// used: the local engine's templated summary is.
func TestRemoteSummarize_AWrongNumberOfSectionsFallsBackToTheLocalTemplate(t *testing.T) {
	rec := enginetest.WithoutSummary(enginetest.Fixture(t, "01"))
	m := &fakeModel{answer: `{"title":"Sync","sections":["only one"]}`}
	sum, err := New(m).Summarize(context.Background(), rec, engine.SummaryOptions{Template: standup})
	if err != nil || !strings.HasPrefix(sum.GeneratedBy, "local") {
		t.Fatalf("%v %q", err, sum.GeneratedBy)
	}
	if !strings.HasPrefix(sum.Markdown, "## Yesterday\n") || !strings.Contains(sum.Markdown, "\n## Blockers\n") {
		t.Fatalf("markdown:\n%s", sum.Markdown)
	}
}
