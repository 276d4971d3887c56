package seed_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/servertest"
)

type page struct {
	Data       []json.RawMessage
	NextCursor *string
}

func countAll(t *testing.T, c *servertest.Client) int {
	var p page
	c.MustOK("GET", "/api/v1/recordings/dashboard?limit=100&include_empty=true", nil, &p)
	return len(p.Data)
}

func TestSeed_FirstStartImportsTheFixturesForTheDemoUserOnce(t *testing.T) {
	s := servertest.Start(t, func(c *config.Config) { c.Seed = "../../fixtures/recordings" })
	waitReady(t, s)
	demo := s.SignIn(t, "demo@example.com")
	// 26 files hold 25 recordings: two files share one id and merge.
	if n := countAll(t, demo); n != 25 {
		t.Fatalf("demo user has %d recordings, want 25", n)
	}
	if n := countAll(t, s.SignIn(t, "someone@example.com")); n != 0 {
		t.Fatalf("another user sees %d seeded recordings", n)
	}

	demo.MustOK("DELETE", "/api/v1/recordings/rec_01_weekly_sync?permanent=true", nil)
	cfg := s.Cfg
	s.Stop()
	s2 := servertest.StartConfig(t, cfg)
	waitReady(t, s2)
	again := s2.WithToken(t, demo.IDToken)
	if n := countAll(t, again); n != 24 {
		t.Fatalf("after a restart the demo user has %d recordings; seeding must not run twice", n)
	}
}

// The default seed is the whole fixtures tree, as `make run` starts: the
// other test data in it (question sets, attack corpora) is skipped, not filed
// as empty recordings, and the recordings are all there.
func TestSeed_TheWholeFixturesTreeSeedsOnlyItsRecordings(t *testing.T) {
	s := servertest.Start(t, func(c *config.Config) { c.Seed = "../../fixtures" })
	waitReady(t, s)
	if n := countAll(t, s.SignIn(t, "demo@example.com")); n != 25 {
		t.Fatalf("demo user has %d recordings, want the 25 samples", n)
	}
}

func TestSeed_MissingDirectoryStartsEmpty(t *testing.T) {
	s := servertest.Start(t, func(c *config.Config) { c.Seed = t.TempDir() + "/nothing-here" })
	waitReady(t, s)
	if n := countAll(t, s.SignIn(t, "demo@example.com")); n != 0 {
		t.Fatalf("got %d recordings", n)
	}
}

func waitReady(t *testing.T, s *servertest.Server) {
	t.Helper()
	c := s.NewClient(t)
	for i := 0; i < 200; i++ {
		if c.Do("GET", "/readyz", nil).Status == 200 {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatal("server never became ready")
}
