package library

import (
	"strings"
	"testing"
)

// TestSuggest_FromTheAskersOwnLibrary: suggestions name the asker's newest
// recordings, the people who speak most in their library and an open action
// item of theirs, nothing of another user's, and none for an empty library.
func TestSuggest_FromTheAskersOwnLibrary(t *testing.T) {
	recs := newRecordings(t)
	importFixtures(t, recs, "alice", "01*", "09*") // newest first: the weekly sync (Nov 17), the consult (Nov 6)
	importFixtures(t, recs, "bob", "06*")
	s := NewSuggester(recs)
	got, err := s.Suggest(ctx, "alice")
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	kinds := map[string]int{}
	for _, g := range got {
		texts = append(texts, g.Text)
		kinds[g.Kind]++
		if g.Kind != SuggestPerson && g.RecordingID != "rec_01_weekly_sync" && g.RecordingID != "rec_09_consult_knee" {
			t.Fatalf("a suggestion about %s, not alice's: %+v", g.RecordingID, g)
		}
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{
		"What was decided in “Weekly Product Sync”?",
		"What were the key points of “Sports medicine consult – right knee”?",
		"What did Daniel Okafor talk about?",
		"What is the status of “",
	} {
		if !strings.Contains(all, want) {
			t.Fatalf("suggestions lack %q:\n%s", want, all)
		}
	}
	if len(got) > 6 || kinds[SuggestRecent] != 2 || kinds[SuggestPerson] != 2 || kinds[SuggestAction] != 2 {
		t.Fatalf("two of each kind: %v\n%s", kinds, all)
	}
	for _, never := range []string{"landlord", "doctor say about running"} {
		if strings.Contains(strings.ToLower(all), never) {
			t.Fatalf("suggestions mention %q:\n%s", never, all)
		}
	}
	if none, err := s.Suggest(ctx, "carol"); err != nil || len(none) != 0 {
		t.Fatalf("an empty library has no suggestions: %+v %v", none, err)
	}
}
