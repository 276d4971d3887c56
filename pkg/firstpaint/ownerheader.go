package firstpaint

import (
	"bytes"
	"html"

	"github.com/pocket-companion/pocket/pkg/recordings"
)

// Owner is what the owner's own recording page shows beyond a shared one:
// Back, the edit buttons and the actions (Share, Export, Delete, the folder
// picker). Drawn in the app's markup so the summary below starts where the
// app draws it, and nothing moves when the app takes over.
type Owner struct {
	Folders []string        // the folder picker's folders, in its order (General and 'New folder…' are added)
	Folder  string          // the recording's folder name; "" for General
	Flags   map[string]bool // the flag fields (FlagsOf), its toggles' state
}

// ownerHeaders writes the header twice, as the app draws it on a phone and
// on a desktop (recording-view.css shows the one that fits the screen).
func (p Recording) ownerHeaders(b *bytes.Buffer) {
	for _, desktop := range []bool{false, true} {
		p.ownerHeader(b, desktop)
	}
}

func (p Recording) ownerHeader(b *bytes.Buffer, desktop bool) {
	title := html.EscapeString(p.Title)
	variant := "mobile"
	if desktop {
		variant = "desktop"
	}
	if p.Title == "" {
		title = untitled(desktop)
	}
	b.WriteString(`<header class="rec-header rec-header--` + variant + `"><div class="rec-header__top">`)
	b.WriteString(`<a aria-label="Back to recordings" href="/recordings" class="icon-button rec-header__back">` + backIcon + `</a>`)
	b.WriteString(`<div class="rec-header__title-edit"><div class="inline-edit"><h1 class="rec-header__title">` + title + `</h1>`)
	b.WriteString(`<button type="button" class="icon-button inline-edit__button" aria-label="Edit title">` + pencilIcon + `</button></div></div>`)
	b.WriteString(`<div class="rec-header__actions">`)
	writeFlagToggles(b, "rec-header__flags", p.Owner.Flags)
	b.WriteString(`<button type="button" class="button" aria-haspopup="dialog">` + shareIcon + `Share</button>`)
	b.WriteString(`<div class="export-menu"><button type="button" class="button" aria-haspopup="menu" aria-expanded="false">Export</button></div>`)
	b.WriteString(`<button type="button" class="button">` + trashIcon + `Delete</button>`)
	p.Owner.folderPicker(b)
	b.WriteString(`</div></div>`)
	p.pills(b)
	b.WriteString(`<div class="inline-edit">`)
	if p.Description != "" {
		b.WriteString(`<p class="rec-header__description">` + html.EscapeString(p.Description) + `</p>`)
		b.WriteString(`<button type="button" class="icon-button inline-edit__button" aria-label="Edit description">` + pencilIcon + `</button>`)
	} else {
		b.WriteString(`<button type="button" class="button button--link inline-edit__button">` + pencilSmall + `Add description</button>`)
	}
	b.WriteString(`</div></header>`)
}

// folderPicker is the select as the app fills it: General, the folders,
// 'New folder…', the recording's folder chosen. Its options make its width.
func (o *Owner) folderPicker(b *bytes.Buffer) {
	b.WriteString(`<div class="folder-picker"><label class="folder-picker__label">Folder</label><select class="folder-picker__select">`)
	option := func(name string, chosen bool) {
		selected := ""
		if chosen {
			selected = ` selected=""`
		}
		b.WriteString(`<option` + selected + `>` + html.EscapeString(name) + `</option>`)
	}
	option(recordings.GeneralFolder, o.Folder == "")
	for _, name := range o.Folders {
		option(name, name == o.Folder)
	}
	option("New folder…", false)
	b.WriteString(`</select></div>`)
}
