package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func serve(h http.Handler, method, path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, nil))
	return rec
}

func TestHandler_ServesTheAppAndItsRoutes(t *testing.T) {
	app := fstest.MapFS{
		"index.html":           {Data: []byte("<html>app</html>")},
		"assets/index-abc.js":  {Data: []byte("js")},
		"sw.js":                {Data: []byte("sw")},
		"manifest.webmanifest": {Data: []byte("{}")},
	}
	h := NewHandler(app)
	cases := []struct {
		path, body, cache string
	}{
		{"/", "<html>app</html>", "no-cache"},
		{"/recordings/abc", "<html>app</html>", "no-cache"},
		{"/no/such/page", "<html>app</html>", "no-cache"},
		{"/assets/index-abc.js", "js", "immutable"},
		{"/sw.js", "sw", "no-cache"},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			rec := serve(h, "GET", tc.path)
			if rec.Code != 200 || rec.Body.String() != tc.body || !strings.Contains(rec.Header().Get("Cache-Control"), tc.cache) {
				t.Fatalf("%d %q cache %q", rec.Code, rec.Body.String(), rec.Header().Get("Cache-Control"))
			}
		})
	}
	if csp := serve(h, "GET", "/login").Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, " 'unsafe-eval'") {
		t.Fatalf("csp = %q", csp)
	}
	if rec := serve(h, "POST", "/"); rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("POST / = %d", rec.Code)
	}
}

func TestHandler_SharedPagesAreNotIndexedAndSendNoReferer(t *testing.T) {
	h := NewHandler(fstest.MapFS{"index.html": {Data: []byte("app")}})
	rec := serve(h, "GET", "/shared/recording?token=abc")
	if rec.Header().Get("X-Robots-Tag") != "noindex, nofollow" || rec.Header().Get("Referrer-Policy") != "no-referrer" {
		t.Fatalf("headers = %v", rec.Header())
	}
	if rec := serve(h, "GET", "/recordings"); rec.Header().Get("X-Robots-Tag") != "" {
		t.Fatal("only shared pages are noindex")
	}
}

func TestHandler_WithoutABuiltAppSaysHowToBuildIt(t *testing.T) {
	rec := serve(NewHandler(nil), "GET", "/recordings")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "make build") {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
}
