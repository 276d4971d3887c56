package share

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/pocket-companion/pocket/pkg/loose"
)

// fixtureView is a shared view of one sample recording (import format).
func fixtureView(t *testing.T, file string) View {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	obj, ok := loose.ParseObject(raw)
	if !ok {
		t.Fatalf("%s is not an object", file)
	}
	v := View{Recording: obj.Get("recording"), Owner: Owner{DisplayName: "Marcus"}}
	if _, sum, ok := loose.FirstSummarization(obj.Get("summarizations")); ok {
		v.Summarization = sum
	}
	return v
}

func TestPreviewShowsTitleOwnerAndSummary(t *testing.T) {
	p := PreviewOf(fixtureView(t, filepath.Join("..", "..", "fixtures", "recordings", "01-weekly-product-sync.json")))
	if p.Title != "Weekly Product Sync" || p.From != "Marcus" {
		t.Fatalf("title %q from %q", p.Title, p.From)
	}
	if len(p.Summary.Blocks) < 2 {
		t.Fatalf("the summary's level-2 sections should be blocks, got %d", len(p.Summary.Blocks))
	}
	out := string(p.HTML())
	for _, want := range []string{`<h1 class="rec-header__title">Weekly Product Sync</h1>`, `From Marcus`, `<hr class="summary-tab__divider">`, `<h2>`} {
		if !strings.Contains(out, want) {
			t.Errorf("preview lacks %q:\n%s", want, out)
		}
	}
}

// Every sample recording (each loose shape the spec lists) renders to
// well-formed, inert markup with its words, and one without a summary shows
// its header only.
func TestPreviewOfEverySampleShape(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "fixtures", "recordings", "*.json"))
	if len(files) < 20 {
		t.Fatalf("the shared fixtures are missing: %d files", len(files))
	}
	withSummary := 0
	for _, f := range files {
		p := PreviewOf(fixtureView(t, f))
		if len(p.Summary.Blocks) > 0 || p.Summary.Text != "" {
			withSummary++
		}
		expectInert(t, filepath.Base(f), p.HTML())
	}
	if withSummary < 15 {
		t.Errorf("only %d of %d samples have a summary in their preview", withSummary, len(files))
	}
}

func TestPreviewOfPlainTextKeepsParagraphsAndLines(t *testing.T) {
	v := View{Recording: json.RawMessage(`{"name":"Memo"}`), Summarization: json.RawMessage(`{"summary":"First line\nsecond line\n\nNext paragraph"}`)}
	out := string(PreviewOf(v).HTML())
	// As the app's Summary tab draws plain text (not as markdown), so the
	// copy's paragraphs have the same size as the ones drawn over them.
	if !strings.Contains(out, `<div class="summary-tab__text"><p>First line<br>second line</p><p>Next paragraph</p></div>`) {
		t.Fatalf("plain text paragraphs and line breaks lost:\n%s", out)
	}
	if !strings.Contains(out, `>Memo</h1>`) {
		t.Fatalf("name is the title when there is no title:\n%s", out)
	}
}

func TestPreviewUntitledAndOwnerFallbacks(t *testing.T) {
	p := PreviewOf(View{Recording: json.RawMessage(`{"title":"  "}`), Owner: Owner{Email: "ada@example.com"}})
	if p.Title != "" || p.From != "ada" || len(p.Summary.Blocks) != 0 || p.Summary.Text != "" {
		t.Fatalf("got %+v", p)
	}
	if got := PreviewOf(View{Recording: json.RawMessage(`"broken"`)}); got.From != "User" || got.Title != "" {
		t.Fatalf("a malformed recording falls back: %+v", got)
	}
	out := string(p.HTML())
	if strings.Contains(out, "summary-tab") {
		t.Fatal("no summary, no summary panel")
	}
	// Spec §2: a phone's header says Untitled Recording, a desktop's Chat with Tasha.
	if !strings.Contains(out, `<span class="rec-preview__phone">Untitled Recording</span><span class="rec-preview__desktop">Chat with Tasha</span>`) {
		t.Fatalf("untitled header:\n%s", out)
	}
}

