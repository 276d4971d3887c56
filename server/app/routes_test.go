package app_test

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/app"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// pinnedPublic are the routes anyone may call without signing in. Adding one
// is a security decision: it must be made here too, or this test fails.
var pinnedPublic = []string{
	"GET /api/docs", // the API reference page and its scripts (server/apidoc)
	"GET /api/docs/{file}",
	"GET /api/openapi.json",
	"GET /api/v1/auth-email/check",
	"GET /api/v1/auth/apple/start",
	"GET /api/v1/auth/google/callback",
	"GET /api/v1/auth/google/start",
	"GET /api/v1/auth/jwks", // the ID tokens' public key, for a relay in front (server/auth)
	"GET /api/v1/auth/providers",
	"GET /api/v1/chat/session/{id}/messages/shared",
	"GET /api/v1/chat/session/{id}/shared",
	"GET /api/v1/digest/unsubscribe",
	"GET /api/v1/events", // authorises by the token in its first message (server/live)
	"GET /api/v1/share/shared/clip",
	"GET /api/v1/share/shared/recording",
	"GET /api/v1/share/{token}/audio",
	"GET /healthz",
	"GET /readyz",
	"POST /api/v1/auth/apple/callback",
	"POST /api/v1/auth/email/send-otp",
	"POST /api/v1/auth/email/verify-otp",
	"POST /api/v1/auth/logout",
	"POST /api/v1/auth/refresh",
	"POST /api/v1/auth/session",
	"POST /api/v1/chat/message/shared",
	"POST /api/v1/digest/unsubscribe",
	"POST /api/v1/share/{token}/unlock", // checks a protected link's password (server/share)
}

// pinnedOptional are the routes a call without a bearer token reaches too,
// to authorise itself there (server/recordings/audio.go: a signed link).
var pinnedOptional = []string{"GET /api/v1/recordings/{id}/audio"}

// pinnedOperator are the routes for whoever runs the server (loopback or the metrics token).
var pinnedOperator = []string{"GET /metrics"}

// servedRoutes starts the real server (edited by edit) and returns it with every route it mounted.
func servedRoutes(t *testing.T, edit func(*config.Config)) (*servertest.Server, []httpx.Route) {
	var routes []httpx.Route
	capture := fx.Invoke(fx.Annotate(func(rs []httpx.Route) { routes = rs }, fx.ParamTags(`group:"routes"`)))
	s := servertest.Start(t, edit, capture)
	if len(routes) == 0 {
		t.Fatal("no routes captured")
	}
	return s, routes
}

func patternsWith(routes []httpx.Route, access httpx.Access) []string {
	var out []string
	for _, r := range routes {
		if r.Access == access {
			out = append(out, r.Pattern)
		}
	}
	slices.Sort(out)
	return out
}

// TestRoutes_PublicOnesArePinned holds both modes to the one route table:
// the embedded provider, and a relay (in front of an embedded upstream).
func TestRoutes_PublicOnesArePinned(t *testing.T) {
	t.Run("embedded", func(t *testing.T) { checkServedRoutes(t, nil) })
	t.Run("relay", func(t *testing.T) {
		up := servertest.Start(t, nil)
		checkServedRoutes(t, func(c *config.Config) {
			c.UpstreamURL, c.UpstreamJWKSURL = up.URL, up.URL+"/api/v1/auth/jwks"
		})
	})
}

func checkServedRoutes(t *testing.T, edit func(*config.Config)) {
	s, routes := servedRoutes(t, edit)

	if got := patternsWith(routes, httpx.Public); !slices.Equal(got, pinnedPublic) {
		t.Errorf("public routes changed:\n got  %q\n want %q", got, pinnedPublic)
	}
	if got := patternsWith(routes, httpx.OptionalSignIn); !slices.Equal(got, pinnedOptional) {
		t.Errorf("routes of optional sign-in changed: got %q, want %q", got, pinnedOptional)
	}
	if got := patternsWith(routes, httpx.Operator); !slices.Equal(got, pinnedOperator) {
		t.Errorf("operator routes changed: got %q, want %q", got, pinnedOperator)
	}

	t.Run("the route table lists exactly what is served", func(t *testing.T) {
		served := map[string]httpx.Access{}
		for _, r := range routes {
			if _, dup := served[r.Pattern]; dup {
				t.Errorf("%s is served twice", r.Pattern)
			}
			served[r.Pattern] = r.Access
		}
		listed := map[string]httpx.Access{}
		for _, r := range app.API {
			listed[r.Pattern] = r.Access
		}
		for p, a := range served {
			if la, ok := listed[p]; !ok || la != a {
				t.Errorf("%s is served %s; the table says %v (listed: %v)", p, a, la, ok)
			}
		}
		if len(listed) != len(served) || len(app.API) != len(listed) {
			t.Errorf("table has %d rows (%d distinct), server has %d routes", len(app.API), len(listed), len(served))
		}
	})

	t.Run("every other route answers 401 without a valid token, in its protocol's format", func(t *testing.T) {
		signedIn := append(patternsWith(routes, httpx.SignedIn), patternsWith(routes, httpx.OptionalSignIn)...)
		if len(signedIn) == 0 {
			t.Fatal("no signed-in routes")
		}
		for _, pattern := range signedIn {
			method, path := concrete(pattern)
			for _, c := range []*servertest.Client{s.NewClient(t), s.WithToken(t, "forged")} {
				r := c.Do(method, path, []byte(`{}`))
				// A REST route answers the envelope; a Connect service, Connect's error.
				var body struct {
					Success *bool
					Code    string
				}
				refused := r.Status == 401 && json.Unmarshal(r.Body, &body) == nil
				if connectService(pattern) {
					refused = refused && body.Code == "unauthenticated"
				} else {
					refused = refused && body.Success != nil && !*body.Success
				}
				if !refused {
					t.Errorf("%s %s (token %q) = %d %s", method, path, c.IDToken, r.Status, r.Body)
				}
			}
		}
	})
}

var wildcard = regexp.MustCompile(`\{[^}]*\}`)

// concrete turns "GET /api/v1/recordings/{id}" into a request for a made-up
// id, and a service's path prefix (a Connect service) into a POST to one of
// its procedures.
func concrete(pattern string) (method, path string) {
	method, path, found := strings.Cut(pattern, " ")
	if !found {
		return "POST", pattern + "Pull"
	}
	return method, wildcard.ReplaceAllString(path, "x1")
}
