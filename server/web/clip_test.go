package web

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"
)

// A clip's page is the app's document with its own title and description
// swapped for the clip's head markup, never kept by a cache; the app's
// page itself is left as it was for the next request.
func TestHandler_ClipPageCarriesItsLinkPreview(t *testing.T) {
	index := `<html><head><title>Pocket</title><meta
      name="description"
      content="Pocket: your AI thought companion."
    /></head><body>app</body></html>`
	app := fstest.MapFS{"index.html": {Data: []byte(index)}}
	var asked []string
	preview := func(_ context.Context, token string) []byte {
		asked = append(asked, token)
		if token == liveToken {
			return []byte(`<title>Plan</title><meta property="og:title" content="Plan">`)
		}
		return []byte(`<title>A clip</title>`)
	}
	h := newHandler(app, fillers{clip: preview})
	rec := serve(h, "GET", "/shared/clip?token="+liveToken)
	body := rec.Body.String()
	if rec.Code != 200 || body != `<html><head><title>Plan</title><meta property="og:title" content="Plan"></head><body>app</body></html>` {
		t.Fatalf("clip page = %d %q", rec.Code, body)
	}
	if rec.Header().Get("Cache-Control") != "no-store" || rec.Header().Get("X-Robots-Tag") == "" || rec.Header().Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("headers %v", rec.Header())
	}
	// A token of no shape asks for the preview that names nothing.
	if rec := serve(h, "GET", "/shared/clip?token=<script>"); !strings.Contains(rec.Body.String(), "<title>A clip</title>") || asked[len(asked)-1] != "" {
		t.Fatalf("bad token page %q, asked %q", rec.Body.String(), asked)
	}
	if rec := serve(h, "GET", "/recordings"); rec.Body.String() != index {
		t.Fatalf("the app's page changed: %q", rec.Body.String())
	}
}
