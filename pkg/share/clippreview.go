package share

import (
	"bytes"
	"html"
	"strings"
	"unicode/utf8"
)

// previewExcerpt is how much of a clip's passage its link preview shows:
// chat apps cut a description at about 200 characters anyway.
const previewExcerpt = 200

// ClipHead is the <head> markup of a clip's page, for the link preview
// chat apps draw from Open Graph tags: the recording's title and the
// passage's start. With v nil (a protected, expired, revoked or unknown
// clip) it names no recording and quotes nothing. Either way the page asks
// not to be indexed.
func ClipHead(v *ClipView) []byte {
	title, description := "A clip shared from Pocket", "Open the link to hear this moment."
	if v != nil {
		if t := strings.TrimSpace(v.RecordingTitle); t != "" {
			title = t
		}
		if e := excerpt(v.Text, previewExcerpt); e != "" {
			description = e
		}
	}
	var b bytes.Buffer
	b.WriteString(`<title>` + html.EscapeString(title) + `</title>`)
	b.WriteString(`<meta name="robots" content="noindex, nofollow">`)
	meta := func(attr, name, content string) {
		b.WriteString(`<meta ` + attr + `="` + name + `" content="` + html.EscapeString(content) + `">`)
	}
	meta("name", "description", description)
	meta("property", "og:type", "website")
	meta("property", "og:site_name", "Pocket")
	meta("property", "og:title", title)
	meta("property", "og:description", description)
	meta("name", "twitter:card", "summary")
	return b.Bytes()
}

// excerpt is the first n characters of s on one line, cut at a word with
// an ellipsis when longer.
func excerpt(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	if i := strings.LastIndexByte(string(r), ' '); i > n/2 {
		return string(r)[:i] + "…"
	}
	return string(r) + "…"
}
