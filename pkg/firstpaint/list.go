package firstpaint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"strconv"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/recordings"
)

// List is the list's first rows, grouped under their days in the reader's
// zone and placed as the app's virtual list places them
// (pwa/src/features/recordings/list/RecordingList.tsx): each item at its
// offset, the first day's heading stuck at the top.
type List struct {
	Rows []Row
	Zone *time.Location
}

// ListOf is the list's first rows from a dashboard page's items, in the
// reader's zone; false when no item makes a row (the empty state is the
// app's to draw).
func ListOf(items []json.RawMessage, zone *time.Location) (List, bool) {
	list := List{Zone: zone}
	for _, item := range items {
		if row, ok := RowOf(item); ok {
			list.Rows = append(list.Rows, row)
		}
	}
	return list, len(list.Rows) > 0
}

// The fixed heights of the app's list items (RecordingList.tsx, recordings.css).
const (
	rowHeight     = 112
	headingHeight = 48
)

// HTML is the list as markup for the list screen's slot.
func (l List) HTML() []byte {
	var b bytes.Buffer
	groups := l.byDay()
	total := 0
	for _, g := range groups {
		total += headingHeight + rowHeight*len(g.rows)
	}
	b.WriteString(`<div class="vlist" style="height:` + strconv.Itoa(total) + `px">`)
	top := 0
	for i, g := range groups {
		if i == 0 {
			b.WriteString(`<h2 class="vlist__heading vlist__heading--sticky">`)
		} else {
			b.WriteString(`<h2 class="vlist__heading vlist__item" style="` + placed(top, headingHeight) + `">`)
		}
		b.WriteString(html.EscapeString(g.label) + `</h2>`)
		top += headingHeight
		for _, row := range g.rows {
			b.WriteString(`<div class="vlist__item" style="` + placed(top, rowHeight) + `">`)
			l.writeRow(&b, row)
			b.WriteString(`</div>`)
			top += rowHeight
		}
	}
	b.WriteString(`</div>`)
	return b.Bytes()
}

// placed is an item's style as React writes the virtual list's.
func placed(top, height int) string {
	return "transform:translateY(" + strconv.Itoa(top) + "px);height:" + strconv.Itoa(height) + "px"
}

type dayGroup struct {
	label string
	rows  []Row
}

// unknownDate is the heading, and the time, of a row without a date.
const unknownDate = "Unknown date"

// byDay groups the rows under their calendar day in the zone, groups in
// the order their first row comes (the app's groupByDay).
func (l List) byDay() []dayGroup {
	var groups []dayGroup
	index := map[string]int{}
	for _, row := range l.Rows {
		key, label := "unknown", unknownDate
		if !row.At.IsZero() {
			key, label = row.At.In(l.Zone).Format("2006-01-02"), DayHeading(row.At, l.Zone)
		}
		i, ok := index[key]
		if !ok {
			i = len(groups)
			index[key] = i
			groups = append(groups, dayGroup{label: label})
		}
		groups[i].rows = append(groups[i].rows, row)
	}
	return groups
}

// writeRow is RecordingRowLink's markup: the thumbnail with its badge, the
// title (the link), the description and the time and folder.
func (l List) writeRow(b *bytes.Buffer, row Row) {
	id := html.EscapeString(row.ID)
	base := "row-" + id
	b.WriteString(`<div class="rec-row">`)
	mesh := "fallback"
	if row.Mesh {
		mesh = "mesh"
	}
	hidden := ` aria-hidden="true"`
	if row.Duration != "" {
		hidden = ""
	}
	b.WriteString(`<div class="thumb" style="background-image:` + html.EscapeString(row.Gradient) + `" data-gradient="` + mesh + `"` + hidden + `>`)
	if row.Duration != "" {
		b.WriteString(`<span class="thumb__badge">` + html.EscapeString(row.Duration) + `</span>`)
	}
	b.WriteString(`</div><span class="rec-row__body">`)
	described := base + `-meta ` + base + `-desc`
	if row.SyncPending {
		described += ` ` + base + `-sync`
	}
	b.WriteString(`<a href="/recordings/` + html.EscapeString(encodeURIComponent(row.ID)) + `" class="rec-row__title" id="` + base +
		`-title" aria-describedby="` + described + `">` + html.EscapeString(row.Title) + `</a>`)
	b.WriteString(`<span class="rec-row__desc" id="` + base + `-desc">` + html.EscapeString(row.Description) + `</span>`)
	b.WriteString(`<span class="rec-row__meta" id="` + base + `-meta">`)
	if row.At.IsZero() {
		b.WriteString(`<time>` + unknownDate + `</time>`)
	} else {
		b.WriteString(timeMarkup(row.At, l.Zone))
	}
	b.WriteString(`<span class="rec-row__folder">`)
	if row.Folder != recordings.GeneralFolder {
		b.WriteString(folderIcon)
	}
	b.WriteString(html.EscapeString(row.Folder) + `</span></span></span>`)
	if row.SyncPending {
		b.WriteString(`<span class="rec-row__sync" id="` + base + `-sync">` + syncIcon + `</span>`)
	}
	writeFlagToggles(b, "rec-row__actions", row.Flags)
	b.WriteString(`</div>`)
}

// encodeURIComponent escapes as the JavaScript function does (the app's
// links to a recording).
func encodeURIComponent(s string) string {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; strings.IndexByte(unreserved, c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}
