package loose

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestFirstSummarization_IsTheFirstWrittenMember(t *testing.T) {
	tests := []struct {
		name, in, id, value string
		ok                  bool
	}{
		{"document order, not key order", `{"zz":{"summary":"z"},"aa":{"summary":"a"}}`, "zz", `{"summary":"z"}`, true},
		{"null members skipped", `{"a":null,"b":{"summary":"b"}}`, "b", `{"summary":"b"}`, true},
		{"json string map", `"{\"s1\":{\"summary\":\"x\"}}"`, "s1", `{"summary":"x"}`, true},
		{"array with ids", `[{"id":"s9","summary":"x"}]`, "s9", `{"id":"s9","summary":"x"}`, true},
		{"empty map", `{}`, "", "", false},
		{"absent", ``, "", "", false},
		{"garbage", `"nope"`, "", "", false},
		{"number", `5`, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, v, ok := FirstSummarization(json.RawMessage(tt.in))
			if id != tt.id || string(v) != tt.value || ok != tt.ok {
				t.Fatalf("got %q %s %v", id, v, ok)
			}
		})
	}
}

func TestSummary_FallbackOrder(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"v2Summary first", `{"summary":"old","v2Summary":"new"}`, `"new"`},
		{"summary when no v2Summary", `{"summary":{"markdown":"m"}}`, `{"markdown":"m"}`},
		{"v2.summary last", `{"v2":{"summary":"deep"}}`, `"deep"`},
		{"v2 as json string", `{"v2":"{\"summary\":\"deep\"}"}`, `"deep"`},
		{"empty v2Summary falls back", `{"v2Summary":"","summary":"real"}`, `"real"`},
		{"nothing with content returns first present", `{"v2Summary":"","summary":{}}`, `""`},
		{"null ignored", `{"v2Summary":null,"summary":"s"}`, `"s"`},
		{"whole summarization as json string", `"{\"summary\":\"s\"}"`, `"s"`},
		{"no summary", `{"actionItems":[]}`, ``},
		{"not an object", `[1]`, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(Summary(json.RawMessage(tt.in))); got != tt.want {
				t.Fatalf("got %s want %s", got, tt.want)
			}
		})
	}
}

func TestHasContent_SpecRule(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{`"# Hi"`, true}, {`"   "`, false}, {`""`, false},
		{`{"markdown":"x"}`, true}, {`{"markdown":""}`, false},
		{`{"components":[{"type":"p","text":"x"}]}`, true}, {`{"components":[]}`, false},
		{`[{"type":"p"}]`, true}, {`[]`, false},
		{`{"content":"c"}`, true}, {`{"content":""}`, false},
		{`{"sections":[{"title":"t"}]}`, true}, {`{"sections":[]}`, false},
		{`{}`, false}, {`null`, false}, {``, false}, {`42`, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := HasContent(json.RawMessage(tt.in)); got != tt.want {
				t.Fatalf("got %v", got)
			}
		})
	}
}

func TestSummaryText_EveryShape(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"markdown string", `"## Budget\n- **Ship** the [beta](http://x)\n---\n- [x] done"`, "Budget\nShip the beta\ndone"},
		{"markdown object", `{"markdown":"# Title\n> quoted"}`, "Title\nquoted"},
		{"components list", `[{"type":"h1","text":"Head"},{"type":"ul","items":["one",{"text":"two"}]},{"type":"li-check","text":"check"}]`, "Head\none\ntwo\ncheck"},
		{"components object", `{"components":[{"type":"p","text":"para"}]}`, "para"},
		{"plain string", `"just words"`, "just words"},
		{"content", `{"content":"the content"}`, "the content"},
		{"sections with content and text", `{"sections":[{"title":"A","content":"alpha"},{"title":"B","text":"beta"}]}`, "A\nalpha\nB\nbeta"},
		{"json string holding components", `"[{\"type\":\"p\",\"text\":\"inner\"}]"`, "inner"},
		{"numbered list", `"1. first\n2) second"`, "first\nsecond"},
		{"malformed", `{"components":"nope"}`, ""},
		{"absent", ``, ""},
		{"number", `3`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SummaryText(json.RawMessage(tt.in)); got != tt.want {
				t.Fatalf("got %q want %q", got, tt.want)
			}
		})
	}
}

func TestSummaryText_DeepNestingIsBounded(t *testing.T) {
	in := `"x"`
	for i := 0; i < 200; i++ {
		in = `{"content":` + in + `}`
	}
	_ = SummaryText(json.RawMessage(in)) // must return, not overflow
	if HasContent(json.RawMessage(in)) {
		t.Fatal("content deeper than the bound counted")
	}
}

// StripMarkdown skips the regexps that cannot match a line; it must strip
// exactly what running all of them on every line strips.
func FuzzStripMarkdown_SkipsOnlyWhatCannotMatch(f *testing.F) {
	for _, s := range []string{"## Title\n- [x] done\n---\n * * *", "see [the doc](http://x) and ![img](y.png)", "\t_ _ _", "**bold** `code`", "1) first\n> quote"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := strings.Split(s, "\n")
		var want []string
		for _, l := range lines {
			if mdRule.MatchString(l) {
				continue
			}
			l = mdLinePfx.ReplaceAllString(l, "")
			l = mdImage.ReplaceAllString(l, "$1")
			l = mdLink.ReplaceAllString(l, "$1")
			if l = strings.TrimSpace(mdEmphasis.Replace(l)); l != "" {
				want = append(want, l)
			}
		}
		if got := StripMarkdown(s); got != strings.Join(want, "\n") {
			t.Fatalf("StripMarkdown(%q) = %q, want %q", s, got, strings.Join(want, "\n"))
		}
	})
}
