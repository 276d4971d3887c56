package firstpaint_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/firstpaint"
	"github.com/pocket-companion/pocket/server/web"
	"github.com/pocket-companion/pocket/tests/storetest"
)

type parts struct {
	copy   web.SignedInCopy
	list   web.SignedInList
	tokens *identity.Tokens
	recs   *recordings.Service
}

func startModule(t *testing.T) parts {
	db := storetest.Open(t)
	_, key, _ := ed25519.GenerateKey(rand.Reader)
	var p parts
	app := fxtest.New(t,
		fx.Supply(db, events.NewBus()),
		fx.Provide(
			func(db *store.DB, bus *events.Bus) *recordings.Service {
				return recordings.NewService(db, bus, time.Now)
			},
			func(db *store.DB) *identity.Tokens { return identity.NewTokens(db, key, "https://pocket.example", nil) },
		),
		firstpaint.Module,
		fx.Populate(&p.copy, &p.list, &p.tokens, &p.recs),
	)
	app.RequireStart()
	t.Cleanup(app.RequireStop)
	return p
}

// pageRequest is a browser's request for a recording's page with these cookies.
func pageRequest(id string, cookies map[string]string) *http.Request {
	r := httptest.NewRequestWithContext(context.Background(), "GET", "/recordings/"+id, nil)
	for name, value := range cookies {
		r.AddCookie(&http.Cookie{Name: name, Value: value})
	}
	return r
}

// The holder of a live session's pass gets their recording's header, in
// their zone, and its summary; never someone else's, nor after sign-out.
func TestSignedInCopy_FillsOnlyTheOwnersRecordingWhileTheSessionLives(t *testing.T) {
	p := startModule(t)
	ctx := context.Background()
	raw := `{"recording":{"id":"r1","title":"Plan <b>","recordingAt":"2026-11-17T23:30:00Z"},"summarizations":{"s":{"v2Summary":"Intro\n## Next\nShip **it**"}}}`
	if _, err := p.recs.Import(ctx, "ada", []byte(raw)); err != nil {
		t.Fatal(err)
	}
	refresh, _ := p.tokens.NewRefreshToken(ctx, "ada")
	pass, _ := p.tokens.IssuePagePass(ctx, refresh)

	markup, ok := p.copy(pageRequest("r1", map[string]string{"pocket_page": pass, "pocket_tz": "Europe/Paris"}), "r1")
	out := string(markup)
	for _, want := range []string{"Plan &lt;b&gt;", "Ship <strong>it</strong>", `<hr class="summary-tab__divider">`, "Nov 18, 0:30", "rec-header__back"} {
		if !ok || !strings.Contains(out, want) {
			t.Fatalf("copy (ok %v) lacks %q:\n%s", ok, want, out)
		}
	}
	if markup, _ := p.copy(pageRequest("r1", map[string]string{"pocket_page": pass}), "r1"); strings.Contains(string(markup), "<time") ||
		!strings.Contains(string(markup), `<span class="pill">&nbsp;</span>`) {
		t.Fatalf("with no zone known the copy shows a date, or does not keep its place: %s", markup)
	}

	otherRefresh, _ := p.tokens.NewRefreshToken(ctx, "bob")
	bobs, _ := p.tokens.IssuePagePass(ctx, otherRefresh)
	refused := map[string]*http.Request{
		"no pass":              pageRequest("r1", nil),
		"a forged pass":        pageRequest("r1", map[string]string{"pocket_page": pass + "x"}),
		"someone else's pass":  pageRequest("r1", map[string]string{"pocket_page": bobs}),
		"a recording not kept": pageRequest("r2", map[string]string{"pocket_page": pass}),
	}
	for name, r := range refused {
		id := strings.TrimPrefix(r.URL.Path, "/recordings/")
		if markup, ok := p.copy(r, id); ok || len(markup) > 0 {
			t.Errorf("%s: filled with %s", name, markup)
		}
	}
	if err := p.tokens.RevokeRefreshToken(ctx, refresh); err != nil {
		t.Fatal(err)
	}
	if _, ok := p.copy(pageRequest("r1", map[string]string{"pocket_page": pass}), "r1"); ok {
		t.Fatal("filled after sign-out")
	}
}

// The list's first rows, newest first under their days in the reader's
// zone, for the pass holder's library only; nothing without a zone, for an
// empty library, or without a valid pass.
func TestSignedInList_FillsThePassHoldersFirstRows(t *testing.T) {
	p := startModule(t)
	ctx := context.Background()
	for _, raw := range []string{
		`{"recording":{"id":"old","title":"Older <i>","recordingAt":"2026-11-16T10:00:00Z"},"summarizations":{"s":{"summary":"Notes"}}}`,
		`{"recording":{"id":"new","title":"Newer","recordingAt":"2026-11-17T23:30:00Z","description":"Plans"},"summarizations":{"s":{"summary":"Notes"}}}`,
	} {
		if _, err := p.recs.Import(ctx, "ada", []byte(raw)); err != nil {
			t.Fatal(err)
		}
	}
	refresh, _ := p.tokens.NewRefreshToken(ctx, "ada")
	pass, _ := p.tokens.IssuePagePass(ctx, refresh)
	markup, ok := p.list(pageRequest("", map[string]string{"pocket_page": pass, "pocket_tz": "Europe/Paris"}))
	out := string(markup)
	newer, older := strings.Index(out, ">Newer<"), strings.Index(out, ">Older &lt;i&gt;<")
	if !ok || newer < 0 || older < newer || !strings.Contains(out, ">November 18, 2026</h2>") || !strings.Contains(out, ">Plans<") {
		t.Fatalf("list (ok %v):\n%s", ok, out)
	}

	if _, ok := p.list(pageRequest("", map[string]string{"pocket_page": pass})); ok {
		t.Error("filled without knowing the reader's zone")
	}
	if _, ok := p.list(pageRequest("", map[string]string{"pocket_page": pass + "x", "pocket_tz": "UTC"})); ok {
		t.Error("filled for a forged pass")
	}
	emptyRefresh, _ := p.tokens.NewRefreshToken(ctx, "bob")
	bobs, _ := p.tokens.IssuePagePass(ctx, emptyRefresh)
	if markup, ok := p.list(pageRequest("", map[string]string{"pocket_page": bobs, "pocket_tz": "UTC"})); ok {
		t.Errorf("filled an empty library with %s", markup)
	}
}
