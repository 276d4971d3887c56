package export

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/asticode/go-astisub"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/importfile"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/tests/enginetest"
	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/storetest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

const uid = "owner-1"

// library imports every fixture for one user, as the seed does.
func library(t *testing.T) (*recordings.Service, []string) {
	t.Helper()
	c := fakeclock.New(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC))
	svc := recordings.NewService(storetest.Open(t), events.NewBus(), c.Now)
	items, err := importfile.Read(enginetest.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	raws := make([][]byte, len(items))
	for i, it := range items {
		raws[i] = it.Data
	}
	if _, err := svc.ImportMany(context.Background(), uid, raws); err != nil {
		t.Fatal(err)
	}
	ids, err := svc.LiveIDs(context.Background(), uid)
	if err != nil || len(ids) != 25 {
		t.Fatalf("library has %d recordings (%v), want the 25 distinct fixtures", len(ids), err)
	}
	return svc, ids
}

func exportAll(t *testing.T, svc *recordings.Service, id string) map[string][]byte {
	t.Helper()
	obj, d, err := svc.ImportObject(context.Background(), uid, id)
	if err != nil {
		t.Fatal(err)
	}
	doc := Read(d)
	js, err := JSON(obj)
	if err != nil {
		t.Fatal(err)
	}
	if d.FolderID != "" { // folders made by the import get random ids
		js = bytes.ReplaceAll(js, []byte(`"`+d.FolderID+`"`), []byte(`"<folder id>"`))
	}
	return map[string][]byte{"md": Markdown(doc), "txt": Text(doc), "srt": SRT(doc), "vtt": VTT(doc), "json": js}
}

// TestGolden holds every format of every fixture to testdata/<id>.<ext>
// (go test ./pkg/export -update rewrites them; review the diff).
func TestGolden(t *testing.T) {
	svc, ids := library(t)
	for _, id := range ids {
		for ext, got := range exportAll(t, svc, id) {
			path := filepath.Join("testdata", id+"."+ext)
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from its golden file:\n%s", path, got)
			}
		}
	}
}

// TestSubtitles_ParseBackToTheTranscript reads every SRT and WebVTT export
// with an independent parser: one cue per transcript segment with text, in
// order, at the segment's times (an untimed segment lasts minCue), and with
// the segment's words.
func TestSubtitles_ParseBackToTheTranscript(t *testing.T) {
	svc, ids := library(t)
	sawCues, sawEmpty := false, false
	for _, id := range ids {
		_, d, err := svc.ImportObject(context.Background(), uid, id)
		if err != nil {
			t.Fatal(err)
		}
		segs := loose.Segments(d.Transcription)
		doc := Read(d)
		for _, format := range []struct {
			name  string
			read  func([]byte) (*astisub.Subtitles, error)
			bytes []byte
		}{
			{"srt", func(b []byte) (*astisub.Subtitles, error) { return astisub.ReadFromSRT(bytes.NewReader(b)) }, SRT(doc)},
			{"vtt", func(b []byte) (*astisub.Subtitles, error) { return astisub.ReadFromWebVTT(bytes.NewReader(b)) }, VTT(doc)},
		} {
			subs, err := format.read(format.bytes)
			if err != nil {
				t.Fatalf("%s.%s does not parse: %v", id, format.name, err)
			}
			if len(subs.Items) != len(segs) {
				t.Fatalf("%s.%s: %d cues for %d segments with text", id, format.name, len(subs.Items), len(segs))
			}
			sawCues = sawCues || len(segs) > 0
			sawEmpty = sawEmpty || len(segs) == 0
			var prev time.Duration
			for i, item := range subs.Items {
				seg := segs[i]
				end := seg.End
				if end <= seg.Start {
					end = seg.Start + minCue
				}
				if !near(item.StartAt, seg.Start) || !near(item.EndAt, end) {
					t.Fatalf("%s.%s cue %d at %v–%v, segment at %v–%v", id, format.name, i+1, item.StartAt, item.EndAt, seg.Start, end)
				}
				if item.StartAt < prev {
					t.Fatalf("%s.%s cue %d starts before the one before it", id, format.name, i+1)
				}
				prev = item.StartAt
				if text := cueWords(item); !strings.Contains(text, strings.Join(strings.Fields(seg.Text), " ")) {
					t.Fatalf("%s.%s cue %d says %q, segment %q", id, format.name, i+1, text, seg.Text)
				}
			}
		}
	}
	if !sawCues || !sawEmpty {
		t.Fatal("the fixtures should cover transcripts with segments and without")
	}
}

func near(d time.Duration, seconds float64) bool {
	diff := d - time.Duration(seconds*float64(time.Second))
	return diff < time.Millisecond && diff > -time.Millisecond
}

func cueWords(item *astisub.Item) string {
	var parts []string
	for _, l := range item.Lines {
		parts = append(parts, l.String())
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// TestJSON_ReimportsAsTheSameRecording imports each JSON export into an empty
// library: the recording comes back with the same detail, in a folder of the
// same id and name.
func TestJSON_ReimportsAsTheSameRecording(t *testing.T) {
	svc, ids := library(t)
	fresh := recordings.NewService(storetest.Open(t), events.NewBus(), time.Now)
	for _, id := range ids {
		obj, before, err := svc.ImportObject(context.Background(), uid, id)
		if err != nil {
			t.Fatal(err)
		}
		js, _ := JSON(obj)
		if _, err := fresh.Import(context.Background(), uid, js); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		again, after, err := fresh.ImportObject(context.Background(), uid, id)
		if err != nil {
			t.Fatal(err)
		}
		if !jsonEqual(obj, again) || after.FolderID != before.FolderID {
			t.Fatalf("%s came back different:\n%s\n%s", id, obj, again)
		}
	}
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}
