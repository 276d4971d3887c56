package apidoc_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/server/apidoc"
	"github.com/pocket-companion/pocket/tests/apitest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

func TestOpenAPIJSON_IsTheDocumentPublicAndCacheable(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.NewClient(t)

	r := c.Do("GET", "/api/openapi.json", nil)
	if r.Status != 200 || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("GET /api/openapi.json = %d %s", r.Status, r.Header.Get("Content-Type"))
	}
	want, err := apidoc.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if string(r.Body) != string(want) {
		t.Error("the served document is not server/apidoc/openapi.yaml as JSON")
	}
	var doc struct {
		OpenAPI string         `json:"openapi"`
		Paths   map[string]any `json:"paths"`
	}
	r.JSON(t, &doc)
	if !strings.HasPrefix(doc.OpenAPI, "3.1.") || doc.Paths["/api/v1/recordings/dashboard"] == nil {
		t.Errorf("served document: openapi %q, %d paths", doc.OpenAPI, len(doc.Paths))
	}
	if cc := r.Header.Get("Cache-Control"); !strings.Contains(cc, "public") {
		t.Errorf("Cache-Control %q: the document is the same for everyone", cc)
	}
	etag := r.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	again := c.DoWith("GET", "/api/openapi.json", nil, http.Header{"If-None-Match": {etag}})
	if again.Status != http.StatusNotModified || len(again.Body) != 0 {
		t.Errorf("If-None-Match %s = %d with %d bytes, want 304 and none", etag, again.Status, len(again.Body))
	}
}

func TestReferencePage_RunsOnlyThisServersScripts(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.NewClient(t)

	page := c.Do("GET", "/api/docs", nil)
	if page.Status != 200 || !strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET /api/docs = %d %s", page.Status, page.Header.Get("Content-Type"))
	}
	csp := page.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self';") || !strings.Contains(csp, "connect-src 'self'") {
		t.Errorf("CSP %q: the page may run and fetch from this server only", csp)
	}
	if !strings.Contains(string(page.Body), `src="/api/docs/docs.js"`) {
		t.Errorf("the page does not load its script: %s", page.Body)
	}
	script := c.Do("GET", "/api/docs/docs.js", nil)
	if script.Status != 200 || !strings.HasPrefix(script.Header.Get("Content-Type"), "text/javascript") ||
		!strings.Contains(string(script.Body), "/api/openapi.json") || strings.Contains(string(script.Body), "https://") {
		t.Errorf("GET /api/docs/docs.js = %d %s %s", script.Status, script.Header.Get("Content-Type"), script.Body)
	}
	missing := c.Do("GET", "/api/docs/other.js", nil)
	if missing.Status != 404 || !apitest.IsErrorEnvelope(missing.Body) {
		t.Errorf("GET /api/docs/other.js = %d %s, want the 404 envelope", missing.Status, missing.Body)
	}
}
