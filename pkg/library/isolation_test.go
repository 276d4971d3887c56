package library

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/recordings"
)

// TestRetrieve_NeverMixesUsers gives two people different libraries and asks
// each the whole question set: every passage either gets is from their own
// recordings. Then both hold a recording with the same id but different
// words, and neither finds the other's words.
func TestRetrieve_NeverMixesUsers(t *testing.T) {
	recs := newRecordings(t)
	importFixtures(t, recs, "alice", "0*")
	importFixtures(t, recs, "bob", "1*", "2*")
	r := NewRetriever(recs)
	owned := map[string]map[string]bool{"alice": {}, "bob": {}}
	for uid := range owned {
		for _, q := range loadQuestions(t) {
			hits, err := r.Retrieve(ctx, uid, q.Question, 10, recordings.Scope{})
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hits {
				if _, err := recs.Detail(ctx, uid, h.RecordingID); err != nil {
					t.Fatalf("%s asked %q and got a passage of %s, which is not theirs", uid, q.Question, h.RecordingID)
				}
				owned[uid][h.RecordingID] = true
			}
		}
	}
	if len(owned["alice"]) == 0 || len(owned["bob"]) == 0 {
		t.Fatal("each user should find passages in their own library")
	}
	for id := range owned["alice"] {
		if owned["bob"][id] {
			t.Fatalf("both users got passages of %s", id)
		}
	}

	same := func(uid, words string) {
		raw, _ := json.Marshal(map[string]any{
			"recording":     map[string]any{"id": "rec_same", "title": "Same id", "recordingAt": "2026-11-01T10:00:00Z"},
			"transcription": map[string]any{"segments": []any{map[string]any{"text": words, "speaker": "SPEAKER_00", "start_time": 3, "end_time": 9}}},
		})
		if _, err := recs.Import(ctx, uid, raw); err != nil {
			t.Fatal(err)
		}
	}
	same("alice", "The zeppelin hangar inspection is in March.")
	same("bob", "The aquarium otters need new toys.")
	for _, c := range []struct{ uid, ask, mine, theirs string }{
		{"alice", "When is the zeppelin hangar inspection? What about the aquarium otters?", "zeppelin", "otters"},
		{"bob", "What do the aquarium otters need? And the zeppelin hangar?", "otters", "zeppelin"},
	} {
		hits, err := r.Retrieve(ctx, c.uid, c.ask, 10, recordings.Scope{})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) == 0 || !strings.Contains(hits[0].Text, c.mine) {
			t.Fatalf("%s should find their own line about %s first; got %+v", c.uid, c.mine, hits)
		}
		for _, h := range hits {
			if strings.Contains(h.Text, c.theirs) {
				t.Fatalf("%s got the other user's line: %q", c.uid, h.Text)
			}
		}
	}
}
