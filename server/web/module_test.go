package web

import (
	"net/http"
	"strings"
	"testing"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"
)

// The module provides the HTTP server's fallback under the name it asks for,
// and that handler answers app routes with the page (the built app or the
// placeholder) under the app's security policy.
func TestModule_ProvidesTheNamedAppHandler(t *testing.T) {
	var h http.Handler
	app := fxtest.New(t,
		Module,
		fx.Invoke(fx.Annotate(func(app http.Handler) { h = app }, fx.ParamTags(`name:"app"`))),
	)
	app.RequireStart()
	defer app.RequireStop()

	rec := serve(h, http.MethodGet, "/recordings/r1")
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("app route: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") {
		t.Fatalf("app page without the security policy: %q", csp)
	}
	if rec := serve(h, http.MethodPost, "/"); rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("POST to the app: %d", rec.Code)
	}
}
