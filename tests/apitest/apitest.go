// Package apitest holds the server's HTTP traffic in tests to the API's
// OpenAPI document (server/apidoc/openapi.yaml), so the document cannot drift
// from what the server does.
//
// Handler wraps a server's handler: every request to a path the document
// describes is checked against it, and so is the answer. A request the
// document refuses must be answered with a documented error (bad input gets
// the API's usual envelope and status); an answer the document does not allow
// (an undocumented status, a body of another shape, a missing member) fails
// the test. A path under /api/ that the document lacks must be answered with
// the error envelope.
package apitest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"github.com/pocket-companion/pocket/server/apidoc"
)

// maxChecked bounds the bodies kept for checking: larger ones (audio, backups,
// big uploads) pass unread, with their status and headers still checked.
const maxChecked = 1 << 20

// Document is the API's document, loaded and validated once per test binary.
var Document = sync.OnceValues(func() (*openapi3.T, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(apidoc.Source)
	if err != nil {
		return nil, fmt.Errorf("server/apidoc/openapi.yaml: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("server/apidoc/openapi.yaml is not a valid OpenAPI document: %w", err)
	}
	return doc, nil
})

var router = sync.OnceValues(func() (routers.Router, error) {
	doc, err := Document()
	if err != nil {
		return nil, err
	}
	registerDecoders()
	return gorillamux.NewRouter(doc)
})

// registerDecoders lets the validator read the non-JSON answers the document
// declares (downloads, audio, the popup pages) as opaque strings.
func registerDecoders() {
	for _, ct := range []string{"text/html", "text/markdown", "text/vtt", "application/x-subrip", "text/javascript",
		"application/zip", "audio/ogg", "audio/mpeg", "audio/mp4", "audio/wav"} {
		openapi3filter.RegisterBodyDecoder(ct, openapi3filter.FileBodyDecoder)
	}
	openapi3filter.RegisterBodyDecoder("application/jwk-set+json", openapi3filter.JSONBodyDecoder)
}

var options = &openapi3filter.Options{
	IncludeResponseStatus: true,
	SkipSettingDefaults:   true,
	MultiError:            true,
	AuthenticationFunc:    openapi3filter.NoopAuthenticationFunc, // the server checks tokens; the document only names them
}

// Handler checks next's traffic against the document, failing t on a mismatch.
// Requests to the patterns in testOnly (routes a test adds for itself) pass unchecked.
func Handler(t testing.TB, next http.Handler, testOnly ...string) http.Handler {
	t.Helper()
	rt, err := router()
	if err != nil {
		t.Fatal(err)
	}
	own := http.NewServeMux()
	for _, p := range testOnly {
		own.Handle(p, http.NotFoundHandler())
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, p := own.Handler(r); !described(r.URL.Path) || p != "" {
			next.ServeHTTP(w, r)
			return
		}
		c := check{t: t, r: r}
		c.request(rt)
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		if !rec.hijacked {
			c.response(rec)
		}
	})
}

// described says whether the document covers path: the API and the probes,
// and the MCP server, not the app's pages, Connect services or operators' metrics.
func described(path string) bool {
	return strings.HasPrefix(path, "/api/") || path == "/healthz" || path == "/readyz" || path == "/mcp"
}

// check is one exchange being held to the document.
type check struct {
	t          testing.TB
	r          *http.Request
	input      *openapi3filter.RequestValidationInput
	refusal    error // why the document refuses the request, if it does
	noRouteErr error
}

func (c *check) request(rt routers.Router) {
	probe := c.r.Clone(c.r.Context())
	probe.URL.Scheme, probe.URL.Host = "http", c.r.Host
	route, params, err := rt.FindRoute(probe)
	if err != nil {
		c.noRouteErr = err
		return
	}
	opts := *options
	body, kept := peekBody(c.r)
	probe.Body = io.NopCloser(bytes.NewReader(body)) // never the handler's own: the validator reads what it is given
	if probe.Header.Get("Content-Type") == "" && len(body) > 0 {
		// The server reads an undeclared body as JSON (only the session exchange insists on the header).
		probe.Header.Set("Content-Type", "application/json")
	}
	ptr := ""
	if kept && len(body) > 0 {
		ptr = requestSchema(route, probe.Header.Get("Content-Type"))
	}
	opts.ExcludeRequestBody = !kept || ptr != "" // a JSON body is checked below, with its schema compiled once
	c.input = &openapi3filter.RequestValidationInput{Request: probe, PathParams: params, Route: route, Options: &opts}
	c.refusal = openapi3filter.ValidateRequest(c.r.Context(), c.input)
	if c.refusal == nil && ptr != "" {
		c.refusal = c.validateBody("request body", ptr, body)
	}
}

// validateBody checks a JSON body against the document's schema at ptr.
func (c *check) validateBody(what, ptr string, body []byte) error {
	s, err := schemas()
	if err == nil {
		err = s.validate(ptr, body)
	}
	if err != nil {
		return fmt.Errorf("%s (schema #%s): %w", what, ptr, err)
	}
	return nil
}

// peekBody reads a small, declared-length body and puts it back for the
// handler. Others (streams, uploads past the limit, slow senders) are left
// alone so the server meets them as a client sends them.
func peekBody(r *http.Request) ([]byte, bool) {
	if r.ContentLength <= 0 || r.ContentLength > maxChecked {
		return nil, r.ContentLength == 0
	}
	body, err := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	return body, err == nil
}

func (c *check) response(rec *recorder) {
	c.t.Helper()
	what := fmt.Sprintf("%s %s answered %d %s", c.r.Method, c.r.URL.RequestURI(), rec.status, clip(rec.body.Bytes()))
	if c.input == nil {
		c.undocumented(rec, what)
		return
	}
	if c.refusal != nil && rec.status < 400 {
		c.t.Errorf("openapi: the server accepted a request the document refuses: %s\n%v", what, c.refusal)
	}
	opts := *c.input.Options
	readBody := !rec.overflow && c.r.Method != http.MethodHead
	ptr := ""
	if readBody && rec.body.Len() > 0 {
		ptr = responseSchema(c.input.Route, rec.status, rec.Header().Get("Content-Type"))
	}
	opts.ExcludeResponseBody = !readBody || ptr != "" // a JSON body is checked below
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: c.input, Status: rec.status, Header: rec.Header(),
		Body: io.NopCloser(bytes.NewReader(rec.body.Bytes())), Options: &opts,
	}
	err := openapi3filter.ValidateResponse(c.r.Context(), in)
	if err == nil && ptr != "" {
		err = c.validateBody("response body", ptr, rec.body.Bytes())
	}
	if err != nil {
		c.t.Errorf("openapi: the answer does not match server/apidoc/openapi.yaml: %s\n%v", what, err)
	}
}

// undocumented holds a path the document lacks to the API's 404/405 error envelope.
func (c *check) undocumented(rec *recorder, what string) {
	c.t.Helper()
	if (rec.status != http.StatusNotFound && rec.status != http.StatusMethodNotAllowed) || !IsErrorEnvelope(rec.body.Bytes()) {
		c.t.Errorf("openapi: no path of the document matches, and the answer is not the API's 404/405 error envelope: %s (%v)", what, c.noRouteErr)
	}
}

// IsErrorEnvelope says whether body is the API's error envelope,
// {success: false, message, code} with both strings set.
func IsErrorEnvelope(body []byte) bool {
	var e struct {
		Success *bool  `json:"success"`
		Code    string `json:"code"`
		Message string `json:"message"`
	}
	return json.Unmarshal(body, &e) == nil && e.Success != nil && !*e.Success && e.Code != "" && e.Message != ""
}

func clip(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}
