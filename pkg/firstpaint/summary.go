package firstpaint

import (
	"bytes"
	"encoding/json"
	"html"
	"regexp"
	"strings"

	"github.com/pocket-companion/pocket/pkg/export"
	"github.com/pocket-companion/pocket/pkg/loose"
)

// Summary is a summary as the app's Summary tab draws it
// (pwa/src/features/summary/SummaryTab.tsx): plain text when it is a string
// without markdown syntax, else markdown blocks (every other shape's words
// are written as markdown paragraphs by export.SummaryMarkdown).
type Summary struct {
	Text   string   // plain text, paragraphs and line breaks kept
	Blocks []string // markdown, split at level-2 headings
}

// SummaryOf reads a summarization's summary as the tab would draw it; the
// zero Summary when it has none.
func SummaryOf(summarization json.RawMessage) Summary {
	if text, ok := plainText(loose.Summary(summarization), 0); ok {
		return Summary{Text: strings.TrimSpace(text)}
	}
	return Summary{Blocks: SummaryBlocks(export.SummaryMarkdown(summarization))}
}

// maxDepth is how deep the app follows content fields (normalize/summary.ts).
const maxDepth = 4

// plainText is the summary's string when the app shows it as plain text:
// a string (itself, or an object's content, or its text when it has no
// other form) that has words and no markdown syntax.
func plainText(sum json.RawMessage, depth int) (string, bool) {
	v := loose.Unwrap(sum)
	if s, ok := loose.String(v); ok {
		return s, strings.TrimSpace(s) != "" && !LooksLikeMarkdown(s)
	}
	obj, ok := loose.ParseObject(v)
	if !ok || depth > maxDepth {
		return "", false
	}
	if s, ok := loose.String(obj.Get("markdown")); ok && strings.TrimSpace(s) != "" {
		return "", false
	}
	if items, ok := loose.Array(obj.Get("components")); ok && len(items) > 0 {
		return "", false
	}
	if c := obj.Get("content"); loose.HasContent(c) {
		return plainText(c, depth+1)
	}
	if _, ok := loose.Array(obj.Get("sections")); ok {
		return "", false
	}
	return plainText(obj.Get("text"), maxDepth+1)
}

// markdownHints are the syntax whose presence makes a summary string
// markdown rather than plain text, as the app tests it (looksLikeMarkdown).
var markdownHints = []*regexp.Regexp{
	regexp.MustCompile(`(?m)^ {0,3}#{1,6}\s`),
	regexp.MustCompile(`(?m)^ {0,3}([-*+]|\d{1,9}[.)])\s+\S`),
	regexp.MustCompile(`(?m)^ {0,3}>`),
	regexp.MustCompile("(?m)^ {0,3}(```|~~~)"),
	regexp.MustCompile(`\*\*[^*\n]+\*\*|__[^_\n]+__`),
	regexp.MustCompile(`\[[^\]\n]+\]\([^)\n]+\)`),
	regexp.MustCompile("`[^`\n]+`"),
	regexp.MustCompile(`(?m)^\s*\|.*\|\s*$`),
}

// LooksLikeMarkdown is whether a summary string uses markdown syntax.
func LooksLikeMarkdown(s string) bool {
	for _, re := range markdownHints {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

var paragraphBreak = regexp.MustCompile(`\n\s*\n`)

// write draws the summary as the tab does: markdown blocks with dividers
// between them, or plain text.
func (s Summary) write(b *bytes.Buffer) {
	if s.Text != "" {
		writeText(b, s.Text)
		return
	}
	for i, block := range s.Blocks {
		if i > 0 {
			b.WriteString(`<hr class="summary-tab__divider">`)
		}
		b.WriteString(`<section class="summary-tab__block"><div class="markdown">`)
		renderMarkdown(b, block)
		b.WriteString(`</div></section>`)
	}
}

// writeText writes plain text as the tab does: a paragraph per blank-line
// run, a <br> per line break, every word escaped.
func writeText(b *bytes.Buffer, text string) {
	b.WriteString(`<div class="summary-tab__text">`)
	for _, para := range paragraphBreak.Split(text, -1) {
		b.WriteString(`<p>`)
		for i, line := range strings.Split(para, "\n") {
			if i > 0 {
				b.WriteString(`<br>`)
			}
			b.WriteString(html.EscapeString(line))
		}
		b.WriteString(`</p>`)
	}
	b.WriteString(`</div>`)
}
