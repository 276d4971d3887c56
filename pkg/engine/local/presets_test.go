package local

import (
	"context"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/tests/enginetest"
)

func ask(t *testing.T, rec *engine.Recording, text string, history ...engine.Turn) engine.Answer {
	t.Helper()
	a, err := New().Answer(context.Background(), rec, engine.Question{Text: text, History: history})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func mustContain(t *testing.T, text string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			t.Errorf("answer lacks %q:\n%s", p, text)
		}
	}
}

func TestPresets_OnFixtures(t *testing.T) {
	weekly := enginetest.Fixture(t, "01")
	tests := []struct {
		name, file, message string
		want                []string
	}{
		{"to-do lists action items with priorities, subtasks and done marks", "01", "List to-do", []string{
			"**Fix payment retry race in the retry queue** — Critical priority",
			"- **Patch the retry queue (Leo)** — High priority",
			"- **Reproduce with the 40-run script** — Medium priority (done)",
			"**Roll out new checklist to 100% of desktop workspaces** — High priority (done)",
			"(7, 6 still open)",
		}},
		{"to-do without action items lists the commitments made", "08", "List to-do", []string{
			"no action-item list",
			"**Order the cake from Rosa's bakery at least a week before**",
			"due: by December fifth",
			"**Book the room at the Italian place, Trattoria Nonna, for about fourteen people**",
			"Sam Rivera at 1:42",
		}},
		{"follow-up email drafts subject, greeting, recap, owners and closing", "01", "Follow-up email", []string{
			"Subject: Follow-up: Weekly Product Sync (Nov 17)",
			"Hi all,",
			"Summary:\n- Weekly Harbor product sync (Tuesday, November 17)",
			"Action items:\n- Fix payment retry race in the retry queue",
			"- Email pilot customers about the December 1 date",
			"Best regards,",
		}},
		{"Q&A lists questions with asker, time and the answer that followed", "01", "List Q&A options", []string{
			"Priya Raman at 0:52: \"How many customers would actually hit that in production?\"",
			"Daniel Okafor answered at 0:56: \"Based on last month's data",
			"Sofia Martinez at 2:39: \"Was there any difference on mobile?\"",
			"Tom Becker answered at 2:42",
		}},
		{"main points come from the summary's sections", "01", "Summarize the main points", []string{
			"**Release 3.4 moves to December 1**", "**Onboarding checklist experiment**", "**Hiring**",
		}},
		{"main points without a summary are key sentences with who and when", "08", "Summarize the main points", []string{
			"Here are the main points", "(Sam Rivera, ",
		}},
		{"what was discussed names the topics in order", "01", "What was discussed?", []string{
			"**Onboarding checklist experiment** (from 2:12)", "**Support backlog**", "**Hiring**",
		}},
		{"decisions quote who decided and when", "01", "Any important decisions made?", []string{
			"Priya Raman at 3:20: \"Decision then: roll out the new checklist",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := weekly
			if tt.file != "01" {
				rec = enginetest.Fixture(t, tt.file)
			}
			a := ask(t, rec, tt.message)
			mustContain(t, a.Text, tt.want...)
			if len(a.Sources) == 0 {
				t.Errorf("no sources")
			}
			for _, s := range a.Sources {
				if s.SegmentIndex < 0 || s.SegmentIndex >= len(rec.Segments) || s.Quote == "" || s.Speaker == "" {
					t.Errorf("bad source %+v", s)
				}
			}
		})
	}
}

func TestPresets_QAOptionsSkipCheckIns(t *testing.T) {
	a := ask(t, enginetest.Fixture(t, "05"), "List Q&A options")
	if strings.Contains(a.Text, "Does that work?") {
		t.Fatalf("a check-in is not a question worth listing:\n%s", a.Text)
	}
	mustContain(t, a.Text, "Why is it off by default?", "Aisha Khan answered at 1:23")
}

func TestIntent_GenericRequestsOnly(t *testing.T) {
	tests := map[string]intent{
		"List to-do":                                    intentTodo,
		"What are the next steps?":                      intentTodo,
		"Follow-up email":                               intentEmail,
		"Draft an email":                                intentEmail,
		"List Q&A options":                              intentQuestions,
		"Summarize the main points":                     intentSummary,
		"What was discussed?":                           intentTopics,
		"Any important decisions made?":                 intentDecisions,
		"What did we decide about the release date?":    intentNone,
		"Which tasks does Leo have on the retry queue?": intentNone,
		"When is the follow-up appointment?":            intentNone,
	}
	for msg, want := range tests {
		if got := detectIntent(msg); got != want {
			t.Errorf("%q: intent %d, want %d", msg, got, want)
		}
	}
}

func TestAnswer_NamesSpeakerTimeAndSources(t *testing.T) {
	a := ask(t, enginetest.Fixture(t, "01"), "What is the new 3.4 release date?")
	mustContain(t, a.Text, "Daniel Okafor", "1:16", "Tuesday, December first")
	if len(a.Sources) == 0 || !enginetest.HasSegment(a.Sources, 8) {
		t.Fatalf("sources %+v", a.Sources)
	}
}

func TestAnswer_SaysPlainlyWhenTheRecordingHasNoAnswer(t *testing.T) {
	rec := enginetest.Fixture(t, "01")
	for _, q := range []string{"What is the capital of France?", "How much was spent on the office party?", "Who won the football game?"} {
		a := ask(t, rec, q)
		if !strings.HasPrefix(a.Text, "I couldn't find that in this recording.") || len(a.Sources) != 0 {
			t.Errorf("%q answered:\n%s", q, a.Text)
		}
	}
	mustContain(t, ask(t, rec, "Who won the football game?").Text, "It covers ")
}

func TestAnswer_FollowUpUsesThePreviousQuestion(t *testing.T) {
	rec := enginetest.Fixture(t, "07")
	a := ask(t, rec, "And where?", engine.Turn{Role: "user", Content: "When is the second midterm?"}, engine.Turn{Role: "assistant", Content: "Thursday."})
	mustContain(t, a.Text, "Hall B")
}

func TestAnswer_EmptyRecording(t *testing.T) {
	a := ask(t, &engine.Recording{}, "What was decided?")
	mustContain(t, a.Text, "no transcript or summary")
}