// The markdown attack corpus the app's renderer is tested with: in every
// summary shape, the server's copy has no script, handler, link, image or
// raw HTML, and the attack's words stay as text.
func TestPreviewRendersTheAttackCorpusInert(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "xss", "markdown-attacks.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var corpus []string
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var attack string
		if err := json.Unmarshal([]byte(line), &attack); err != nil {
			t.Fatalf("corpus line %q: %v", line, err)
		}
		corpus = append(corpus, attack)
	}
	if len(corpus) < 50 {
		t.Fatalf("corpus has %d attacks", len(corpus))
	}
	joined := strings.Join(corpus, "\n\n")
	comps, _ := json.Marshal(corpus)
	shapes := []string{
		mustJSON(map[string]any{"v2Summary": "## Block\n" + joined + "\n## Another\n" + joined}),
		`{"v2Summary":` + string(comps) + `}`,
		mustJSON(map[string]any{"summary": map[string]any{"content": joined}}),
		mustJSON(map[string]any{"summary": map[string]any{"markdown": joined}}),
	}
	for i, attack := range corpus {
		shapes = append(shapes, mustJSON(map[string]any{"summary": attack}))
		view := View{Recording: json.RawMessage(mustJSON(map[string]any{"title": attack, "description": attack})), Owner: Owner{DisplayName: attack}}
		out := PreviewOf(view).HTML()
		expectInert(t, "header "+attack, out)
		if i == 0 && !strings.Contains(string(out), html.EscapeString(attack)) {
			t.Fatalf("the title's text is not kept as text:\n%s", out)
		}
	}
	for _, sum := range shapes {
		expectInert(t, sum[:min(len(sum), 60)], PreviewOf(View{Recording: json.RawMessage(`{}`), Summarization: json.RawMessage(sum)}).HTML())
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

var (
	allowedElements = map[string]bool{
		"div": true, "section": true, "header": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
		"p": true, "span": true, "strong": true, "em": true, "del": true, "code": true, "pre": true, "ul": true, "ol": true,
		"li": true, "blockquote": true, "hr": true, "table": true, "thead": true, "tbody": true, "tr": true, "th": true,
		"td": true, "br": true, "input": true, "button": true,
		"html": true, "head": true, "body": true, // the parser's document around the fragment
	}
	allowedAttributes = map[string]bool{"class": true, "type": true, "checked": true, "disabled": true, "start": true, "style": true, "align": true, "aria-selected": true}
	unsafeStyle       = regexp.MustCompile(`(?i)url\(|expression|javascript`)
)

// expectInert parses out as a browser would and fails on anything that could
// run, load or navigate.
func expectInert(t *testing.T, name string, out []byte) {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(out))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if !allowedElements[n.Data] {
				t.Errorf("%s: unexpected <%s> in\n%s", name, n.Data, out)
			}
			for _, a := range n.Attr {
				if !allowedAttributes[a.Key] || (a.Key == "style" && unsafeStyle.MatchString(a.Val)) {
					t.Errorf("%s: unexpected attribute %s=%q on <%s>", name, a.Key, a.Val, n.Data)
				}
				if a.Key == "type" && a.Val != "checkbox" && (n.Data != "button" || a.Val != "button") {
					t.Errorf("%s: input of type %q", name, a.Val)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
}

func TestViewOfAnswerReadsEitherShape(t *testing.T) {
	for _, raw := range []string{
		`{"success":true,"data":{"recording":{"title":"Plan"},"owner":{"displayName":"Ada"},"summarization":{"summary":"Hi"}}}`,
		`{"recording":{"title":"Plan"},"owner":{"displayName":"Ada"},"summarization":{"summary":"Hi"}}`,
	} {
		v, ok := ViewOfAnswer([]byte(raw))
		if p := PreviewOf(v); !ok || p.Title != "Plan" || p.From != "Ada" || p.Summary.Text != "Hi" {
			t.Errorf("%s: %v %+v", raw, ok, p)
		}
	}
	for _, raw := range []string{`{"success":false,"message":"gone"}`, `{"data":{"recording":"x"}}`, `[]`, `not json`} {
		if _, ok := ViewOfAnswer([]byte(raw)); ok {
			t.Errorf("%s: read as a view", raw)
		}
	}
}
