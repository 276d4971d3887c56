package recordings

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/store"
)

func TestImport_StoresLooseFieldsByteForByte(t *testing.T) {
	tests := []struct {
		name                                              string
		speakers, summarizations, transcription, metadata string
	}{
		{"objects",
			`{"SPEAKER_00": {"matchedSpeakerId":"a","speakerProfile":{"name":"Ana"}}}`,
			`{"s1": {"v2Summary": "## Hi\n- x", "v2ActionItems": {"version":"2","actionItems":[]}}}`,
			`{"segments": [{"text":"hello", "start_time": 0, "end_time": 1.5}]}`,
			`{"device": "pocket", "fw": 3}`},
		{"json strings stay strings",
			`"{\"SPEAKER_00\":{\"speakerProfile\":{\"name\":\"Ana\"}}}"`,
			`{"s1": "{\"summary\":\"as string\"}"}`,
			`"{\"text\":{\"segments\":[{\"transcript\":\"hi\",\"startTime\":0}]}}"`,
			`"free text"`},
		{"components and sections summaries, html characters",
			`{}`,
			`{"s1": {"v2Summary": [{"type":"h1","text":"<b>&</b>"}]}, "s2": {"summary": {"sections":[{"title":"t","text":"x"}]}}}`,
			`{"text": {"segments": []}}`,
			`null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _, _ := newService(t)
			raw := `{"recording": {"id": "r1", "title": "T", "custom": {"kept": [1, 2]}}, "speakers": ` + tt.speakers +
				`, "summarizations": ` + tt.summarizations + `, "transcription": ` + tt.transcription + `, "metadata": ` + tt.metadata + `}`
			mustImport(t, s, "u1", []byte(raw))
			d, err := s.Detail(ctx, "u1", "r1")
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct{ got, want string }{
				{string(d.Recording), `{"id": "r1", "title": "T", "custom": {"kept": [1, 2]}}`},
				{string(d.Speakers), tt.speakers}, {string(d.Summarizations), tt.summarizations},
				{string(d.Transcription), tt.transcription}, {string(d.Metadata), tt.metadata},
			} {
				if c.got != c.want {
					t.Errorf("stored %s, want %s", c.got, c.want)
				}
			}
		})
	}
}

func TestImport_MissingFieldsAreNullInDetail(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", []byte(`{"recording":{"id":"r1"}}`))
	d, _ := s.Detail(ctx, "u1", "r1")
	b, _ := json.Marshal(d)
	if want := `{"recording":{"id":"r1"},"speakers":null,"summarizations":null,"transcription":null,"metadata":null}`; string(b) != want {
		t.Fatalf("got %s", b)
	}
}

// An object of another format (members, none of them the import's) is
// refused, not filed as an empty recording; a bare id is a recording.
func TestImport_RefusesAnObjectOfAnotherFormat(t *testing.T) {
	s, _, _ := newService(t)
	_, err := s.Import(ctx, "u1", []byte(`{"about":"retrieval questions","questions":[{"q":"x"}]}`))
	if !apperr.Is(err, apperr.Invalid) || !strings.Contains(err.Error(), "must be a JSON object with recording") {
		t.Fatalf("got %v", err)
	}
	if res := mustImport(t, s, "u1", []byte(`{"id":"r9","extra":1}`)); res.ID != "r9" {
		t.Fatalf("a top-level id names a recording: %+v", res)
	}
}

func TestImport_GeneratesIDWhenMissing(t *testing.T) {
	for _, raw := range []string{`{}`, `{"recording":{"title":"x"}}`, `{"recording":{"id":"","title":"x"}}`, `{"recording":null}`} {
		t.Run(raw, func(t *testing.T) {
			s, _, _ := newService(t)
			res := mustImport(t, s, "u1", []byte(raw))
			if len(res.ID) != 36 || !res.Created {
				t.Fatalf("result %+v", res)
			}
			d, err := s.Detail(ctx, "u1", res.ID)
			if err != nil {
				t.Fatal(err)
			}
			var r struct{ ID string }
			_ = json.Unmarshal(d.Recording, &r)
			if r.ID != res.ID {
				t.Fatalf("detail recording id %q, want %q", r.ID, res.ID)
			}
		})
	}
}

func TestImport_TopLevelIDIsUsedWhenRecordingHasNone(t *testing.T) {
	s, _, _ := newService(t)
	if res := mustImport(t, s, "u1", []byte(`{"id":"top","recording":{"title":"x"}}`)); res.ID != "top" {
		t.Fatalf("id %q", res.ID)
	}
}

func TestImport_RejectsWhatCannotBeFiled(t *testing.T) {
	tests := []struct{ name, raw, msg string }{
		{"not json", `{"recording":`, "not valid JSON"},
		{"array", `[{"recording":{}}]`, "must be a JSON object"},
		{"string", `"x"`, "must be a JSON object"},
		{"recording not an object", `{"recording":"r1"}`, "recording must be an object"},
		{"recording array", `{"recording":[1]}`, "recording must be an object"},
		{"numeric id", `{"recording":{"id":5}}`, "recording.id must be a string"},
		{"id with slash", `{"recording":{"id":"a/b"}}`, "recording.id must be"},
		{"id with control character", `{"recording":{"id":"a\u0001"}}`, "recording.id must be"},
		{"id too long", `{"recording":{"id":"` + strings.Repeat("x", 201) + `"}}`, "recording.id must be"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _, _ := newService(t)
			_, err := s.Import(ctx, "u1", []byte(tt.raw))
			wantKind(t, err, apperr.Invalid)
			if !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("message %q does not say %q", err, tt.msg)
			}
		})
	}
}

func TestImport_DuplicateIDKeepsTheNewest(t *testing.T) {
	t0 := "2026-05-01T10:00:00Z"
	t1 := "2026-05-01T11:00:00Z"
	mk := func(title, recAt, updAt, creAt string) []byte {
		r := map[string]any{"id": "r1", "title": title}
		for k, v := range map[string]string{"recordingAt": recAt, "updatedAt": updAt, "createdAt": creAt} {
			if v != "" {
				r[k] = v
			}
		}
		b, _ := json.Marshal(map[string]any{"recording": r})
		return b
	}
	tests := []struct {
		name          string
		first, second []byte
		wantTitle     string
		replaced      bool
	}{
		{"later recordingAt replaces", mk("old", t0, "", ""), mk("new", t1, "", ""), "new", true},
		{"earlier recordingAt is ignored", mk("old", t1, "", ""), mk("new", t0, "", ""), "old", false},
		{"recordingAt beats updatedAt", mk("old", t1, t0, ""), mk("new", t0, t1, ""), "old", false},
		{"equal recordingAt, later updatedAt", mk("old", t0, t0, ""), mk("new", t0, t1, ""), "new", true},
		{"only createdAt", mk("old", "", "", t0), mk("new", "", "", t1), "new", true},
		{"a time beats no time", mk("old", "", "", ""), mk("new", t0, "", ""), "new", true},
		{"naive time is UTC", mk("old", "2026-05-01T10:00:00", "", ""), mk("new", "2026-05-01T10:30:00Z", "", ""), "new", true},
		{"all equal keeps stored", mk("old", t0, t0, t0), mk("new", t0, t0, t0), "old", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _, _ := newService(t)
			mustImport(t, s, "u1", tt.first)
			res := mustImport(t, s, "u1", tt.second)
			if res.Created || res.Replaced != tt.replaced {
				t.Fatalf("result %+v", res)
			}
			item, _ := s.Item(ctx, "u1", "r1")
			var r struct{ Title string }
			_ = json.Unmarshal(item, &r)
			if r.Title != tt.wantTitle {
				t.Fatalf("title %q, want %q", r.Title, tt.wantTitle)
			}
			if got := allPages(t, s, "u1", DashboardQuery{IncludeEmpty: true}); len(got) != 1 {
				t.Fatalf("dashboard has %v", got)
			}
			if sr, _ := s.Search(ctx, "u1", SearchQuery{Q: tt.wantTitle}); sr.Total != 1 {
				t.Fatalf("search for %q found %d", tt.wantTitle, sr.Total)
			}
		})
	}
}

func TestImport_FixturesResolveDuplicatesInEitherOrder(t *testing.T) {
	for _, reverse := range []bool{false, true} {
		s, _, _ := newService(t)
		importFixtures(t, s, "demo", reverse)
		d, err := s.Detail(ctx, "demo", "rec_14_design_review_onboarding")
		if err != nil {
			t.Fatal(err)
		}
		var r struct{ Title string }
		_ = json.Unmarshal(d.Recording, &r)
		if r.Title != "Design Review – Onboarding Checklist" {
			t.Fatalf("reverse=%v kept %q, want the resynced copy", reverse, r.Title)
		}
		if n := len(allPages(t, s, "demo", DashboardQuery{IncludeEmpty: true})); n != len(fixtures(t))-1 {
			t.Fatalf("reverse=%v: %d recordings listed", reverse, n)
		}
	}
}

func TestImport_PublishesEventsAndAsksForSummaries(t *testing.T) {
	s, _, bus := newService(t)
	sub := bus.Subscribe(16)
	defer sub.Close()
	var needs []string
	s.OnNeedsSummary(func(uid, id string) { needs = append(needs, uid+"/"+id) })

	mustImport(t, s, "u1", rec("a", "A", base, nil))                                            // created, no summary
	mustImport(t, s, "u1", rec("b", "B", base, map[string]any{"_summary": "## Done"}))          // created, summarised
	mustImport(t, s, "u1", rec("a", "A2", base.Add(time.Hour), map[string]any{"_summary": ""})) // replaced, empty summary
	mustImport(t, s, "u1", rec("a", "A3", base, nil))                                           // older: kept, nothing

	var got []string
	for len(sub.C) > 0 {
		e := <-sub.C
		got = append(got, e.Type+":"+e.UserID+"/"+e.RecordingID)
	}
	want := []string{events.RecordingCreated + ":u1/a", events.RecordingCreated + ":u1/b", events.RecordingUpdated + ":u1/a"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("events %v, want %v", got, want)
	}
	if strings.Join(needs, ",") != "u1/a,u1/a" {
		t.Fatalf("needs summary %v", needs)
	}
}

func TestImport_DoesNotResurrectSoftDeleted(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", rec("a", "A", base, nil))
	if err := s.Delete(ctx, "u1", "a", false); err != nil {
		t.Fatal(err)
	}
	res := mustImport(t, s, "u1", rec("a", "A", base.Add(time.Hour), nil))
	if res.Created || res.Replaced {
		t.Fatalf("result %+v", res)
	}
	_, err := s.Detail(ctx, "u1", "a")
	wantNotFound(t, err)
}

func TestImportMany_GoesOnAndNamesEachFailure(t *testing.T) {
	s, _, _ := newService(t)
	res, err := s.ImportMany(ctx, "u1", [][]byte{rec("a", "A", base, nil), []byte(`[]`), rec("b", "B", base, nil), []byte(`{`)})
	if err == nil || !strings.Contains(err.Error(), "recording 2:") || !strings.Contains(err.Error(), "recording 4:") {
		t.Fatalf("error %v", err)
	}
	if res[0].ID != "a" || res[2].ID != "b" || res[1].ID != "" {
		t.Fatalf("results %+v", res)
	}
}

func TestImport_RequiresOwner(t *testing.T) {
	s, _, _ := newService(t)
	for _, uid := range []string{"", "a/b"} {
		_, err := s.Import(ctx, uid, rec("a", "A", base, nil))
		wantKind(t, err, apperr.Unauthenticated)
	}
}

// A bulk import spanning several batches: every object lands, in the list and
// in the change log, a duplicate in a later batch replaces its newer-by-rule
// earlier copy exactly as one-by-one imports would, and a bad object in the
// middle of a batch refuses only itself.
func TestImportEach_BatchesLikeOneByOne(t *testing.T) {
	s, _, _ := newService(t)
	n := 2*ImportBatchSize + 17
	raws := make([][]byte, 0, n+2)
	for i := 0; i < n; i++ {
		raws = append(raws, rec(fmt.Sprintf("b%04d", i), fmt.Sprintf("Batch %d", i), base.Add(time.Duration(i)*time.Minute), nil))
	}
	raws[ImportBatchSize+3] = []byte(`{"recording": 5}`)
	raws = append(raws, rec("b0001", "Batch 1 again, newer", base.Add(time.Hour*1000), nil), rec("b0002", "Batch 2 older", base.Add(-time.Hour), nil))
	res, errs, err := s.ImportEach(ctx, "u1", raws)
	if err != nil {
		t.Fatal(err)
	}
	for i := range raws {
		if (errs[i] != nil) != (i == ImportBatchSize+3) {
			t.Fatalf("object %d: error %v", i, errs[i])
		}
	}
	if !res[0].Created || !res[n].Replaced || res[n+1].Created || res[n+1].Replaced {
		t.Fatalf("results: first %+v, newer duplicate %+v, older duplicate %+v", res[0], res[n], res[n+1])
	}
	for id, want := range map[string]string{"b0001": "Batch 1 again, newer", "b0002": "Batch 2", fmt.Sprintf("b%04d", n-1): fmt.Sprintf("Batch %d", n-1)} {
		item, err := s.Item(ctx, "u1", id)
		var r struct{ Title string }
		if err != nil || json.Unmarshal(item, &r) != nil || r.Title != want {
			t.Fatalf("%s: %s %v; want title %q", id, item, err, want)
		}
	}
	var logged int
	_ = s.db.View(func(x *store.Txn) error {
		p, err := changelog.Read(x, "u1", "", 10*n)
		logged = len(p.Entries)
		return err
	})
	if logged != n-1 {
		t.Fatalf("the change log holds %d recordings; %d were imported", logged, n-1)
	}
}
