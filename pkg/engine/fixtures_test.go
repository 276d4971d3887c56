package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/loose"
)

// fixture loads fixtures/recordings/<prefix>-*.json as an engine Recording.
func fixture(t testing.TB, prefix string) *Recording {
	t.Helper()
	return NewRecording(fixtureStored(t, prefix))
}

func fixtureStored(t testing.TB, prefix string) Stored {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "fixtures", "recordings", prefix+"-*.json"))
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
	return Stored{
		ID:             strings.Trim(string(rec.Get("id")), `"`),
		Recording:      obj.Get("recording"),
		Speakers:       obj.Get("speakers"),
		Summarizations: obj.Get("summarizations"),
		Transcription:  obj.Get("transcription"),
	}
}

// withoutSummary is the recording as a device uploads it: transcript only.
func withoutSummary(r *Recording) *Recording {
	c := *r
	c.Summary, c.ActionItems = nil, nil
	return &c
}
