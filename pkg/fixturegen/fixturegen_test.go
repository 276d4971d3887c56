package fixturegen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/loose"
)

func TestGenerate_IsDeterministicForASeed(t *testing.T) {
	tests := []struct {
		name       string
		seedA      int64
		seedB      int64
		wantSameAt bool
	}{
		{"same seed", 42, 42, true},
		{"different seed", 42, 43, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := Generate(20, tt.seedA), Generate(20, tt.seedB)
			same := true
			for i := range a {
				same = same && bytes.Equal(a[i], b[i])
			}
			if same != tt.wantSameAt {
				t.Fatalf("outputs equal = %v, want %v", same, tt.wantSameAt)
			}
		})
	}
}

func TestRecording_MatchesGenerateWithoutTheOthers(t *testing.T) {
	all := Generate(10, 7)
	if got := Recording(10, 7); !bytes.Equal(got, all[9]) {
		t.Fatal("Recording(10) differs from Generate(10)[9]")
	}
}

func TestGenerate_CountAndUniqueIDs(t *testing.T) {
	for _, n := range []int{0, 1, 250} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			out := Generate(n, 1)
			if len(out) != n {
				t.Fatalf("len = %d, want %d", len(out), n)
			}
			seen := map[string]bool{}
			for _, raw := range out {
				id := decode(t, raw).Recording.ID
				if seen[id] {
					t.Fatalf("duplicate id %s", id)
				}
				seen[id] = true
			}
		})
	}
}

func TestGenerate_EveryRecordingIsWellFormed(t *testing.T) {
	for i, raw := range Generate(200, 99) {
		var top map[string]json.RawMessage
		if err := json.Unmarshal(raw, &top); err != nil {
			t.Fatalf("#%d: invalid JSON: %v", i, err)
		}
		for _, k := range []string{"recording", "speakers", "summarizations", "transcription", "metadata"} {
			if _, ok := top[k]; !ok {
				t.Fatalf("#%d: missing key %q", i, k)
			}
		}
		d := decode(t, raw)
		r := d.Recording
		segs := d.Transcription.Segments
		switch {
		case r.ID != fmt.Sprintf("gen_%06d", i+1):
			t.Errorf("#%d: id %q", i, r.ID)
		case len(r.GradientData.Colors) != 9 || len(r.GradientData.Vertices) != 9:
			t.Errorf("%s: gradient %d colours, %d vertices", r.ID, len(r.GradientData.Colors), len(r.GradientData.Vertices))
		case len(segs) < 5 || len(segs) > 60:
			t.Errorf("%s: %d segments", r.ID, len(segs))
		case len(d.Speakers) < 1 || len(d.Speakers) > 6:
			t.Errorf("%s: %d speakers", r.ID, len(d.Speakers))
		case float64(r.Duration) < segs[len(segs)-1].EndTime:
			t.Errorf("%s: duration %d before last segment end %.2f", r.ID, r.Duration, segs[len(segs)-1].EndTime)
		case r.RecordingAt >= iso(Epoch) || r.RecordingAt < iso(Epoch.AddDate(-2, 0, -1)):
			t.Errorf("%s: recordingAt %s out of range", r.ID, r.RecordingAt)
		}
		for _, s := range d.Summarizations {
			if !strings.Contains(s.V2Summary, "## ") || len(s.V2ActionItems.ActionItems) == 0 || len(s.MindMap.Nodes) == 0 {
				t.Errorf("%s: incomplete summarization", r.ID)
			}
			// The summary's decisions must be said in the transcript, for retrieval tests.
			owner := s.V2ActionItems.ActionItems[0].Description
			if !strings.Contains(transcriptText(d), "decided that "+strings.SplitN(owner, ",", 2)[0]) {
				t.Errorf("%s: decision by %q not in transcript", r.ID, owner)
			}
		}
	}
}

func TestTranscript_WordCount(t *testing.T) {
	for _, words := range []int{0, 50, 1000, 10000} {
		t.Run(fmt.Sprintf("words=%d", words), func(t *testing.T) {
			tr := Transcript(words, 5)
			got := tr.Words()
			if diff := got - words; diff*20 > words || -diff*20 > words {
				t.Fatalf("words = %d, want %d ±5%%", got, words)
			}
			if words >= 9000 && (tr.Duration() < 50*60 || tr.Duration() > 80*60) {
				t.Errorf("duration %.0fs for %d words, want about an hour", tr.Duration(), words)
			}
		})
	}
}

func TestWriteDir_OneFilePerRecording(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lib")
	if err := WriteDir(dir, 12, 3); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 12 {
		t.Fatalf("%d files, want 12", len(files))
	}
	b, err := os.ReadFile(filepath.Join(dir, "gen_000012.json"))
	if err != nil || !bytes.Equal(b, Recording(12, 3)) {
		t.Fatalf("gen_000012.json does not match Recording(12, 3): %v", err)
	}
}

func TestWrite_StreamsAJSONArray(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, 5, 3); err != nil {
		t.Fatal(err)
	}
	var arr []json.RawMessage
	if err := json.Unmarshal(buf.Bytes(), &arr); err != nil || len(arr) != 5 {
		t.Fatalf("array of %d, err %v", len(arr), err)
	}
}

func BenchmarkTranscriptOneHour(b *testing.B) {
	for b.Loop() {
		Transcript(9000, 1)
	}
}

func decode(t *testing.T, raw json.RawMessage) document {
	t.Helper()
	var d document
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func transcriptText(d document) string {
	var b strings.Builder
	for _, s := range d.Transcription.Segments {
		b.WriteString(s.Text + " ")
	}
	return b.String()
}

// The app draws every generated map, so each must read as one sound tree, by
// the same reader the engine's maps and the shipped fixtures are checked with.
func TestGenerate_MindMapsAreSoundTrees(t *testing.T) {
	for _, raw := range Generate(100, 7) {
		obj, _ := loose.ParseObject(raw)
		_, sum, ok := loose.FirstSummarization(obj.Get("summarizations"))
		if !ok {
			t.Fatalf("no summarization in %.80s", raw)
		}
		m, ok := loose.ReadMindMap(loose.MindMapFields(sum)["mindMap"])
		if !ok || len(m.Trees) != 1 {
			t.Fatalf("mindMap unreadable in %.80s", raw)
		}
		if p := loose.TreeProblem(m.Trees[0]); p != "" {
			t.Fatalf("mindMap: %s in %.80s", p, raw)
		}
	}
}
