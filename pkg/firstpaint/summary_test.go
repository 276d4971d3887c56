package firstpaint

import (
	"encoding/json"
	"strings"
	"testing"
)

// The tab's choice between plain text and markdown (normalize/summary.ts),
// on the shapes the spec lists.
func TestSummaryOf_DrawsAsTheTabDoes(t *testing.T) {
	cases := []struct {
		name, summarization string
		text                string
		blocks              int
	}{
		{"a plain string", `{"summary":"  Five reminders.\n\nShip it.  "}`, "Five reminders.\n\nShip it.", 0},
		{"a string with a heading", `{"v2Summary":"Intro\n## Next\nShip"}`, "", 2},
		{"a string with bold", `{"summary":"Ship **it**"}`, "", 1},
		{"a JSON-encoded string", `"{\"summary\":\"Plain words\"}"`, "Plain words", 0},
		{"content as a plain string", `{"summary":{"content":"Plain words"}}`, "Plain words", 0},
		{"markdown field, even without syntax", `{"summary":{"markdown":"Plain words"}}`, "", 1},
		{"components", `{"summary":[{"type":"p","text":"Plain words"}]}`, "", 1},
		{"v2's summary", `{"v2":{"summary":"From v2"}}`, "From v2", 0},
		{"none", `{"summary":"   "}`, "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := SummaryOf(json.RawMessage(c.summarization))
			if got.Text != c.text || len(got.Blocks) != c.blocks {
				t.Fatalf("SummaryOf(%s) = %+v, want text %q and %d blocks", c.summarization, got, c.text, c.blocks)
			}
		})
	}
}

func TestLooksLikeMarkdown(t *testing.T) {
	for _, s := range []string{"# Title", "- item", "1. first", "> quote", "```\ncode\n```", "a **b** c", "see [x](y)", "run `go`", "| a | b |"} {
		if !LooksLikeMarkdown(s) {
			t.Errorf("%q is markdown", s)
		}
	}
	for _, s := range []string{"Plain words.", "2026 was a year", "a * b", "#hashtag", "x - y"} {
		if LooksLikeMarkdown(s) {
			t.Errorf("%q is plain text", s)
		}
	}
}

// Plain text keeps its paragraphs and line breaks, and every word stays text.
func TestPlainTextIsEscapedParagraphs(t *testing.T) {
	out := string(Recording{Summary: Summary{Text: "<b>one</b>\ntwo\n \nthree"}}.HTML())
	if !strings.Contains(out, `<div class="summary-tab__text"><p>&lt;b&gt;one&lt;/b&gt;<br>two</p><p>three</p></div>`) {
		t.Fatalf("plain text drawn as:\n%s", out)
	}
}
