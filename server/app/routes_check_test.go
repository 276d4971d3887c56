package app

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/accesstoken"
	"github.com/pocket-companion/pocket/server/httpx"
)

func tableRoutes() []httpx.Route {
	out := make([]httpx.Route, len(API))
	for i, r := range API {
		out[i] = httpx.Route{Pattern: r.Pattern, Access: r.Access, Handler: func(http.ResponseWriter, *http.Request) error { return nil }}
	}
	return out
}

func TestCheckRoutes_RefusesAnUnlistedWayIn(t *testing.T) {
	extra := func(p string, a httpx.Access) []httpx.Route {
		return append(tableRoutes(), httpx.Route{Pattern: p, Access: a})
	}
	cases := []struct {
		name   string
		served []httpx.Route
		fault  string // "" when the server may start
	}{
		{"the table as listed", tableRoutes(), ""},
		{"an extra signed-in route fails closed", extra("GET /api/v1/test/whoami", httpx.SignedIn), ""},
		{"an unlisted public route", extra("GET /api/v1/debug", httpx.Public), `"GET /api/v1/debug" is served public but not listed`},
		{"an unlisted operator route", extra("GET /debug/pprof/", httpx.Operator), `"GET /debug/pprof/" is served operator but not listed`},
		{"a listed route served open", func() []httpx.Route {
			rs := tableRoutes()
			for i := range rs {
				if rs[i].Pattern == "GET /api/v1/folders" {
					rs[i].Access = httpx.Public
				}
			}
			return rs
		}(), `"GET /api/v1/folders" is served public but listed signed-in`},
		{"a listed route not served", tableRoutes()[1:], `"GET /healthz" is listed but not served`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := checkRoutes(tc.served)
			switch {
			case tc.fault == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.fault != "" && (err == nil || !strings.Contains(err.Error(), tc.fault)):
				t.Fatalf("got %v, want %q", err, tc.fault)
			}
		})
	}
}

func TestScopeProblems_ASignedInRowNamesItsScope(t *testing.T) {
	if p := scopeProblems(API); len(p) != 0 {
		t.Fatalf("the table: %v", p)
	}
	bad := []RouteInfo{
		{"GET /api/v1/new-thing", httpx.SignedIn, ""},
		{"GET /api/v1/open-thing", httpx.Public, accesstoken.RecordingsRead},
	}
	if p := scopeProblems(bad); len(p) != 2 || !strings.Contains(p[0], "new-thing") || !strings.Contains(p[1], "open-thing") {
		t.Fatalf("problems = %q, want both rows", p)
	}
}
