package app_test

import (
	"reflect"
	"testing"

	"github.com/pocket-companion/pocket/tests/servertest"
)

// Naming a speaker once makes the person known across the library over HTTP:
// suggested, offered for other recordings' unnamed speakers, and a list filter.
func TestPeople_OverHTTP_SuggestOfferAndFilter(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.SignIn(t, "people@example.com")
	upload := func(id, at string) {
		c.MustOK("POST", "/api/v1/recordings", map[string]any{
			"recording": map[string]any{"id": id, "title": "Call " + id, "recordingAt": at, "duration": 30},
			"transcription": map[string]any{"segments": []any{
				map[string]any{"speaker": "SPEAKER_00", "text": "Hello from " + id, "start_time": 0, "end_time": 2},
				map[string]any{"speaker": "SPEAKER_01", "text": "Hi there", "start_time": 2, "end_time": 4},
			}},
		})
	}
	upload("a", "2026-05-01T10:00:00Z")
	upload("b", "2026-05-02T10:00:00Z")
	c.MustOK("PUT", "/api/v1/recordings/a/speakers", map[string]string{"speaker": "SPEAKER_00", "name": "Ines Duarte"})

	var people struct {
		Data []struct {
			Name       string
			Recordings int
		}
	}
	c.MustOK("GET", "/api/v1/people", nil, &people)
	if len(people.Data) != 1 || people.Data[0].Name != "Ines Duarte" || people.Data[0].Recordings != 1 {
		t.Fatalf("people = %+v", people.Data)
	}

	var cands struct {
		Data []struct {
			Recording struct{ ID string }
			Speakers  []struct{ Label, Name, Sample string }
		}
		Total      int
		NextOffset *int
	}
	c.MustOK("GET", "/api/v1/people/candidates?name=ines%20duarte", nil, &cands)
	if cands.Total != 1 || cands.Data[0].Recording.ID != "b" || cands.NextOffset != nil || len(cands.Data[0].Speakers) != 2 {
		t.Fatalf("candidates = %+v", cands)
	}
	picked := cands.Data[0].Speakers[0]
	if picked.Sample != "Hello from b" || picked.Name != "Speaker 1" {
		t.Fatalf("first unnamed speaker of b = %+v", picked)
	}
	c.MustOK("PUT", "/api/v1/recordings/b/speakers", map[string]string{"speaker": picked.Label, "name": "Ines Duarte"})

	var list struct{ Data []struct{ ID string } }
	c.MustOK("GET", "/api/v1/recordings/dashboard?person=INES%20DUARTE", nil, &list)
	ids := []string{}
	for _, it := range list.Data {
		ids = append(ids, it.ID)
	}
	if !reflect.DeepEqual(ids, []string{"b", "a"}) {
		t.Fatalf("dashboard filtered by person = %v", ids)
	}
	for _, path := range []string{"/api/v1/people/candidates", "/api/v1/people/candidates?name=x&limit=0", "/api/v1/people/candidates?name=x&offset=-1"} {
		if r := c.Do("GET", path, nil); r.Status != 400 {
			t.Fatalf("%s = %d %s, want 400", path, r.Status, r.Body)
		}
	}
}
