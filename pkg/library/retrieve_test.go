package library

import (
	"slices"
	"strconv"
	"strings"

	"testing"

	"github.com/pocket-companion/pocket/pkg/recordings"
)

// TestRetrieve_QualityOnFixtures asks every question of the checked-in set
// across the whole sample library and counts how often the recording that
// answers it comes first (hit@1) or among the first three passages (hit@3),
// and how often one of the first three passages cites (points at) a line
// that answers it: the line a citation opens the recording at.
func TestRetrieve_QualityOnFixtures(t *testing.T) {
	recs := newRecordings(t)
	importFixtures(t, recs, "alice", "*")
	r := NewRetriever(recs)
	qs := loadQuestions(t)
	if len(qs) < 40 {
		t.Fatalf("the question set has %d questions; it needs at least 40", len(qs))
	}
	var at1, at3, passage3 int
	for _, q := range qs {
		hits, err := r.Retrieve(ctx, "alice", q.Question, 3, recordings.Scope{})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) > 0 && hits[0].RecordingID == q.RecordingID {
			at1++
		}
		found, lineFound := false, false
		for _, h := range hits {
			if h.RecordingID != q.RecordingID {
				continue
			}
			found = true
			if h.SegmentIndex >= 0 && slices.Contains(q.Segments, h.SegmentIndex) {
				lineFound = true
			}
		}
		if found {
			at3++
		}
		if lineFound {
			passage3++
		}
		if !lineFound {
			t.Logf("miss %q (want %s %v): got %s", q.Question, q.RecordingID, q.Segments, describe(hits))
		}
	}
	n := float64(len(qs))
	t.Logf("%d questions: recording hit@1 %.2f, hit@3 %.2f; cited answering line in top 3 passages %.2f", len(qs), float64(at1)/n, float64(at3)/n, float64(passage3)/n)
	for _, c := range []struct {
		name       string
		got, floor float64
	}{
		{"recording hit@1", float64(at1) / n, floorAt1},
		{"recording hit@3", float64(at3) / n, floorAt3},
		{"passage hit@3", float64(passage3) / n, floorPassage3},
	} {
		if c.got < c.floor {
			t.Errorf("%s %.2f is below %.2f", c.name, c.got, c.floor)
		}
	}
}

func describe(hits []Hit) string {
	var parts []string
	for _, h := range hits {
		parts = append(parts, h.RecordingID+"#"+itoa(h.SegmentIndex))
	}
	return strings.Join(parts, ", ")
}

func itoa(n int) string { return strconv.Itoa(n) }

// Floors the implementation reaches on the set (see the test log), a little
// under the measured rates so a regression fails and noise does not.
const (
	floorAt1      = 0.88 // measured 0.90 (54 of 60)
	floorAt3      = 0.95 // measured 0.97 (58 of 60)
	floorPassage3 = 0.80 // measured 0.82 (49 of 60): the cited line itself is an answering line
)
