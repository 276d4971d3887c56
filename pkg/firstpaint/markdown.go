package firstpaint

import (
	"bytes"
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	goldhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
)

var (
	fenceLine    = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")
	levelTwoLine = regexp.MustCompile(`^ {0,3}##(\s|$)`)
)

// SummaryBlocks splits markdown into blocks at `##` lines outside fenced
// code, dropping blank blocks: the page's split (spec §2, "split into blocks
// at level-2 headings with dividers").
func SummaryBlocks(md string) []string {
	var blocks []string
	var cur []string
	fence := ""
	flush := func() {
		if b := strings.TrimSpace(strings.Join(cur, "\n")); b != "" {
			blocks = append(blocks, b)
		}
		cur = nil
	}
	for _, line := range strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n") {
		f := fenceLine.FindStringSubmatch(line)
		if f != nil && (fence == "" || (f[1][0] == fence[0] && len(f[1]) >= len(fence))) {
			if fence == "" {
				fence = f[1]
			} else {
				fence = ""
			}
		}
		if fence == "" && f == nil && levelTwoLine.MatchString(line) {
			flush()
		}
		cur = append(cur, line)
	}
	flush()
	return blocks
}

// markdown renders GFM without raw HTML (goldmark drops it and unsafe link
// targets unless told otherwise). Hard wraps keep a plain-text summary's line
// breaks, as the page shows them.
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithRendererOptions(goldhtml.WithHardWraps()),
)

// renderMarkdown writes one block, its highest heading moved to level 2 and
// its links and images as their words.
func renderMarkdown(b *bytes.Buffer, block string) {
	src := []byte(block)
	doc := markdown.Parser().Parse(text.NewReader(src))
	var headings []*ast.Heading
	var inline []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch node := n.(type) {
		case *ast.Heading:
			headings = append(headings, node)
		case *ast.Image, *ast.Link, *ast.AutoLink:
			inline = append(inline, n)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	underTitle(headings)
	asPlainText(inline, src)
	var out bytes.Buffer
	if err := markdown.Renderer().Render(&out, src, doc); err != nil {
		b.WriteString(`<p>` + html.EscapeString(block) + `</p>`)
		return
	}
	b.Write(out.Bytes())
}

// underTitle moves the headings so the highest is level 2, under the page's
// h1, keeping their offsets (capped at 1 and 6).
func underTitle(headings []*ast.Heading) {
	top := 6
	for _, h := range headings {
		top = min(top, h.Level)
	}
	for _, h := range headings {
		h.Level = min(6, max(1, h.Level+2-top))
	}
}

// asPlainText replaces images and links by their words. The copy is inert
// and on screen for a moment, so it needs no links; and the page never loads
// a summary's images (a remote image is a tracker). Raw HTML goldmark leaves
// out by itself.
func asPlainText(nodes []ast.Node, src []byte) {
	for _, n := range nodes {
		n.Parent().ReplaceChild(n.Parent(), n, ast.NewString(words(n, src)))
	}
}

// words is the text a node shows: its text leaves in order (an autolink's
// label).
func words(n ast.Node, src []byte) []byte {
	if link, ok := n.(*ast.AutoLink); ok {
		return link.Label(src)
	}
	var out []byte
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch leaf := c.(type) {
		case *ast.Text:
			out = append(out, leaf.Segment.Value(src)...)
		case *ast.String:
			out = append(out, leaf.Value...)
		default:
			out = append(out, words(c, src)...)
		}
	}
	return out
}
