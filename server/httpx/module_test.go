package httpx_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

type refuseAll struct{}

func (refuseAll) VerifyIDToken(context.Context, string) (httpx.Principal, error) {
	return httpx.Principal{}, errors.New("no tokens in this test")
}

// The module listens on the configured address, serves the routes features
// contribute, the app fallback and /metrics, and stops listening on stop.
func TestModule_ServesContributedRoutesAndStopsListening(t *testing.T) {
	var srv *httpx.Server
	app := fxtest.New(t,
		fx.Supply(config.Config{Addr: "127.0.0.1:0", PublicURL: "http://127.0.0.1"}, slog.New(slog.DiscardHandler)),
		fx.Provide(
			func() httpx.Verifier { return refuseAll{} },
			fx.Annotate(func() http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "the app") })
			}, fx.ResultTags(`name:"app"`)),
			fx.Annotate(func() []httpx.Route {
				return []httpx.Route{
					{Pattern: "GET /api/v1/open", Access: httpx.Public, Handler: func(w http.ResponseWriter, _ *http.Request) error {
						httpx.WriteJSON(w, http.StatusOK, map[string]bool{"open": true})
						return nil
					}},
					{Pattern: "GET /api/v1/closed", Handler: func(http.ResponseWriter, *http.Request) error { return nil }},
				}
			}, fx.ResultTags(`group:"routes,flatten"`)),
		),
		httpx.Module,
		fx.Populate(&srv),
	)
	app.RequireStart()
	base := "http://" + srv.Addr().String()

	cases := []struct {
		path   string
		status int
		body   string
	}{
		{"/api/v1/open", 200, `{"open":true}`},
		{"/api/v1/closed", 401, "UNAUTHENTICATED"},
		{"/some/page", 200, "the app"},
		{"/metrics", 200, `route="GET /api/v1/open"`},
	}
	for _, tc := range cases {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, base+tc.path, nil)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != tc.status || !strings.Contains(string(raw), tc.body) {
			t.Errorf("%s: %d %q, want %d containing %q", tc.path, res.StatusCode, raw, tc.status, tc.body)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: the middleware's security headers are missing", tc.path)
		}
	}

	app.RequireStop()
	if conn, err := (&net.Dialer{}).DialContext(t.Context(), "tcp", srv.Addr().String()); err == nil {
		conn.Close()
		t.Fatal("still accepting connections after stop")
	}
}
