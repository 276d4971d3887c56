package recordings

import (
	"encoding/json"
	"testing"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/store"
)

// A renamed speaker reads with the new name and keeps the uploaded one as
// originalName (the summary's speaker mind map is keyed by it), in both
// shapes a device uploads speakers in: an object and a JSON string.
func TestRenameSpeaker_KeepsTheUploadedNameBesideTheNewOne(t *testing.T) {
	s, db, _ := newService(t)
	profiles := `{"SPEAKER_00":{"speakerProfile":{"name":"Daniel Okafor"}},"SPEAKER_01":{"speakerProfile":{"name":"Priya Raman"}}}`
	for id, speakers := range map[string]any{"r-object": json.RawMessage(profiles), "r-string": profiles} {
		raw, _ := json.Marshal(map[string]any{
			"recording": map[string]any{"id": id, "title": "Sync", "recordingAt": "2026-06-01T09:00:00Z"},
			"speakers":  speakers,
		})
		mustImport(t, s, "u1", raw)
		rename := func(name string) {
			t.Helper()
			if err := db.Update(func(x *store.Txn) error { return s.RenameSpeakerIn(x, "u1", id, "Speaker 0", name) }); err != nil {
				t.Fatal(err)
			}
		}
		rename("Dana Whitfield")
		want := map[string]struct{ name, original string }{"SPEAKER_00": {"Dana Whitfield", "Daniel Okafor"}, "SPEAKER_01": {"Priya Raman", ""}}
		checkProfiles(t, s, id, want)

		// Renamed again: still the uploaded name, not the previous rename.
		rename("Dana W.")
		want["SPEAKER_00"] = struct{ name, original string }{"Dana W.", "Daniel Okafor"}
		checkProfiles(t, s, id, want)

		// Restored: no trace of a rename.
		rename("")
		want["SPEAKER_00"] = struct{ name, original string }{"Daniel Okafor", ""}
		checkProfiles(t, s, id, want)
	}
}

func checkProfiles(t *testing.T, s *Service, id string, want map[string]struct{ name, original string }) {
	t.Helper()
	d, err := s.Detail(ctx, "u1", id)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]struct {
		SpeakerProfile struct {
			Name         string `json:"name"`
			OriginalName string `json:"originalName"`
		} `json:"speakerProfile"`
	}
	if err := json.Unmarshal(loose.Unwrap(d.Speakers), &got); err != nil {
		t.Fatalf("%s: speakers %s: %v", id, d.Speakers, err)
	}
	for label, w := range want {
		p := got[label].SpeakerProfile
		if p.Name != w.name || p.OriginalName != w.original {
			t.Errorf("%s %s = %+v; want name %q, originalName %q", id, label, p, w.name, w.original)
		}
	}
}
