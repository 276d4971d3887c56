package web

import (
	"compress/gzip"
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

const liveToken = "oNx6tD2KCM3uHACG5LOQ2pCXVxdtLXX01R6WcQ0Ilso"

// sharedViewApp is a build with the shared page's frame, and a preview that
// knows one live token and records the tokens it was asked for.
func sharedViewApp(asked *[]string) (fstest.MapFS, SharePreview) {
	app := fstest.MapFS{
		"index.html":       {Data: []byte("<html>loading</html>")},
		"shared.html":      {Data: []byte("<html>loading, shared page preloaded</html>")},
		"shared-view.html": {Data: []byte("<html><main><!--pocket:shared-view--></main></html>")},
	}
	preview := func(_ context.Context, token string) ([]byte, bool) {
		*asked = append(*asked, token)
		return []byte("<h1>Plan</h1>"), token == liveToken
	}
	return app, preview
}

// A live link's first visit gets the recording in the page, never kept by a
// cache, with the share page's headers; the browser's gzip is honoured.
func TestHandler_LiveShareLinkGetsItsRecordingInThePage(t *testing.T) {
	var asked []string
	app, preview := sharedViewApp(&asked)
	h := newHandler(app, fillers{share: preview})
	rec := serve(h, "GET", "/shared/recording?token=%20"+liveToken)
	if rec.Code != 200 || rec.Body.String() != "<html><main><h1>Plan</h1></main></html>" {
		t.Fatalf("GET a live share link = %d %q", rec.Code, rec.Body.String())
	}
	if len(asked) != 1 || asked[0] != liveToken {
		t.Fatalf("preview asked for %q", asked)
	}
	hdr := rec.Header()
	if hdr.Get("Cache-Control") != "no-store" || hdr.Get("Referrer-Policy") != "no-referrer" ||
		hdr.Get("X-Robots-Tag") == "" || !strings.Contains(hdr.Get("Content-Security-Policy"), "script-src 'self'") ||
		!strings.HasPrefix(hdr.Get("Content-Type"), "text/html") {
		t.Fatalf("headers %v", hdr)
	}

	req := httptest.NewRequestWithContext(t.Context(), "GET", "/shared/recording/?token="+liveToken, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	gz := httptest.NewRecorder()
	h.ServeHTTP(gz, req)
	zr, err := gzip.NewReader(gz.Body)
	if err != nil || gz.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip asked, got %v %v", gz.Header(), err)
	}
	if body, _ := io.ReadAll(zr); string(body) != "<html><main><h1>Plan</h1></main></html>" {
		t.Fatalf("gzipped body %q", body)
	}
	if head := serve(h, "HEAD", "/shared/recording?token="+liveToken); head.Code != 200 || head.Body.Len() != 0 || head.Header().Get("Content-Length") == "" {
		t.Fatalf("HEAD = %d, %d bytes, %v", head.Code, head.Body.Len(), head.Header())
	}
}

// Without a preview (a refused link, a token of the wrong shape, no frame in
// the build, no preview provided) the page is the one every share link got before.
func TestHandler_ShareLinkWithoutPreviewGetsThePlainPage(t *testing.T) {
	var asked []string
	app, preview := sharedViewApp(&asked)
	h := newHandler(app, fillers{share: preview})
	for _, q := range []string{"?token=revokedRevokedRevokedRevoked", "", "?token=short", "?token=" + strings.Repeat("a", 200)} {
		rec := serve(h, "GET", "/shared/recording"+q)
		if rec.Body.String() != "<html>loading, shared page preloaded</html>" || rec.Header().Get("Cache-Control") != "no-cache" {
			t.Errorf("GET /shared/recording%s = %q, %v", q, rec.Body.String(), rec.Header())
		}
	}
	if len(asked) != 1 {
		t.Fatalf("only a token of the right shape is looked up, asked %q", asked)
	}
	if rec := serve(h, "GET", "/recordings?token="+liveToken); rec.Body.String() != "<html>loading</html>" {
		t.Fatalf("other routes never get a preview: %q", rec.Body.String())
	}
	noFrame := fstest.MapFS{"index.html": app["index.html"], "shared.html": app["shared.html"]}
	if rec := serve(newHandler(noFrame, fillers{share: preview}), "GET", "/shared/recording?token="+liveToken); !strings.Contains(rec.Body.String(), "preloaded") {
		t.Errorf("a build without the frame: %q", rec.Body.String())
	}
	if rec := serve(NewHandler(app), "GET", "/shared/recording?token="+liveToken); !strings.Contains(rec.Body.String(), "preloaded") {
		t.Errorf("no preview given: %q", rec.Body.String())
	}
}
