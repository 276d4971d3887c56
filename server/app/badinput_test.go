package app_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/pocket-companion/pocket/tests/apitest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// badBodies are JSON bodies no operation accepts: not JSON at all, and JSON
// of the wrong type where every operation wants an object.
var badBodies = []string{`{"name": `, `["not", "an", "object"]`, `"a string"`}

// TestBadInput_EveryJSONOperationAnswersTheErrorEnvelope sends every
// documented operation that takes a JSON body bodies it cannot accept, and
// every integer query parameter a word: each must be refused with a 4XX and
// the API's error envelope (the servertest check also holds the status to
// the operation's documented ones).
func TestBadInput_EveryJSONOperationAnswersTheErrorEnvelope(t *testing.T) {
	doc, err := apitest.Document()
	if err != nil {
		t.Fatal(err)
	}
	s := servertest.Start(t, nil)
	c := s.SignIn(t, "bad-input@example.com")
	sent := 0
	for _, path := range apiPaths(doc) {
		for method, op := range doc.Paths.Value(path).Operations() {
			concretePath := pathParam.ReplaceAllString(path, "x1")
			if takesJSON(op) {
				for _, body := range badBodies {
					refused(t, c.Do(method, concretePath, []byte(body)), method, path, body)
					sent++
				}
			}
			for _, q := range integerQueries(doc.Paths.Value(path), op) {
				refused(t, c.Do(method, concretePath+"?"+q+"=many", nil), method, path, q+"=many")
				sent++
			}
		}
	}
	if sent < 40 {
		t.Fatalf("only %d bad requests sent: the document's operations were not found", sent)
	}
	t.Logf("%d bad requests, each refused with the envelope", sent)
}

func refused(t *testing.T, r servertest.Response, method, path, sent string) {
	t.Helper()
	if r.Status < 400 || r.Status > 499 || !apitest.IsErrorEnvelope(r.Body) {
		t.Errorf("%s %s with %s = %d %s, want a 4XX error envelope", method, path, sent, r.Status, r.Body)
	}
}

func takesJSON(op *openapi3.Operation) bool {
	return op.RequestBody != nil && op.RequestBody.Value.Content.Get("application/json") != nil
}

func integerQueries(item *openapi3.PathItem, op *openapi3.Operation) []string {
	var names []string
	for _, p := range slices.Concat(item.Parameters, op.Parameters) {
		if p.Value.In == "query" && p.Value.Schema != nil && p.Value.Schema.Value.Type.Is("integer") {
			names = append(names, p.Value.Name)
		}
	}
	return names
}

// apiPaths are the document's paths under /api/, sorted.
func apiPaths(doc *openapi3.T) []string {
	var out []string
	for k := range doc.Paths.Map() {
		if strings.HasPrefix(k, "/api/") {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}
