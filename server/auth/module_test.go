package auth_test

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/server/auth"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// The module keeps its keys in the data directory, and the verifier it gives
// the router accepts the ID tokens its own token service issues. Every auth
// route but signing out everywhere is public: they are how a caller gets a
// token in the first place.
func TestModule_KeysInTheDataDirectoryAndAVerifierForItsOwnTokens(t *testing.T) {
	dir := t.TempDir()
	db := storetest.Open(t)
	var (
		routes   []httpx.Route
		verifier httpx.Verifier
		tokens   *identity.Tokens
	)
	app := fxtest.New(t,
		fx.Supply(db, config.Config{DataDir: dir, PublicURL: "http://127.0.0.1:8080"}, slog.New(slog.DiscardHandler)),
		auth.Module,
		fx.Invoke(fx.Annotate(func(rs []httpx.Route, v httpx.Verifier, tk *identity.Tokens) {
			routes, verifier, tokens = rs, v, tk
		}, fx.ParamTags(`group:"routes"`, ``, ``))),
	)
	app.RequireStart()
	defer app.RequireStop()

	for _, name := range []string{"id-token.pem", "otp-pepper"} {
		if _, err := os.Stat(filepath.Join(dir, "keys", name)); err != nil {
			t.Errorf("key %s: %v", name, err)
		}
	}
	_, sid, err := tokens.NewSession(context.Background(), "u1")
	if err != nil {
		t.Fatal(err)
	}
	token, _, err := tokens.IssueIDToken(identity.User{UID: "u1", Email: "ada@example.com"}, sid)
	if err != nil {
		t.Fatal(err)
	}
	p, err := verifier.VerifyIDToken(context.Background(), token)
	if err != nil || p.UID != "u1" || p.Email != "ada@example.com" {
		t.Fatalf("own ID token: %+v, %v", p, err)
	}
	if _, err := verifier.VerifyIDToken(context.Background(), token+"x"); err == nil {
		t.Fatal("a tampered token was accepted")
	}
	if len(routes) == 0 {
		t.Fatal("no auth routes")
	}
	for _, rt := range routes {
		if signedIn := rt.Pattern == "POST /api/v1/auth/logout-all" || rt.Pattern == "GET /api/v1/auth/session"; rt.Access != httpx.Public && !signedIn {
			t.Errorf("%s needs a token", rt.Pattern)
		}
	}
}

// Without SMTP the codes go to the log: fine on a developer's machine, a
// loud warning on a server other people reach.
func TestModule_WarnsWhenCodesGoToTheLogOfAServerOthersReach(t *testing.T) {
	for _, tc := range []struct {
		publicURL string
		warns     bool
	}{
		{"http://127.0.0.1:8080", false},
		{"http://localhost:8080", false},
		{"https://pocket.example.com", true},
	} {
		var logged bytes.Buffer
		app := fxtest.New(t,
			fx.Supply(storetest.Open(t), config.Config{DataDir: t.TempDir(), PublicURL: tc.publicURL}, slog.New(slog.NewTextHandler(&logged, nil))),
			auth.Module,
			fx.Invoke(fx.Annotate(func([]httpx.Route) {}, fx.ParamTags(`group:"routes"`))),
		)
		app.RequireStart()
		app.RequireStop()
		if got := strings.Contains(logged.String(), "POCKET_SMTP_URL is not set"); got != tc.warns {
			t.Errorf("%s: warned %v, want %v; log:\n%s", tc.publicURL, got, tc.warns, logged.String())
		}
	}
}
