package local

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/tests/enginetest"
)

// TestSummarize_FixturesPassTheAppsShapeChecks strips every fixture of its
// summary, summarises it, and reads the result back through pkg/loose as the
// app's normalisers read summaries: markdown with at least two "##" sections,
// a version-2 action-item list, and four mind maps that are sound trees.
func TestSummarize_FixturesPassTheAppsShapeChecks(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(enginetest.Dir(t), "*.json"))
	summarised := 0
	for _, f := range files {
		prefix := strings.SplitN(filepath.Base(f), "-", 2)[0]
		t.Run(filepath.Base(f), func(t *testing.T) {
			rec := enginetest.WithoutSummary(enginetest.Fixture(t, prefix))
			sum, err := New().Summarize(context.Background(), rec, engine.SummaryOptions{})
			if len(rec.Segments) == 0 {
				if !errors.Is(err, engine.ErrNoTranscript) {
					t.Fatalf("no transcript: err %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			summarised++
			value := sum.Summarization("sum_test", rec.ID, time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC))
			checkSummarization(t, value, rec)
			if sum.Title == "" || sum.Description == "" {
				t.Errorf("title %q description %q", sum.Title, sum.Description)
			}
		})
	}
	if summarised < 20 {
		t.Fatalf("only %d fixtures summarised", summarised)
	}
}

func checkSummarization(t *testing.T, value json.RawMessage, rec *engine.Recording) {
	t.Helper()
	wrapped, _ := json.Marshal(map[string]json.RawMessage{"sum_test": value})
	id, first, ok := loose.FirstSummarization(wrapped)
	if !ok || id != "sum_test" {
		t.Fatal("not readable as a summarizations map")
	}
	summary := loose.Summary(first)
	md, _ := loose.String(summary)
	if !loose.HasContent(summary) || strings.Count("\n"+md, "\n## ") < 2 {
		t.Errorf("markdown needs two ## sections:\n%s", md)
	}
	var list struct {
		Version     string            `json:"version"`
		ActionItems []json.RawMessage `json:"actionItems"`
	}
	items := loose.ActionItems(first)
	if err := json.Unmarshal(items, &list); err != nil || list.Version != "2" || list.ActionItems == nil {
		t.Errorf("action items are not shape 1: %s", items)
	}
	for _, task := range loose.Tasks(items) {
		if task.Title == "" || task.Priority == "" {
			t.Errorf("task %+v", task)
		}
	}
	maps := loose.MindMapFields(first)
	for _, field := range []string{"mindMap", "contextMindMap", "clusterMindMap", "speakerMindMap"} {
		m, ok := loose.ReadMindMap(maps[field])
		if !ok || len(m.Trees) == 0 {
			t.Errorf("%s unreadable: %s", field, maps[field])
			continue
		}
		for _, tree := range m.Trees {
			if p := loose.TreeProblem(tree); p != "" {
				t.Errorf("%s: %s", field, p)
			}
		}
	}
	checkExtractive(t, md, rec)
}

// reAttribution is a key point's " (Speaker, m:ss)"; names may hold parentheses.
var reAttribution = regexp.MustCompile(` \((?:[^()]|\([^()]*\))*, \d+:\d{2}(?::\d{2})?\)$`)

// checkExtractive: every key point quotes the transcript.
func checkExtractive(t *testing.T, md string, rec *engine.Recording) {
	t.Helper()
	var transcript strings.Builder
	for _, s := range rec.Segments {
		transcript.WriteString(strings.ToLower(s.Text) + " ")
	}
	_, keys, _ := strings.Cut(md, "## Key points\n")
	keys, _, _ = strings.Cut(keys, "\n\n")
	for _, line := range strings.Split(strings.TrimSpace(keys), "\n") {
		point := reAttribution.ReplaceAllString(strings.TrimPrefix(line, "- "), "")
		point = strings.ToLower(strings.TrimSuffix(point, "…"))
		if !strings.Contains(transcript.String(), point) {
			t.Errorf("key point not said in the recording: %q", point)
		}
	}
}

func TestSummarize_WeeklySyncContent(t *testing.T) {
	sum, err := New().Summarize(context.Background(), enginetest.WithoutSummary(enginetest.Fixture(t, "01")), engine.SummaryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, sum.Markdown, "## Overview", "## Key points", "## Topics", "**Onboarding checklist experiment**",
		"**Support backlog**", "**Hiring**", "## Decisions", "December first it is.", "## Next steps")
	titles := map[string]engine.ActionItem{}
	for _, it := range sum.ActionItems {
		titles[it.Title] = it
	}
	send, ok := titles["Send the customer email about the date change today"]
	if !ok || send.Priority != "HIGH" || !strings.Contains(send.Description, "Priya Raman at 1:40") {
		t.Fatalf("commitment → task: %+v in %v", send, sum.ActionItems)
	}
	if _, ok := titles["Ask Mei on the support team to send ten anonymized files to Tom by Thursday"]; !ok {
		t.Fatalf("tasks %+v", sum.ActionItems)
	}
	if len(sum.SpeakerMap.Nodes) != 4 || sum.ClusterMap.Maps == nil || len(sum.ClusterMap.Maps) != 4 {
		t.Fatalf("maps: %d speakers, %d clusters", len(sum.SpeakerMap.Nodes), len(sum.ClusterMap.Maps))
	}
}

func TestUrgency(t *testing.T) {
	tests := map[string]string{
		"I'll fix it right away, it's a blocker":  "CRITICAL",
		"I'll send the email today":               "HIGH",
		"I'll ask Mei to send files by Thursday":  "HIGH",
		"We should maybe look at that eventually": "LOW",
		"I'll update the design doc":              "MEDIUM",
	}
	for text, want := range tests {
		if got := urgency(text, dueOf(text)); got != want {
			t.Errorf("%q: %s, want %s", text, got, want)
		}
	}
}
