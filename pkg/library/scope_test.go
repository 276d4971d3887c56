package library

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/recordings"
)

// TestRetrieve_Scoped asks the question set across the sample library
// narrowed each way (folder, dates, speakers, hand-picked, and combined):
// every passage lies inside the scope, every recording of it is reachable,
// and a question the whole library answers from a recording inside the
// scope is answered from it inside the scope too.
func TestRetrieve_Scoped(t *testing.T) {
	recs := newRecordings(t)
	importFixtures(t, recs, "alice", "*")
	work := folderNamed(t, recs, "Work")
	day := func(s string) time.Time { d, _ := time.Parse(time.DateOnly, s); return d }
	r := NewRetriever(recs)
	questions := loadQuestions(t)
	wholeFirst := map[string]string{} // question → the recording the whole library answers it from
	for _, q := range questions {
		hits, err := r.Retrieve(ctx, "alice", q.Question, 1, recordings.Scope{})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) > 0 {
			wholeFirst[q.Question] = hits[0].RecordingID
		}
	}
	cases := []struct {
		name  string
		scope recordings.Scope
		want  []string // the recordings inside the scope that have passages
	}{
		{"folder", recordings.Scope{FolderID: work}, []string{"rec_01_weekly_sync", "rec_02_one_on_one_leo", "rec_05_customer_call_northwind", "rec_10_brainstorm_spring", "rec_12_q4_budget_review", "rec_13_sprint_planning_47", "rec_14_design_review_onboarding", "rec_25_retro_sprint_44"}},
		{"dates", recordings.Scope{From: day("2026-11-01"), To: day("2026-11-10").Add(24*time.Hour - time.Millisecond)}, []string{"rec_07_lecture_elasticity", "rec_08_voice_note_birthday", "rec_09_consult_knee", "rec_10_brainstorm_spring", "rec_11_podcast_async_work", "rec_12_q4_budget_review"}},
		{"speakers", recordings.Scope{Speakers: []string{"Dr. Anita Shah", "tom becker"}}, []string{"rec_01_weekly_sync", "rec_09_consult_knee", "rec_13_sprint_planning_47", "rec_17_untitled_flaky_tests", "rec_18_empty_title_standup", "rec_25_retro_sprint_44"}},
		{"recordings", recordings.Scope{RecordingIDs: []string{"rec_09_consult_knee", "rec_06_phone_landlord"}}, []string{"rec_06_phone_landlord", "rec_09_consult_knee"}},
		{"combined", recordings.Scope{FolderID: work, Speakers: []string{"Tom Becker"}, To: day("2026-11-01")}, []string{"rec_13_sprint_planning_47", "rec_25_retro_sprint_44"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			inside := map[string]bool{}
			for _, id := range c.want {
				inside[id] = true
			}
			cited := map[string]bool{}
			answerable := 0
			for _, q := range questions {
				hits, err := r.Retrieve(ctx, "alice", q.Question, 3, c.scope)
				if err != nil {
					t.Fatal(err)
				}
				for _, h := range hits {
					if !inside[h.RecordingID] {
						t.Fatalf("%q in scope %s got a passage of %s, outside it", q.Question, c.name, h.RecordingID)
					}
					cited[h.RecordingID] = true
				}
				if !inside[q.RecordingID] {
					continue
				}
				// Narrowing never loses an answer the whole library finds.
				answerable++
				if wholeFirst[q.Question] == q.RecordingID && (len(hits) == 0 || hits[0].RecordingID != q.RecordingID) {
					t.Fatalf("%q: the whole library answers from %s, scope %s does not: %s", q.Question, q.RecordingID, c.name, describe(hits))
				}
			}
			if answerable == 0 {
				t.Fatalf("scope %s holds none of the questions' recordings", c.name)
			}
			if got := keys(cited); strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Fatalf("scope %s cited %v; want every recording of it: %v", c.name, got, c.want)
			}
		})
	}
}

// TestRetrieve_ScopeOfAnotherUser: a scope naming Bob's recording or folder
// reads nothing of it for Alice.
func TestRetrieve_ScopeOfAnotherUser(t *testing.T) {
	recs := newRecordings(t)
	importFixtures(t, recs, "alice", "01*")
	importFixtures(t, recs, "bob", "09*")
	r := NewRetriever(recs)
	hits, err := r.Retrieve(ctx, "alice", "How much ibuprofen can I take?", 3, recordings.Scope{RecordingIDs: []string{"rec_09_consult_knee"}})
	if err != nil || len(hits) != 0 {
		t.Fatalf("alice's scope naming bob's recording: %+v, %v", hits, err)
	}
	if err := recs.CheckScope(ctx, "alice", recordings.Scope{FolderID: folderNamed(t, recs, "Personal", "bob")}); err == nil {
		t.Fatal("alice's scope naming bob's folder must be refused")
	}
}

func folderNamed(t *testing.T, recs *recordings.Service, name string, uid ...string) string {
	t.Helper()
	who := "alice"
	if len(uid) > 0 {
		who = uid[0]
	}
	list, err := recs.Folders(ctx, who)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range list {
		if f.Name == name {
			return f.ID
		}
	}
	t.Fatalf("%s has no folder %s", who, name)
	return ""
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
