package app_test

import (
	"maps"
	"regexp"
	"slices"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/pocket-companion/pocket/server/app"
	"github.com/pocket-companion/pocket/tests/apitest"
)

// undocumented are the route table's routes that are not REST: the Connect
// services (their schema is proto/) and operators' Prometheus metrics.
var undocumented = map[string]bool{
	"/pocket.sync.v1.SyncService/": true,
	"/pocket.push.v1.PushService/": true,
	"GET /metrics":                 true,
}

// selfAuthorizing are public routes that check a credential themselves,
// documented with the schemes they accept.
var selfAuthorizing = map[string]bool{"GET /api/v1/recordings/{}/audio": true}

var pathParam = regexp.MustCompile(`\{[^}]*\}`)

// TestOpenAPI_DocumentsExactlyTheRouteTable holds server/apidoc/openapi.yaml
// to the route table in both directions: every REST route has its operation,
// and the document describes nothing the server does not serve.
func TestOpenAPI_DocumentsExactlyTheRouteTable(t *testing.T) {
	doc, err := apitest.Document()
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+pathParam.ReplaceAllString(path, "{}")] = true
		}
	}
	served := map[string]bool{}
	for _, r := range app.API {
		if undocumented[r.Pattern] {
			continue
		}
		served[pathParam.ReplaceAllString(r.Pattern, "{}")] = true
	}
	for _, op := range slices.Sorted(maps.Keys(served)) {
		if !documented[op] {
			t.Errorf("%s is in the route table (server/app/routes.go) but not in server/apidoc/openapi.yaml", op)
		}
	}
	for _, op := range slices.Sorted(maps.Keys(documented)) {
		if !served[op] {
			t.Errorf("%s is in server/apidoc/openapi.yaml but not in the route table", op)
		}
	}
}

// TestOpenAPI_SecurityMatchesTheRouteTable holds the document's security to
// the route table: a public route is documented without security, every other
// with the bearer schemes.
func TestOpenAPI_SecurityMatchesTheRouteTable(t *testing.T) {
	doc, err := apitest.Document()
	if err != nil {
		t.Fatal(err)
	}
	access := map[string]string{}
	for _, r := range app.API {
		access[pathParam.ReplaceAllString(r.Pattern, "{}")] = r.Access.String()
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			key := method + " " + pathParam.ReplaceAllString(path, "{}")
			want, ok := access[key]
			if !ok {
				continue // documented ahead; the test above holds the list
			}
			security := doc.Security
			if op.Security != nil {
				security = *op.Security
			}
			open := len(security) == 0
			if (want == "public" && !selfAuthorizing[key]) != open {
				t.Errorf("%s is %s in the route table but documented with security %v", key, want, security)
			}
			if want != "public" && !slices.ContainsFunc(security, namesIDToken) {
				t.Errorf("%s is %s but its security does not name the ID token", key, want)
			}
		}
	}
}

func namesIDToken(req openapi3.SecurityRequirement) bool {
	_, ok := req["idToken"]
	return ok
}
