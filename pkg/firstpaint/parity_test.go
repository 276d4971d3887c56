package firstpaint_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/firstpaint"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/parity/golden")

// parityDir holds the fixtures both renderers draw and what this one drew.
// The app's side (pwa/src/app/prerender/firstPaintParity.test.tsx) draws the
// same fixtures with the real components and compares the two DOMs, so a
// change to either renderer alone fails a test: this one when the goldens
// are stale, that one when they no longer match the app.
const parityDir = "testdata/parity"

// listFixture is a dashboard page's items as the server and the app read
// them, and the reader's zone.
type listFixture struct {
	Name  string            `json:"name"`
	Zone  string            `json:"zone"`
	Items []json.RawMessage `json:"items"`
}

// ownedFixture is the owner's recording as the detail API gives it, their
// folders and their zone.
type ownedFixture struct {
	Name    string              `json:"name"`
	Zone    string              `json:"zone"`
	Detail  recordings.Detail   `json:"detail"`
	Folders []recordings.Folder `json:"folders"`
}

// sharedFixture is a share link's view as the share API gives it.
type sharedFixture struct {
	Name string     `json:"name"`
	View share.View `json:"view"`
}

type parityFixtures struct {
	Lists  []listFixture   `json:"lists"`
	Owned  []ownedFixture  `json:"owned"`
	Shared []sharedFixture `json:"shared"`
}

func readParityFixtures(t *testing.T) parityFixtures {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(parityDir, "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f parityFixtures
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// listPaint is the list's first paint as the server fills it (nothing for
// a page without a row).
func listPaint(t *testing.T, f listFixture) []byte {
	list, ok := firstpaint.ListOf(f.Items, zone(t, f.Zone))
	if !ok {
		return nil
	}
	return list.HTML()
}

// ownedPaint is the owner's recording page as the server fills it (nothing
// when it declines), the recording filed where its folderId says.
func ownedPaint(t *testing.T, f ownedFixture) []byte {
	rec, _ := loose.ParseObject(f.Detail.Recording)
	f.Detail.FolderID = loose.Text(rec.Get("folderId"))
	page, ok := firstpaint.OwnRecording(f.Detail, f.Folders, zone(t, f.Zone))
	if !ok {
		return nil
	}
	return page.HTML()
}

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	zone, ok := firstpaint.Zone(name)
	if !ok {
		t.Fatalf("unknown zone %q", name)
	}
	return zone
}

// The goldens are what the server paints for every fixture today
// (go test ./pkg/firstpaint -run Parity -update rewrites them; then run the
// app's parity test, which says whether the app still draws the same).
func TestParity_GoldensAreWhatTheServerPaints(t *testing.T) {
	fixtures := readParityFixtures(t)
	for _, f := range fixtures.Lists {
		checkGolden(t, "list-"+f.Name, listPaint(t, f))
	}
	for _, f := range fixtures.Owned {
		checkGolden(t, "owned-"+f.Name, ownedPaint(t, f))
	}
	for _, f := range fixtures.Shared {
		checkGolden(t, "shared-"+f.Name, share.PreviewOf(f.View).HTML())
	}
}

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(parityDir, "golden", name+".html")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%v: write it with go test ./pkg/firstpaint -run Parity -update", err)
	} else if !bytes.Equal(got, want) {
		t.Errorf("%s is not what the server paints now: rewrite it with go test ./pkg/firstpaint -run Parity -update, "+
			"then run the app's side, pwa/src/app/prerender/firstPaint*Parity.test.tsx\nnow:\n%s\ngolden:\n%s", path, got, want)
	}
}
