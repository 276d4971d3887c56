package share

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

	"github.com/pocket-companion/pocket/pkg/export"
	"github.com/pocket-companion/pocket/pkg/loose"
)

// Preview is what a share link's first visit paints from the HTML before the
// app has loaded (pwa/src/features/share/SharedRecordingPage.tsx draws the
// full page over it): the recording's header and its summary.
type Preview struct {
	Title       string // "" when the recording has none
	Description string
	From        string   // the owner's name, as the page's "From …" pill shows it
	Blocks      []string // the summary as markdown, split at level-2 headings
}

// desktopUntitled is the desktop header's title for a recording without one
// (spec §2); a phone shows export.UntitledTitle.
const desktopUntitled = "Chat with Tasha"

// PreviewOf reads a shared view's loose shapes through pkg/loose and
// pkg/export, as the page's other readers do.
func PreviewOf(v View) Preview {
	info := loose.ReadRecording(v.Recording)
	p := Preview{Title: info.Title, Description: info.Description, From: ownerName(v.Owner)}
	p.Blocks = splitAtLevelTwo(export.SummaryMarkdown(v.Summarization))
	return p
}

// ownerName is the sharer as the page names them: display name, else the
// email's local part, else "User" (pwa/src/data/normalize/recording.ts).
func ownerName(o Owner) string {
	if name := strings.TrimSpace(o.DisplayName); name != "" {
		return name
	}
	if local, _, _ := strings.Cut(strings.TrimSpace(o.Email), "@"); strings.TrimSpace(local) != "" {
		return strings.TrimSpace(local)
	}
	return "User"
}

var (
	fenceLine    = regexp.MustCompile("^ {0,3}(`{3,}|~{3,})")
	levelTwoLine = regexp.MustCompile(`^ {0,3}##(\s|$)`)
)

// splitAtLevelTwo splits markdown into blocks at `##` lines outside fenced
// code, dropping blank blocks: the page's split (spec §2, "split into blocks at
// level-2 headings with dividers").
func splitAtLevelTwo(md string) []string {
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

// HTML is the preview as markup for the shared page's main column, in the
// page's own classes so the first paint looks like what the app draws next.
// Every text is escaped; the summary's headings start at level 2 under the
// title's h1, as on the page.
func (p Preview) HTML() []byte {
	var b bytes.Buffer
	b.WriteString(`<div class="detail shared-preview"><div class="detail__main"><header class="rec-header"><div class="rec-header__top"><h1 class="rec-header__title">`)
	b.WriteString(p.titleMarkup())
	b.WriteString(`</h1></div><p class="rec-header__pills"><span class="pill pill--owner">From `)
	b.WriteString(html.EscapeString(p.From))
	b.WriteString(`</span></p>`)
	if p.Description != "" {
		b.WriteString(`<p class="rec-header__description">` + html.EscapeString(p.Description) + `</p>`)
	}
	b.WriteString(`</header>`)
	b.WriteString(desktopTabs)
	if len(p.Blocks) > 0 {
		b.WriteString(`<div class="detail__panel"><div class="summary-tab">`)
		for i, block := range p.Blocks {
			if i > 0 {
				b.WriteString(`<hr class="summary-tab__divider">`)
			}
			b.WriteString(`<section class="summary-tab__block"><div class="markdown">`)
			renderMarkdown(&b, block)
			b.WriteString(`</div></section>`)
		}
		b.WriteString(`</div></div>`)
	}
	b.WriteString(`</div></div>`)
	return b.Bytes()
}

// titleMarkup is the title, or for a recording without one the phone's and
// the desktop's titles, each shown on its own screen (share.css).
func (p Preview) titleMarkup() string {
	if p.Title != "" {
		return html.EscapeString(p.Title)
	}
	return `<span class="shared-preview__phone">` + export.UntitledTitle + `</span>` +
		`<span class="shared-preview__desktop">` + desktopUntitled + `</span>`
}

// desktopTabs is the page's row of tabs on a desktop, Summary selected, so
// the summary starts where the app draws it (share.css hides the row on a
// phone, whose tab bar is fixed at the bottom). The copy is inert: the tabs do
// nothing until the app has drawn its own.
const desktopTabs = `<div class="tabs tabs--top shared-preview__tabs">` +
	`<button type="button" class="tab" aria-selected="true"><span class="tab__label">Summary</span></button>` +
	`<button type="button" class="tab" aria-selected="false"><span class="tab__label">Actionable</span></button>` +
	`<button type="button" class="tab" aria-selected="false"><span class="tab__label">Mind map</span></button>` +
	`<button type="button" class="tab" aria-selected="false"><span class="tab__label">Transcription</span></button>` +
	`</div>`

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

// ViewOfAnswer reads the shared view API's answer ({success, data: view} or
// the view itself) as a View, for a relay that asks its upstream for it; false
// when it holds no recording object.
func ViewOfAnswer(raw []byte) (View, bool) {
	obj, ok := loose.ParseObject(raw)
	if !ok {
		return View{}, false
	}
	if data, ok := loose.ParseObject(obj.Get("data")); ok {
		obj = data
	}
	recording := obj.Get("recording")
	if _, ok := loose.ParseObject(recording); !ok {
		return View{}, false
	}
	owner, _ := loose.ParseObject(obj.Get("owner"))
	return View{
		Recording: recording,
		Owner: Owner{
			DisplayName: loose.Text(owner.Get("displayName")),
			Email:       loose.Text(owner.Get("email")),
			PhotoURL:    loose.Text(owner.Get("photoURL")),
		},
		Summarization: obj.Get("summarization"),
		Transcription: obj.Get("transcription"),
	}, true
}
