package web

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"
)

func serve(h http.Handler, method, path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequestWithContext(context.Background(), method, path, nil))
	return rec
}

// getWith is a GET of path with one request header set (none when value is "").
func getWith(h http.Handler, path, header, value string) *httptest.ResponseRecorder {
	req := httptest.NewRequestWithContext(context.Background(), "GET", path, nil)
	if value != "" {
		req.Header.Set(header, value)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
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
	if csp := serve(h, "GET", "/login").Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, " 'unsafe-eval'") ||
		!strings.Contains(csp, "connect-src 'self';") {
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

// After a deploy an old tab asks for chunks that are gone: a 404 it can
// recover from (by reloading), not the app's HTML with 200 parsed as script.
func TestHandler_AGoneAssetIsNotFoundNotTheApp(t *testing.T) {
	h := NewHandler(fstest.MapFS{"index.html": {Data: []byte("<p>app</p>")}, "assets/new-abc.js": {Data: []byte("1")}})
	rec := serve(h, "GET", "/assets/old-123.js")
	if rec.Code != 404 || strings.Contains(rec.Body.String(), "<p>app</p>") || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("gone asset = %d %q %v", rec.Code, rec.Body.String(), rec.Header())
	}
	if rec := serve(h, "GET", "/assets/new-abc.js"); rec.Code != 200 {
		t.Fatalf("present asset = %d", rec.Code)
	}
	// App routes that merely look like files still get the app.
	if rec := serve(h, "GET", "/recordings/rec_1.json"); rec.Code != 200 || !strings.Contains(rec.Body.String(), "<p>app</p>") {
		t.Fatalf("app route = %d %q", rec.Code, rec.Body.String())
	}
}

func TestHandler_WithoutABuiltAppSaysHowToBuildIt(t *testing.T) {
	rec := serve(NewHandler(nil), "GET", "/recordings")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "make build") {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
}

func TestHandler_GzipsTextAssetsForClientsThatAcceptIt(t *testing.T) {
	js := strings.Repeat("console.log('pocket');\n", 200)
	h := NewHandler(fstest.MapFS{"index.html": {Data: []byte(strings.Repeat("<p>app</p>", 100))}, "assets/a.js": {Data: []byte(js)}, "icon.png": {Data: []byte("png")}})
	get := func(path, accept string) *httptest.ResponseRecorder {
		return getWith(h, path, "Accept-Encoding", accept)
	}
	rec := get("/assets/a.js", "gzip, br")
	if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
		t.Fatalf("headers %v", rec.Header())
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(zr)
	if string(body) != js || rec.Body.Len() > len(js)/5 {
		t.Fatalf("gzip body wrong or not smaller: %d bytes", rec.Body.Len())
	}
	if ct := rec.Header().Get("Content-Type"); !strings.Contains(ct, "javascript") {
		t.Fatalf("content type %q", ct)
	}
	if rec := get("/assets/a.js", ""); rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != js {
		t.Fatal("a client without gzip must get the plain file")
	}
	if rec := get("/assets/a.js", "gzip;q=0"); rec.Header().Get("Content-Encoding") != "" {
		t.Fatal("q=0 refuses gzip")
	}
	if rec := get("/recordings", "gzip"); rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("Content-Security-Policy") == "" {
		t.Fatalf("app routes must be gzipped with their headers: %v", rec.Header())
	}
	if rec := get("/icon.png", "gzip"); rec.Header().Get("Content-Encoding") != "" {
		t.Fatal("images are not gzipped again")
	}
}

func TestHandler_LoginGetsThePreRenderedPageOnlyWithoutASession(t *testing.T) {
	h := NewHandler(fstest.MapFS{
		"index.html": {Data: []byte("<html>loading</html>")},
		"login.html": {Data: []byte("<html>login form</html>")},
	})
	get := func(path, cookie string) *httptest.ResponseRecorder { return getWith(h, path, "Cookie", cookie) }
	cases := []struct{ path, cookie, body string }{
		{"/login", "", "<html>login form</html>"},
		{"/login/", "", "<html>login form</html>"},
		{"/login", "pocket_has_session=1", "<html>loading</html>"},
		{"/login", "pocket_has_session=", "<html>login form</html>"},
		{"/recordings", "", "<html>loading</html>"},
		{"/loginx", "", "<html>loading</html>"},
	}
	for _, tc := range cases {
		rec := get(tc.path, tc.cookie)
		if rec.Code != 200 || rec.Body.String() != tc.body {
			t.Errorf("GET %s (cookie %q) = %d %q, want %q", tc.path, tc.cookie, rec.Code, rec.Body.String(), tc.body)
		}
		if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("GET %s: csp = %q", tc.path, csp)
		}
	}
	// The service worker precaches login.html by name, and replays its headers offline.
	rec := get("/login.html", "")
	if rec.Body.String() != "<html>login form</html>" || !strings.Contains(rec.Header().Get("Content-Security-Policy"), "default-src 'self'") {
		t.Fatalf("GET /login.html = %q, csp %q", rec.Body.String(), rec.Header().Get("Content-Security-Policy"))
	}
}

