package share_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/events"
	hl "github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/recordings"
	pshare "github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/share"
	"github.com/pocket-companion/pocket/server/web"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// moduleParts is what the share module gives the rest of the app.
type moduleParts struct {
	routes  []httpx.Route
	links   *pshare.Service
	recs    *recordings.Service
	preview web.SharePreview
	users   *identity.Users
	db      *store.DB
}

// startModule runs the share module over a store in memory.
func startModule(t *testing.T) moduleParts {
	db := storetest.Open(t)
	var m moduleParts
	app := fxtest.New(t,
		fx.Supply(db, events.NewBus(), config.Config{PublicURL: "https://pocket.example"}, audio.NewFiles(db, t.TempDir())),
		fx.Provide(
			func(db *store.DB, bus *events.Bus) *recordings.Service {
				return recordings.NewService(db, bus, time.Now)
			},
			func(db *store.DB) *identity.Users { return identity.NewUsers(db, nil) },
			func(db *store.DB, r *recordings.Service, bus *events.Bus) *hl.Service { return hl.New(db, r, bus, 0) },
		),
		share.Module,
		fx.Invoke(fx.Annotate(func(rs []httpx.Route, l *pshare.Service, r *recordings.Service, p web.SharePreview, u *identity.Users) {
			m = moduleParts{routes: rs, links: l, recs: r, preview: p, users: u, db: db}
		}, fx.ParamTags(`group:"routes"`, ``, ``, ``, ``))),
	)
	app.RequireStart()
	t.Cleanup(app.RequireStop)
	return m
}

// The app's HTML gets a live link's recording for its first paint, and
// nothing for a revoked, unknown or deleted one (the app then shows why).
func TestModule_PreviewsOnlyALiveLink(t *testing.T) {
	m := startModule(t)
	ctx := context.Background()
	owner, err := m.users.Ensure(ctx, "ada@example.com", identity.User{DisplayName: "Ada"})
	if err != nil {
		t.Fatal(err)
	}
	uid := owner.UID
	if _, err := m.recs.Import(ctx, uid, []byte(`{"recording":{"id":"r1","title":"Plan <b>"},"summarizations":{"s":{"v2Summary":"## Next\nShip **it**"}}}`)); err != nil {
		t.Fatal(err)
	}
	live, err := m.links.Create(ctx, uid, "r1", 0)
	if err != nil {
		t.Fatal(err)
	}
	markup, ok := m.preview(ctx, live.Token)
	if !ok || !strings.Contains(string(markup), "Plan &lt;b&gt;") || !strings.Contains(string(markup), "Ship <strong>it</strong>") || !strings.Contains(string(markup), "From Ada") {
		t.Fatalf("preview of a live link = %v %s", ok, markup)
	}
	revoked, err := m.links.Create(ctx, uid, "r1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.links.Revoke(ctx, uid, revoked.Token); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.preview(ctx, revoked.Token); ok {
		t.Fatal("a revoked link's recording was put in the page")
	}
	if _, ok := m.preview(ctx, "oNx6tD2KCM3uHACG5LOQ2pCXVxdtLXX01R6WcQ0Ilso"); ok {
		t.Fatal("an unknown token got a preview")
	}
	if err := m.recs.Delete(ctx, uid, "r1", true); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.preview(ctx, live.Token); ok {
		t.Fatal("a deleted recording was put in the page")
	}
}

// The module's service makes links on the configured public origin, and only
// the visitor's view, audio and unlock are reachable without signing in.
func TestModule_LinksOnThePublicOriginAndOnlyTheViewIsPublic(t *testing.T) {
	m := startModule(t)
	routes, links, recs := m.routes, m.links, m.recs

	ctx := context.Background()
	if _, err := recs.Import(ctx, "u1", []byte(`{"recording":{"id":"r1","title":"Plan"}}`)); err != nil {
		t.Fatal(err)
	}
	link, err := links.Create(ctx, "u1", "r1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link.URL, "https://pocket.example/shared/recording?token=") {
		t.Fatalf("link URL %q is not on the public origin", link.URL)
	}

	public := map[string]bool{}
	for _, rt := range routes {
		public[rt.Pattern] = rt.Access == httpx.Public
	}
	want := map[string]bool{
		"POST /api/v1/recordings/{id}/share": false,
		"GET /api/v1/recordings/{id}/shares": false,
		"DELETE /api/v1/share/{token}":       false,
		"GET /api/v1/share/shared/recording": true,
		"GET /api/v1/share/{token}/audio":    true,
		"PATCH /api/v1/share/{token}":        false,
		"POST /api/v1/share/{token}/unlock":  true,
		"POST /api/v1/highlights/{id}/share": false,
		"GET /api/v1/share/shared/clip":      true,
	}
	if len(public) != len(want) {
		t.Fatalf("routes %v, want %v", public, want)
	}
	for pattern, isPublic := range want {
		if got, ok := public[pattern]; !ok || got != isPublic {
			t.Errorf("%s: present %v, public %v; want public %v", pattern, ok, got, isPublic)
		}
	}
}

// A protected link's page gets nothing in its first paint, not even the
// title: its unlock cookie is not sent to the page, only to the API.
func TestModule_NoPreviewOfAProtectedLink(t *testing.T) {
	m := startModule(t)
	ctx := context.Background()
	owner, err := m.users.Ensure(ctx, "ada@example.com", identity.User{DisplayName: "Ada"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.recs.Import(ctx, owner.UID, []byte(`{"recording":{"id":"r1","title":"Secret plan"}}`)); err != nil {
		t.Fatal(err)
	}
	protected, err := m.links.CreateWith(ctx, owner.UID, "r1", pshare.Options{Password: "correct horse"})
	if err != nil {
		t.Fatal(err)
	}
	if markup, ok := m.preview(ctx, protected.Token); ok || strings.Contains(string(markup), "Secret") {
		t.Fatalf("a protected link's page was painted: %v %s", ok, markup)
	}
	open, err := m.links.Create(ctx, owner.UID, "r1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if markup, ok := m.preview(ctx, open.Token); !ok || !strings.Contains(string(markup), "Secret plan") {
		t.Fatalf("an open link's page was not painted: %v %s", ok, markup)
	}
}

// The store keeps the password only as an argon2id hash.
func TestModule_StoreKeepsOnlyTheHash(t *testing.T) {
	m := startModule(t)
	ctx := context.Background()
	if _, err := m.recs.Import(ctx, "u1", []byte(`{"recording":{"id":"r1","title":"Plan"}}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := m.links.CreateWith(ctx, "u1", "r1", pshare.Options{Password: "correct horse"}); err != nil {
		t.Fatal(err)
	}
	var all []byte
	hashes := 0
	err := m.db.View(func(x *store.Txn) error {
		return x.Scan(nil, nil, false, true, func(k, v []byte) (bool, error) {
			all = append(append(all, k...), v...)
			if strings.Contains(string(v), `"passwordHash":"$argon2id$`) {
				hashes++
			}
			return true, nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(all), "correct horse") || hashes != 1 {
		t.Fatalf("store holds the password in clear, or %d argon2id hashes (want 1)", hashes)
	}
}
