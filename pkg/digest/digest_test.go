package digest_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/digest"
)

func TestBuild_FixtureLibrary_ListsWhatIsNewWithOneSentenceAndOpenItems(t *testing.T) {
	lib := fixtureLibrary(t, memDB(t))
	d, err := digest.Build(context.Background(), lib, uid, at("2026-11-16T12:00:00Z"), at("2026-11-20T00:00:00Z"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range d.Recordings {
		ids = append(ids, r.ID)
	}
	want := "rec_26_voice_note_release_checklist rec_02_one_on_one_leo rec_03_interview_frontend rec_01_weekly_sync rec_04_interview_data_eng"
	if got := strings.Join(ids, " "); got != want {
		t.Fatalf("new recordings, newest first:\n got %s\nwant %s", got, want)
	}
	if r := d.Recordings[1]; r.Title != "1:1 with Leo" || r.Summary != "Leo had a heavy on-call week: six pages, four at night." {
		t.Errorf("Leo's line = %+v, want the title and the summary's first sentence", r)
	}
	if len(d.ActionItems) != digest.MaxActionItems {
		t.Errorf("%d action items, want the cap %d", len(d.ActionItems), digest.MaxActionItems)
	}
	first := d.ActionItems[0]
	if first.Title != "Confirm pilot customer email went out; check replies" || first.RecordingTitle != "Note: 3.4 release to-dos" {
		t.Errorf("first open item = %+v", first)
	}
	if d.Subject() != "Your Pocket digest: 5 new recordings" {
		t.Errorf("subject = %q", d.Subject())
	}
}

func TestBuild_LargeLibrary_CapsTheListAndSaysThereIsMore(t *testing.T) {
	lib := fixtureLibrary(t, memDB(t))
	d, err := digest.Build(context.Background(), lib, uid, at("2000-01-01T00:00:00Z"), at("2026-12-01T00:00:00Z"))
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Recordings) != digest.MaxRecordings || d.More == 0 {
		t.Fatalf("%d recordings, more %d; want %d and more", len(d.Recordings), d.More, digest.MaxRecordings)
	}
	if !strings.Contains(d.Subject(), "21+ new recordings") {
		t.Errorf("subject = %q, want it to say there are more", d.Subject())
	}
}

func TestBuild_NothingNew_IsEmpty(t *testing.T) {
	lib := fixtureLibrary(t, memDB(t))
	d, err := digest.Build(context.Background(), lib, uid, at("2026-11-30T00:00:00Z"), at("2026-12-01T00:00:00Z"))
	if err != nil || !d.Empty() || d.Recordings == nil {
		t.Fatalf("digest %+v, %v; want empty lists", d, err)
	}
}

func TestFirstSentence(t *testing.T) {
	for in, want := range map[string]string{
		"One. Two.":             "One.",
		"Version 3.4 ships. OK": "Version 3.4 ships.",
		"No stop at all":        "No stop at all",
		"Really? Yes.":          "Really?",
		"  ":                    "",
	} {
		if got := digest.FirstSentence(in); got != want {
			t.Errorf("FirstSentence(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMessage_BothPartsAndUnsubscribeHeaders_HTMLEscaped(t *testing.T) {
	d := digest.Digest{Recordings: []digest.Recording{{ID: "r/1", Title: `<script>alert(1)</script>`, Summary: "Fish & chips."}},
		ActionItems: []digest.ActionItem{{RecordingID: "r/1", RecordingTitle: "T", Title: `<img src=x onerror=alert(1)>`}}}
	m := d.Message("alice@example.com", digest.Links{App: "https://p.example", Unsubscribe: "https://p.example/api/v1/digest/unsubscribe?token=abc"})
	if !strings.Contains(m.Subject, "digest") || m.To != "alice@example.com" {
		t.Errorf("subject %q to %q", m.Subject, m.To)
	}
	for _, part := range []string{m.Body, m.HTML} {
		if !strings.Contains(part, "https://p.example/api/v1/digest/unsubscribe?token=abc") {
			t.Errorf("part lacks the unsubscribe link:\n%s", part)
		}
		if !strings.Contains(part, "https://p.example/recordings/r%2F1") {
			t.Errorf("part lacks the recording's link:\n%s", part)
		}
	}
	if !strings.Contains(m.Body, "<script>alert(1)</script>") {
		t.Error("the text part shows the title as written")
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "<img") || !strings.Contains(m.HTML, "&lt;script&gt;") {
		t.Errorf("the HTML part must escape titles:\n%s", m.HTML)
	}
	headers := map[string]string{}
	for _, h := range m.Headers {
		headers[h.Name] = h.Value
	}
	if headers["List-Unsubscribe"] != "<https://p.example/api/v1/digest/unsubscribe?token=abc>" ||
		headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
		t.Errorf("headers = %v", headers)
	}
}