func TestHandler_WithoutLoginHTMLLoginGetsTheApp(t *testing.T) {
	h := NewHandler(fstest.MapFS{"index.html": {Data: []byte("app")}})
	if rec := serve(h, "GET", "/login"); rec.Body.String() != "app" {
		t.Fatalf("GET /login = %q", rec.Body.String())
	}
}

func TestHandler_ShareLinkGetsThePageThatPreloadsItsCodeAndView(t *testing.T) {
	h := NewHandler(fstest.MapFS{
		"index.html":  {Data: []byte("<html>loading</html>")},
		"shared.html": {Data: []byte("<html>loading, shared page preloaded</html>")},
	})
	const token = "oNx6tD2KCM3uHACG5LOQ2pCXVxdtLXX01R6WcQ0Ilso"
	rec := serve(h, "GET", "/shared/recording?token="+token)
	if rec.Code != 200 || rec.Body.String() != "<html>loading, shared page preloaded</html>" {
		t.Fatalf("GET a share link = %d %q", rec.Code, rec.Body.String())
	}
	want := "</api/v1/share/shared/recording?token=" + token + ">; rel=preload; as=fetch; crossorigin=anonymous"
	if got := rec.Header().Get("Link"); got != want {
		t.Fatalf("Link = %q, want %q", got, want)
	}
	if rec.Header().Get("Referrer-Policy") != "no-referrer" {
		t.Fatal("a share page must not leak its token in the Referer")
	}
	// The page and the preload are decided by the same route name.
	if rec := serve(h, "GET", "/shared/recording/?token="+token); rec.Body.String() != "<html>loading, shared page preloaded</html>" || rec.Header().Get("Link") != want {
		t.Fatalf("GET a share link with a trailing slash = %q, Link %q", rec.Body.String(), rec.Header().Get("Link"))
	}
	// Anything that is not a share token's shape is not echoed into a header.
	for _, q := range []string{"", "?token=", "?token=short", "?token=" + url.QueryEscape("a>; rel=preload; as=script, <x"), "?token=" + strings.Repeat("a", 200)} {
		rec := serve(h, "GET", "/shared/recording"+q)
		if rec.Code != 200 || rec.Header().Get("Link") != "" {
			t.Errorf("GET /shared/recording%s: %d, Link %q", q, rec.Code, rec.Header().Get("Link"))
		}
	}
	if rec := serve(h, "GET", "/recordings"); rec.Body.String() != "<html>loading</html>" || rec.Header().Get("Link") != "" {
		t.Fatalf("other routes get index.html without preloads: %q %v", rec.Body.String(), rec.Header())
	}
}

func TestHandler_SignedInScreensGetThePagesThatPreloadTheirCode(t *testing.T) {
	h := NewHandler(fstest.MapFS{
		"index.html":      {Data: []byte("<html>loading</html>")},
		"recordings.html": {Data: []byte("<html>loading, list preloaded</html>")},
		"recording.html":  {Data: []byte("<html>loading, recording preloaded</html>")},
	})
	get := func(path, cookie string) *httptest.ResponseRecorder { return getWith(h, path, "Cookie", cookie) }
	const session = "pocket_has_session=1"
	cases := []struct{ path, cookie, body string }{
		{"/recordings", session, "<html>loading, list preloaded</html>"},
		{"/Recordings/", session, "<html>loading, list preloaded</html>"},
		{"/recordings?q=standup", session, "<html>loading, list preloaded</html>"},
		{"/", session, "<html>loading, list preloaded</html>"},
		{"/recordings/rec_1", session, "<html>loading, recording preloaded</html>"},
		{"/recordings/rec_1/", session, "<html>loading, recording preloaded</html>"},
		// Signed out these lead to /login: nothing of the signed-in screens is preloaded.
		{"/recordings", "", "<html>loading</html>"},
		{"/recordings/rec_1", "pocket_has_session=", "<html>loading</html>"},
		// Other routes keep index.html.
		{"/recordings/rec_1/more", session, "<html>loading</html>"},
		{"/ask", session, "<html>loading</html>"},
		{"/recordingsx", session, "<html>loading</html>"},
	}
	for _, tc := range cases {
		rec := get(tc.path, tc.cookie)
		if rec.Code != 200 || rec.Body.String() != tc.body {
			t.Errorf("GET %s (cookie %q) = %d %q, want %q", tc.path, tc.cookie, rec.Code, rec.Body.String(), tc.body)
		}
		if rec.Header().Get("Cache-Control") != "no-cache" || !strings.Contains(rec.Header().Get("Content-Security-Policy"), "script-src 'self'") {
			t.Errorf("GET %s: headers %v", tc.path, rec.Header())
		}
	}
}
