package highlights

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/tests/storetest"
)

var ctx = context.Background()

func detailOf(transcription string) recordings.Detail {
	return recordings.Detail{Transcription: json.RawMessage(transcription)}
}

func TestPassageOf_LooseShapesAndBounds(t *testing.T) {
	asString := `"{\"segments\":[{\"text\":\"One.\",\"startTime\":0,\"endTime\":2},{\"text\":\"Two.\",\"startTime\":2,\"endTime\":4}]}"`
	untimed := `{"segments":[{"text":"Only words"}]}`
	for name, tc := range map[string]struct {
		transcription string
		start, end    float64
		text, code    string
	}{
		"a JSON string transcription": {asString, 1, 3, "One. Two.", ""},
		"the second line only":        {asString, 2, 4, "Two.", ""},
		"past the end":                {asString, 1, 9, "", "INVALID_RANGE"},
		"an untimed line lasts 1 s":   {untimed, 0, 1, "Only words", ""},
		"no transcript":               {`null`, 0, 1, "", "INVALID_RANGE"},
	} {
		t.Run(name, func(t *testing.T) {
			p, err := passageOf(detailOf(tc.transcription), tc.start, tc.end)
			if tc.code != "" {
				if e, ok := apperr.As(err); !ok || e.Code != tc.code {
					t.Fatalf("err %v, want %s", err, tc.code)
				}
				return
			}
			if err != nil || p.text != tc.text {
				t.Fatalf("text %q (%v), want %q", p.text, err, tc.text)
			}
		})
	}
}

func TestCheckRange_RefusesEmptyReversedAndNonNumbers(t *testing.T) {
	for _, r := range [][2]float64{{1, 1}, {2, 1}, {-1, 1}} {
		if checkRange(r[0], r[1]) == nil {
			t.Errorf("%v was taken", r)
		}
	}
	if checkRange(0, 0.5) != nil {
		t.Error("half a second was refused")
	}
}

func TestClip_KeepsALongPassageBounded(t *testing.T) {
	long := strings.Repeat("word ", 5000)
	got := clip(long, MaxText)
	if n := len([]rune(got)); n > MaxText || !strings.HasSuffix(got, "…") {
		t.Fatalf("clipped to %d characters ending %q", n, got[len(got)-5:])
	}
}

func TestAppendMember_KeepsTheObjectsOrder(t *testing.T) {
	got, err := appendMember(json.RawMessage(`{"recording":{"id":"r"},"speakers":null}`), "highlights", []byte(`[]`))
	if err != nil || string(got) != `{"recording":{"id":"r"},"speakers":null,"highlights":[]}` {
		t.Fatalf("%s (%v)", got, err)
	}
	if got, _ := appendMember(json.RawMessage(` {} `), "highlights", []byte(`[]`)); string(got) != `{"highlights":[]}` {
		t.Fatalf("empty object: %s", got)
	}
}

// TestRestore_BringsHighlightsBackWithTheirIDs: an import object's
// highlights come back with their ids and notes; entries that are no
// highlight (a bad id, a reversed range) are skipped and the recording
// still imports.
func TestRestore_BringsHighlightsBackWithTheirIDs(t *testing.T) {
	db := storetest.Open(t)
	recs := recordings.NewService(db, nil, nil)
	hls := New(db, recs, nil, 1)
	raw := `{"recording":{"id":"r1","title":"T"},"transcription":{"segments":[{"text":"Hi","start_time":0,"end_time":2}]},
	  "highlights":[{"id":"h1","start":0,"end":1,"text":"Hi","note":"n","createdAt":"2026-01-01T00:00:00Z"},
	                {"id":"bad/id","start":0,"end":1,"text":"x"},{"id":"h3","start":2,"end":1,"text":"x"}]}`
	if _, err := recs.Import(ctx, "u1", []byte(raw)); err != nil {
		t.Fatal(err)
	}
	got, err := hls.OfRecording(ctx, "u1", "r1")
	if err != nil || len(got) != 1 || got[0].ID != "h1" || got[0].Note != "n" || got[0].RecordingID != "r1" {
		t.Fatalf("restored %+v (%v)", got, err)
	}
	// Past the limit of 1, a new one is refused.
	_, err = hls.Create(ctx, "u1", NewHighlight{RecordingID: "r1", Start: 0, End: 1})
	if e, ok := apperr.As(err); !ok || e.Code != "QUOTA_HIGHLIGHTS" {
		t.Fatalf("err %v, want QUOTA_HIGHLIGHTS", err)
	}
}
