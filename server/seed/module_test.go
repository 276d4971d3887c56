package seed_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/health"
	"github.com/pocket-companion/pocket/server/seed"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// seedDir holds three of the fixtures, enough to see an import without the
// cost of all, one of them with its audio file beside it.
func seedDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"01-weekly-product-sync.json", "02-one-on-one-leo.json", "18-empty-title-standup.json", "18-empty-title-standup.opus"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "recordings", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The module seeds in the background behind the readiness gate, for the demo
// user, and does nothing when seeding is switched off.
func TestModule_SeedsTheDemoUserBehindTheGateOrNothingWhenOff(t *testing.T) {
	cases := []struct {
		name   string
		seed   string
		seeded bool
	}{
		{"seeding on", seedDir(t), true},
		{"seeding off", "none", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			db := storetest.Open(t)
			files := audio.NewFiles(db, t.TempDir())
			var (
				gate  *health.Gate
				users *identity.Users
				recs  *recordings.Service
			)
			app := fxtest.New(t,
				fx.Supply(db, events.NewBus(), slog.New(slog.DiscardHandler), files,
					config.Config{Seed: tc.seed, DemoEmail: "demo@example.com"}),
				fx.Provide(
					health.NewGate,
					func(db *store.DB) *identity.Users { return identity.NewUsers(db, nil) },
					func(db *store.DB, bus *events.Bus) *recordings.Service {
						return recordings.NewService(db, bus, time.Now)
					},
				),
				seed.Module,
				fx.Populate(&gate, &users, &recs),
			)
			app.RequireStart()
			defer app.RequireStop()

			deadline := time.Now().Add(15 * time.Second)
			for gate.Pending() != "" {
				if time.Now().After(deadline) {
					t.Fatalf("still held: %q", gate.Pending())
				}
				time.Sleep(10 * time.Millisecond)
			}
			ctx := context.Background()
			exists, err := users.Exists(ctx, "demo@example.com")
			if err != nil || exists != tc.seeded {
				t.Fatalf("demo user exists %v (%v), want %v", exists, err, tc.seeded)
			}
			var flagged bool
			if err := db.View(func(x *store.Txn) error { var err error; flagged, err = x.Has(store.Key("meta", "seeded")); return err }); err != nil || flagged != tc.seeded {
				t.Fatalf("seeded flag %v (%v), want %v", flagged, err, tc.seeded)
			}
			if !tc.seeded {
				return
			}
			demo, err := users.Ensure(ctx, "demo@example.com", identity.User{})
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range []string{"rec_01_weekly_sync", "rec_02_one_on_one_leo", "rec_18_empty_title_standup"} {
				if ok, err := recs.Exists(ctx, demo.UID, id); !ok || err != nil {
					t.Errorf("%s for the demo user: %v, %v", id, ok, err)
				}
			}
			// The sample audio beside a fixture comes with it; the others have none.
			if m, err := files.Meta(ctx, demo.UID, "rec_18_empty_title_standup"); err != nil || m == nil || m.ContentType != "audio/ogg" || m.Size < 1000 {
				t.Errorf("seeded audio of the standup: %+v, %v", m, err)
			}
			if m, _ := files.Meta(ctx, demo.UID, "rec_01_weekly_sync"); m != nil {
				t.Errorf("rec_01 has no audio file, yet %+v", m)
			}
		})
	}
}
