package web

import (
	"bytes"
	"context"
	"net/http"
	"regexp"
)

// ClipPreview renders the <head> markup of a clip's page (pkg/share.ClipHead):
// the link preview chat apps draw, and noindex. It always answers markup: a
// clip that is protected, gone or unknown gets one naming no recording.
type ClipPreview func(ctx context.Context, token string) []byte

// clipPage is the app route a clip's link opens, as forRoute names routes.
const clipPage = "shared/clip"

// The app's own title and description, which a clip's page replaces.
var (
	titleTag       = regexp.MustCompile(`(?is)<title>.*?</title>`)
	descriptionTag = regexp.MustCompile(`(?is)<meta\s+name="description"[^>]*>`)
)

// clipFilled is a clip's page: the document the app route gets, its title and
// description replaced by the clip's head markup.
func (p pages) clipFilled(name string, r *http.Request, fill ClipPreview) ([]byte, bool) {
	if name != clipPage || fill == nil {
		return nil, false
	}
	_, page := p.forRoute(name, r)
	at := bytes.Index(page, []byte("</head>"))
	if at < 0 {
		return nil, false
	}
	token, ok := clipToken(r)
	if !ok {
		token = "" // no such clip: the markup then names none
	}
	// ReplaceAll answers a copy, so the cached page is never written to.
	out := descriptionTag.ReplaceAll(titleTag.ReplaceAll(page[:at], nil), nil)
	out = append(out, fill(r.Context(), token)...)
	return append(out, page[at:]...), true
}

// clipToken is the token of a clip's page, when it has the shape of one.
func clipToken(r *http.Request) (string, bool) {
	token := r.URL.Query().Get("token")
	return token, shareTokenShape.MatchString(token)
}
