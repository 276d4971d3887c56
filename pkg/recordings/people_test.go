package recordings

import (
	"encoding/json"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// talk builds an import object whose transcript has one segment per speaker
// label in order, and whose speakers member gives the listed profile names.
func talk(id string, at time.Time, names map[string]string, labels ...string) []byte {
	segs := make([]any, len(labels))
	for i, l := range labels {
		segs[i] = map[string]any{"text": "Words of " + l + " in " + id, "speaker": l, "start_time": 10 * i, "end_time": 10*i + 5}
	}
	profiles := map[string]any{}
	for label, name := range names {
		profiles[label] = map[string]any{"speakerProfile": map[string]any{"name": name}}
	}
	b, _ := json.Marshal(map[string]any{
		"recording":     map[string]any{"id": id, "title": "Talk " + id, "recordingAt": at.Format(time.RFC3339), "duration": 60},
		"speakers":      profiles,
		"transcription": map[string]any{"segments": segs},
	})
	return b
}

func seedPeople(t *testing.T, s *Service) {
	t.Helper()
	mustImport(t, s, "u1", talk("r1", base, map[string]string{"SPEAKER_00": "Priya Raman"}, "SPEAKER_00", "SPEAKER_01"))
	mustImport(t, s, "u1", talk("r2", base.Add(time.Hour), map[string]string{"SPEAKER_00": "priya raman", "SPEAKER_01": "Daniel Okafor"}, "SPEAKER_00", "SPEAKER_01"))
	// A generic profile name is no person (spec §5): r3's speakers are unnamed.
	mustImport(t, s, "u1", talk("r3", base.Add(2*time.Hour), map[string]string{"SPEAKER_00": "Speaker 1"}, "SPEAKER_00", "SPEAKER_01"))
	mustImport(t, s, "u2", talk("r1", base, map[string]string{"SPEAKER_00": "Mallory Other"}, "SPEAKER_00"))
}

func people(t *testing.T, s *Service, uid string) []Person {
	t.Helper()
	list, err := s.People(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func renameIn(t *testing.T, s *Service, db *store.DB, id, label, name string) {
	t.Helper()
	if err := db.Update(func(x *store.Txn) error { return s.RenameSpeakerIn(x, "u1", id, label, name) }); err != nil {
		t.Fatal(err)
	}
}

func TestPeople_AreTheLibrarysNamedSpeakersOneEachWhateverTheCase(t *testing.T) {
	s, db, _ := newService(t)
	seedPeople(t, s)
	want := []Person{{"Priya Raman", 2}, {"Daniel Okafor", 1}}
	if got := people(t, s, "u1"); !reflect.DeepEqual(got, want) {
		t.Fatalf("people = %+v, want %+v", got, want)
	}
	if got := people(t, s, "u2"); !reflect.DeepEqual(got, []Person{{"Mallory Other", 1}}) {
		t.Fatalf("u2 sees %+v: another user's people, or none", got)
	}

	// A name given by the owner counts; taking it back uncounts it.
	renameIn(t, s, db, "r3", "SPEAKER_01", "Priya Raman")
	if got := people(t, s, "u1")[0]; got != (Person{"Priya Raman", 3}) {
		t.Fatalf("after naming r3's speaker: %+v", got)
	}
	renameIn(t, s, db, "r3", "SPEAKER_01", "")
	if got := people(t, s, "u1")[0]; got != (Person{"Priya Raman", 2}) {
		t.Fatalf("after restoring r3's speaker: %+v", got)
	}
	// A deleted recording names nobody.
	if err := s.Delete(ctx, "u1", "r2", false); err != nil {
		t.Fatal(err)
	}
	if got := people(t, s, "u1"); !reflect.DeepEqual(got, []Person{{"Priya Raman", 1}}) {
		t.Fatalf("after deleting r2: %+v", got)
	}
}

func TestPersonFilter_ListsAndSearchesOnlyRecordingsNamingThem(t *testing.T) {
	s, db, _ := newService(t)
	seedPeople(t, s)
	renameIn(t, s, db, "r3", "Speaker 1", "PRIYA RAMAN") // the transcript form of SPEAKER_01
	got := allPages(t, s, "u1", DashboardQuery{Person: "priya raman", Limit: 1})
	if want := []string{"r3", "r2", "r1"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("dashboard person=priya raman: %v, want %v", got, want)
	}
	if got := allPages(t, s, "u1", DashboardQuery{Person: "Daniel Okafor", Search: "talk"}); !reflect.DeepEqual(got, []string{"r2"}) {
		t.Fatalf("dashboard person with search: %v", got)
	}
	if got := allPages(t, s, "u1", DashboardQuery{Person: "Mallory Other"}); len(got) != 0 {
		t.Fatalf("u1 filtered by u2's person got %v", got)
	}
	res, err := s.Search(ctx, "u1", SearchQuery{Q: "words", Filter: Filter{Person: " Daniel okafor "}})
	if err != nil {
		t.Fatal(err)
	}
	if ids := itemIDs(t, res.Data); !reflect.DeepEqual(ids, []string{"r2"}) || res.Total != 1 {
		t.Fatalf("search person=Daniel: %v (total %d)", ids, res.Total)
	}
}

func TestPersonCandidates_AreRecordingsWithUnnamedSpeakersNotNamingThem(t *testing.T) {
	s, _, _ := newService(t)
	seedPeople(t, s)
	page, err := s.PersonCandidates(ctx, "u1", CandidateQuery{Name: "Daniel Okafor", Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	// r2 names Daniel; r3 (newest) then r1 have unnamed speakers.
	if page.Total != 2 || len(page.Data) != 1 || page.Data[0].Recording.ID != "r3" || page.NextOffset == nil || *page.NextOffset != 1 {
		t.Fatalf("first page: %+v", page)
	}
	var speakers []unnamedSpeaker
	if err := json.Unmarshal(page.Data[0].Speakers, &speakers); err != nil {
		t.Fatal(err)
	}
	want := []unnamedSpeaker{
		{Label: "SPEAKER_00", Name: "Speaker 1", Sample: "Words of SPEAKER_00 in r3", StartTime: 0},
		{Label: "SPEAKER_01", Name: "Speaker 2", Sample: "Words of SPEAKER_01 in r3", StartTime: 10},
	}
	if !reflect.DeepEqual(speakers, want) {
		t.Fatalf("r3's unnamed speakers = %+v, want %+v", speakers, want)
	}
	if page.Data[0].Recording.Title != "Talk r3" || page.Data[0].Recording.RecordingAt != "2026-06-01T11:00:00.000Z" {
		t.Fatalf("recording = %+v", page.Data[0].Recording)
	}
	next, err := s.PersonCandidates(ctx, "u1", CandidateQuery{Name: "daniel okafor", Limit: 1, Offset: 1})
	if err != nil || len(next.Data) != 1 || next.Data[0].Recording.ID != "r1" || next.NextOffset != nil {
		t.Fatalf("second page: %+v, %v", next, err)
	}
	// Priya is named in r1 and r2, so only r3 could hold her.
	priya, err := s.PersonCandidates(ctx, "u1", CandidateQuery{Name: "Priya Raman"})
	if err != nil || priya.Total != 1 || priya.Data[0].Recording.ID != "r3" {
		t.Fatalf("candidates for Priya: %+v, %v", priya, err)
	}
	if _, err := s.PersonCandidates(ctx, "u1", CandidateQuery{Name: "  "}); err == nil {
		t.Fatal("a blank name was accepted")
	}
}

// A library stored before the person index existed gets it once at start.
func TestBackfillPeople_IndexesALibraryStoredBeforeThePersonIndex(t *testing.T) {
	defer func(n int) { peopleBatch = n }(peopleBatch)
	peopleBatch = 3 // four recordings: two transactions
	s, db, _ := newService(t)
	seedPeople(t, s)
	before := people(t, s, "u1")
	// Make the store look like an older version's: no person or unnamed keys.
	var old [][]byte
	for _, p := range []string{"person", "unnamed"} {
		keys, err := s.keysUnder(store.Prefix(p))
		if err != nil {
			t.Fatal(err)
		}
		old = append(old, keys...)
	}
	if err := db.Update(func(x *store.Txn) error {
		for _, k := range old {
			if err := x.Delete(k); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := people(t, s, "u1"); len(got) != 0 {
		t.Fatalf("keys not removed: %+v", got)
	}
	n, err := s.BackfillPeople()
	if err != nil || n != 4 {
		t.Fatalf("backfill indexed %d, %v; want 4 recordings", n, err)
	}
	if got := people(t, s, "u1"); !reflect.DeepEqual(got, before) {
		t.Fatalf("after backfill %+v, want %+v", got, before)
	}
	page, _ := s.PersonCandidates(ctx, "u1", CandidateQuery{Name: "Daniel Okafor"})
	ids := []string{}
	for _, c := range page.Data {
		ids = append(ids, c.Recording.ID)
	}
	sort.Strings(ids)
	if !reflect.DeepEqual(ids, []string{"r1", "r3"}) {
		t.Fatalf("candidates after backfill: %v", ids)
	}
	if n, err := s.BackfillPeople(); n != 0 || err != nil {
		t.Fatalf("second backfill ran again: %d, %v", n, err)
	}
}
