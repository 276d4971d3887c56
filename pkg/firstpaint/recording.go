// Package firstpaint renders the markup a page's first paint shows before
// the app's scripts have run: a recording's header and summary (a share
// link's page, the owner's recording) and the list's first rows. The server
// puts it into frames the build pre-rendered from the app's own components
// (pwa/prerender-plugin.ts), in the same classes, so the first paint looks
// like what the app draws over it a moment later. Every text is escaped and
// nothing in it links, loads or runs.
package firstpaint

import (
	"bytes"
	"html"
	"time"

	"github.com/pocket-companion/pocket/pkg/export"
)

// Recording is a recording's first paint: its header and its summary.
type Recording struct {
	Title       string // "" when the recording has none
	Description string
	From        string    // a shared recording's owner, as its "From …" pill shows it; "" for one's own
	At          time.Time // when it was recorded; the date pill needs Zone too
	Zone        *time.Location
	Owner       *Owner // the owner's own page (its header's buttons); nil on a share link
	Summary     Summary
}

// desktopUntitled is the desktop header's title for a recording without one
// (spec §2); a phone shows export.UntitledTitle.
const desktopUntitled = "Chat with Tasha"

// HTML is the recording as markup for a recording page's main column.
// The summary's headings start at level 2 under the title's h1, as on the page.
func (p Recording) HTML() []byte {
	var b bytes.Buffer
	b.WriteString(`<div class="detail rec-preview"><div class="detail__main">`)
	if p.Owner != nil {
		p.ownerHeaders(&b)
	} else {
		p.sharedHeader(&b)
	}
	b.WriteString(desktopTabs)
	if p.Owner != nil {
		b.WriteString(ownerTab) // the owner's highlights and note: a share link never shows them
	}
	b.WriteString(`</div>`)
	if p.Summary.Text != "" || len(p.Summary.Blocks) > 0 {
		b.WriteString(`<div class="detail__panel detail__panel--summary"><div class="summary-tab">`)
		p.Summary.write(&b)
		b.WriteString(`</div></div>`)
	}
	b.WriteString(`</div></div>`)
	return b.Bytes()
}

// sharedHeader is a shared recording's header: one for either screen, the
// title's words chosen by recording-view.css.
func (p Recording) sharedHeader(b *bytes.Buffer) {
	b.WriteString(`<header class="rec-header"><div class="rec-header__top"><h1 class="rec-header__title">`)
	if p.Title != "" {
		b.WriteString(html.EscapeString(p.Title))
	} else {
		b.WriteString(`<span class="rec-preview__phone">` + untitled(false) + `</span><span class="rec-preview__desktop">` + untitled(true) + `</span>`)
	}
	b.WriteString(`</h1></div>`)
	p.pills(b)
	if p.Description != "" {
		b.WriteString(`<p class="rec-header__description">` + html.EscapeString(p.Description) + `</p>`)
	}
	b.WriteString(`</header>`)
}

// pills are the "From …" pill of a shared recording and the date, in the
// reader's zone ('Unknown date' on the owner's page for a recording without
// one, as the app's pill says). The owner's page keeps the date's place when
// the zone is not known yet (an empty pill, filled when the app draws the
// page), so the summary below does not move.
func (p Recording) pills(b *bytes.Buffer) {
	b.WriteString(`<p class="rec-header__pills">`)
	if p.From != "" {
		b.WriteString(`<span class="pill pill--owner">From ` + html.EscapeString(p.From) + `</span>`)
	}
	switch {
	case p.At.IsZero() && p.Owner != nil:
		b.WriteString(`<span class="pill"><time>` + unknownDate + `</time></span>`)
	case !p.At.IsZero() && p.Zone != nil:
		b.WriteString(`<span class="pill">` + timeMarkup(p.At, p.Zone) + `</span>`)
	case p.Owner != nil:
		b.WriteString(`<span class="pill">&nbsp;</span>`)
	}
	b.WriteString(`</p>`)
}

// untitled is the header's title for a recording without one (spec §2).
func untitled(desktop bool) string {
	if desktop {
		return desktopUntitled
	}
	return export.UntitledTitle
}

// desktopTabs is the page's row of tabs on a desktop, Summary selected, so
// the summary starts where the app draws it (recording-view.css hides the
// row on a phone, whose tab bar is fixed at the bottom). The copy is inert:
// the tabs do nothing until the app has drawn its own.
const desktopTabs = `<div class="tabs tabs--top rec-preview__tabs">` +
	`<button type="button" class="tab" aria-selected="true"><span class="tab__label">Summary</span></button>` +
	`<button type="button" class="tab" aria-selected="false"><span class="tab__label">Actionable</span></button>` +
	`<button type="button" class="tab" aria-selected="false"><span class="tab__label">Mind map</span></button>` +
	`<button type="button" class="tab" aria-selected="false"><span class="tab__label">Transcription</span></button>`

// ownerTab closes the owner's row with the tabs only the owner has (their
// highlights and note), as the app's owner tabs (detailTab.ts) do.
const ownerTab = `<button type="button" class="tab" aria-selected="false"><span class="tab__label">Highlights</span></button>` +
	`<button type="button" class="tab" aria-selected="false"><span class="tab__label">Notes</span></button>`
