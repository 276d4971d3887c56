package storemigrate_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/storemigrate"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// withAudio is a sample recording that comes with its audio.
const withAudio = "rec_26_voice_note_release_checklist"

// library is what a signed-in user sees of a server: the dashboard's answer
// and one recording's audio.
type library struct {
	dashboard, audio []byte
}

func read(t *testing.T, s *servertest.Server, token string) library {
	t.Helper()
	c := s.WithToken(t, token)
	return library{
		dashboard: c.MustOK("GET", "/api/v1/recordings/dashboard?limit=100", nil).Body,
		audio:     c.MustOK("GET", "/api/v1/recordings/"+withAudio+"/audio", nil).Body,
	}
}

// seeded runs a server on the sample library with a session of its demo
// user (whose ID token is returned) and stops it, as a migration needs.
func seeded(t *testing.T, edit func(*config.Config)) (config.Config, string, library) {
	t.Helper()
	seed := summarisedSamples(t)
	s := servertest.Start(t, func(c *config.Config) {
		c.Seed = seed
		if edit != nil {
			edit(c)
		}
	})
	s.WaitReady(t)
	token := s.SignIn(t, "demo@example.com").IDToken
	before := read(t, s, token)
	s.Stop()
	return s.Cfg, token, before
}

// summarisedSamples is a copy of the sample recordings that come with a
// summary, and their audio: a server seeded with them has no summary to
// make in the background, so what it shows is what its store holds when
// it stops, and what a server on the copy shows.
func summarisedSamples(t *testing.T) string {
	t.Helper()
	from, to := "../../fixtures/recordings", t.TempDir()
	entries, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]bool{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		base, ext, _ := strings.Cut(e.Name(), ".")
		raw, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		var sample struct{ Summarizations map[string]any }
		if ext == "json" && json.Unmarshal(raw, &sample) == nil && len(sample.Summarizations) > 0 {
			kept[base] = true
		}
	}
	for _, e := range entries {
		if base, _, _ := strings.Cut(e.Name(), "."); kept[base] {
			raw, _ := os.ReadFile(filepath.Join(from, e.Name()))
			if err := os.WriteFile(filepath.Join(to, e.Name()), raw, 0o600); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(kept) < 2 {
		t.Fatalf("only %d samples with a summary", len(kept))
	}
	return to
}

func sideOf(c config.Config) storemigrate.Side {
	return storemigrate.Side{DataDir: c.DataDir, DatabaseURL: c.DatabaseURL}
}

// A server's store copied into a fresh data directory: a server there
// accepts the old session and shows the same library and audio, and a
// second copy into it is refused rather than mixed in.
func TestRun_IntoAFreshDataDirectoryKeepsTheLibraryAudioAndSessions(t *testing.T) {
	cfg, token, before := seeded(t, nil)
	target := config.Config{DataDir: t.TempDir()}
	var out bytes.Buffer
	if err := storemigrate.Run(sideOf(cfg), sideOf(target), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "verified:") || !strings.Contains(out.String(), "2 recordings' audio") {
		t.Fatalf("report: %s", out.String())
	}
	moved := cfg
	moved.DataDir, moved.DatabaseURL = target.DataDir, ""
	s := servertest.StartConfig(t, moved)
	after := read(t, s, token)
	s.Stop()
	if !bytes.Equal(after.dashboard, before.dashboard) || !bytes.Equal(after.audio, before.audio) || len(before.audio) == 0 {
		t.Fatalf("after the move the dashboard is %d bytes (was %d) and the audio %d (was %d)",
			len(after.dashboard), len(before.dashboard), len(after.audio), len(before.audio))
	}
	if err := storemigrate.Run(sideOf(cfg), sideOf(target), io.Discard); !errors.Is(err, store.ErrNotEmpty) {
		t.Fatalf("a second copy into the moved store: %v, want ErrNotEmpty", err)
	}
}

// A difference between the stores after the copy is named, not passed over.
func TestChecksums_DifferWhenOneUsersKeyDiffers(t *testing.T) {
	cfg, _, _ := seeded(t, nil)
	db := servertest.OpenStore(t, cfg)
	before, err := storemigrate.Checksums(db)
	if err != nil {
		t.Fatal(err)
	}
	var key []byte
	_ = db.View(func(x *store.Txn) error {
		return x.Scan(store.Prefix("rec"), nil, false, false, func(k, _ []byte) (bool, error) { key = k; return false, nil })
	})
	if err := db.Update(func(x *store.Txn) error { return x.Set(key, []byte(`{"changed":true}`)) }); err != nil {
		t.Fatal(err)
	}
	after, err := storemigrate.Checksums(db)
	if err != nil {
		t.Fatal(err)
	}
	owner := strings.SplitN(string(key), "/", 3)[1]
	if before[owner].String() == after[owner].String() {
		t.Fatalf("changing %s left its owner's checksum at %s", key, after[owner])
	}
}
