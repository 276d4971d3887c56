//go:build postgres

package storemigrate_test

import (
	"bytes"
	"testing"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/storemigrate"
	"github.com/pocket-companion/pocket/tests/pgtest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// A data directory into PostgreSQL and back into another directory: the
// directory at the end holds the same keys per user (counts and checksums)
// as the one at the start, and a server on the database accepts the old
// session and shows the same library and audio. (The server runs after both
// copies: its background work, such as summary jobs, changes the store.)
func TestRun_ADataDirectoryRoundTripsThroughPostgres(t *testing.T) {
	cfg, token, before := seeded(t, func(c *config.Config) { c.DatabaseURL = "" })
	database := config.Config{DatabaseURL: pgtest.SchemaURL(t), DataDir: t.TempDir()}
	if err := storemigrate.Run(sideOf(cfg), sideOf(database), new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	back := config.Config{DataDir: t.TempDir()}
	if err := storemigrate.Run(sideOf(database), sideOf(back), new(bytes.Buffer)); err != nil {
		t.Fatal(err)
	}
	start, end := servertest.OpenStore(t, cfg), servertest.OpenStore(t, back)
	a, err := storemigrate.Checksums(start)
	if err != nil {
		t.Fatal(err)
	}
	b, err := storemigrate.Checksums(end)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) || len(a) < 2 {
		t.Fatalf("%d owners at the start, %d at the end", len(a), len(b))
	}
	for who, sum := range a {
		if b[who] == nil || b[who].String() != sum.String() {
			t.Fatalf("%s: %s at the start, %v at the end", who, sum, b[who])
		}
	}

	onDatabase := cfg
	onDatabase.DataDir, onDatabase.DatabaseURL = t.TempDir(), database.DatabaseURL // nothing from the old directory
	after := read(t, servertest.StartConfig(t, onDatabase), token)
	if !bytes.Equal(after.dashboard, before.dashboard) || !bytes.Equal(after.audio, before.audio) {
		t.Fatalf("on the database the dashboard is %d bytes (was %d) and the audio %d (was %d)",
			len(after.dashboard), len(before.dashboard), len(after.audio), len(before.audio))
	}
}
