// Package enginetest reads the sample recordings in fixtures/recordings as the
// engines read them, for the tests of pkg/engine and its engines.
package enginetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/loose"
)

// Dir finds fixtures/recordings from the test's package directory upwards.
func Dir(t testing.TB) string {
	t.Helper()
	dir, _ := os.Getwd()
	for ; dir != filepath.Dir(dir); dir = filepath.Dir(dir) {
		p := filepath.Join(dir, "fixtures", "recordings")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p
		}
	}
	t.Fatal("fixtures/recordings not found above the test's directory")
	return ""
}

// Fixture loads fixtures/recordings/<prefix>-*.json as an engine Recording.
func Fixture(t testing.TB, prefix string) *engine.Recording {
	t.Helper()
	return engine.NewRecording(Stored(t, prefix))
}

// Stored is the fixture's stored fields, as the recording detail holds them.
func Stored(t testing.TB, prefix string) engine.Stored {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(Dir(t), prefix+"-*.json"))
	if len(files) != 1 {
		t.Fatalf("fixture %s: %d files", prefix, len(files))
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	obj, ok := loose.ParseObject(raw)
	if !ok {
		t.Fatalf("fixture %s is not an object", prefix)
	}
	rec, _ := loose.ParseObject(obj.Get("recording"))
	return engine.Stored{
		ID:             strings.Trim(string(rec.Get("id")), `"`),
		Recording:      obj.Get("recording"),
		Speakers:       obj.Get("speakers"),
		Summarizations: obj.Get("summarizations"),
		Transcription:  obj.Get("transcription"),
	}
}

// WithoutSummary is the recording as a device uploads it: transcript only.
func WithoutSummary(r *engine.Recording) *engine.Recording {
	c := *r
	c.Summary, c.ActionItems = nil, nil
	return &c
}

// HasSegment reports whether sources cite segment seg.
func HasSegment(sources []engine.Source, seg int) bool {
	for _, s := range sources {
		if s.SegmentIndex == seg {
			return true
		}
	}
	return false
}
