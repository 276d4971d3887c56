package web

import (
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
)

// signedInViewApp is a build with the recording page's frame, and a copy
// that fills one recording for whoever it is asked for and records the ids.
func signedInViewApp(asked *[]string) (fstest.MapFS, SignedInCopy) {
	app := fstest.MapFS{
		"index.html":          {Data: []byte("<html>loading</html>")},
		"recording.html":      {Data: []byte("<html>loading, recording preloaded</html>")},
		"recording-view.html": {Data: []byte("<html><main><!--pocket:recording-view--></main></html>")},
	}
	copy := func(_ *http.Request, id string) ([]byte, bool) {
		*asked = append(*asked, id)
		return []byte("<h1>Plan</h1>"), id == "rec_1"
	}
	return app, copy
}

// A signed-in person's recording page comes with the recording in it, never
// kept by a cache; a recording the copy refuses gets the page that preloads
// the screen's code, as before.
func TestHandler_SignedInRecordingPageGetsItsRecording(t *testing.T) {
	var asked []string
	app, copy := signedInViewApp(&asked)
	h := newHandler(app, fillers{signedIn: copy})
	rec := getWith(h, "/recordings/rec_1", "Cookie", "pocket_has_session=1")
	if rec.Code != 200 || rec.Body.String() != "<html><main><h1>Plan</h1></main></html>" || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("GET /recordings/rec_1 = %d %q %v", rec.Code, rec.Body.String(), rec.Header())
	}
	if !strings.Contains(rec.Header().Get("Content-Security-Policy"), "script-src 'self'") {
		t.Fatalf("the filled page lacks the CSP: %v", rec.Header())
	}
	if rec := getWith(h, "/recordings/rec_2", "Cookie", "pocket_has_session=1"); rec.Body.String() != "<html>loading, recording preloaded</html>" ||
		rec.Header().Get("Cache-Control") != "no-cache" {
		t.Fatalf("a refused copy = %q %v", rec.Body.String(), rec.Header())
	}
	if strings.Join(asked, ",") != "rec_1,rec_2" {
		t.Fatalf("copies asked for %q", asked)
	}
}

// Only a recording's own page, signed in, opening on its summary is filled:
// never the list, another tab or passage, or a visitor without the marker.
func TestHandler_OnlyTheSignedInRecordingSummaryIsFilled(t *testing.T) {
	var asked []string
	app, copy := signedInViewApp(&asked)
	h := newHandler(app, fillers{signedIn: copy})
	for _, path := range []string{"/recordings/rec_1?tab=mindmap", "/recordings/rec_1?t=12", "/recordings", "/recordings/rec_1/more"} {
		if rec := getWith(h, path, "Cookie", "pocket_has_session=1"); strings.Contains(rec.Body.String(), "Plan") {
			t.Errorf("GET %s was filled", path)
		}
	}
	if rec := serve(h, "GET", "/recordings/rec_1"); rec.Body.String() != "<html>loading</html>" {
		t.Errorf("signed out: %q", rec.Body.String())
	}
	if len(asked) != 0 {
		t.Fatalf("copies asked for %q", asked)
	}
	noFrame := fstest.MapFS{"index.html": app["index.html"], "recording.html": app["recording.html"]}
	if rec := getWith(newHandler(noFrame, fillers{signedIn: copy}), "/recordings/rec_1", "Cookie", "pocket_has_session=1"); strings.Contains(rec.Body.String(), "Plan") {
		t.Errorf("a build without the frame was filled: %q", rec.Body.String())
	}
}

// The plain list, signed in, comes with its first rows; a search, folder or
// filter in the query, a refusal, or no marker leaves the page as it was.
func TestHandler_SignedInListGetsItsRows(t *testing.T) {
	app := fstest.MapFS{
		"index.html":           {Data: []byte("<html>loading</html>")},
		"recordings.html":      {Data: []byte("<html>loading, list preloaded</html>")},
		"recordings-view.html": {Data: []byte("<html><main><!--pocket:recordings-view--></main></html>")},
	}
	asked, refuse := 0, false
	list := func(*http.Request) ([]byte, bool) {
		asked++
		return []byte("<ul>rows</ul>"), !refuse
	}
	h := newHandler(app, fillers{list: list})
	rec := getWith(h, "/recordings", "Cookie", "pocket_has_session=1")
	if rec.Body.String() != "<html><main><ul>rows</ul></main></html>" || rec.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("GET /recordings = %q %v", rec.Body.String(), rec.Header())
	}
	for _, path := range []string{"/recordings?q=plan", "/recordings?folder=general", "/recordings/rec_1", "/"} {
		if rec := getWith(h, path, "Cookie", "pocket_has_session=1"); strings.Contains(rec.Body.String(), "rows") {
			t.Errorf("GET %s was filled", path)
		}
	}
	if rec := serve(h, "GET", "/recordings"); rec.Body.String() != "<html>loading</html>" {
		t.Errorf("signed out: %q", rec.Body.String())
	}
	refuse = true
	if rec := getWith(h, "/recordings", "Cookie", "pocket_has_session=1"); rec.Body.String() != "<html>loading, list preloaded</html>" {
		t.Errorf("a refused list: %q", rec.Body.String())
	}
	if asked != 2 {
		t.Fatalf("the list was asked for %d times, want 2", asked)
	}
}
