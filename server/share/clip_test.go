package share_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// clipLink is a clip's link as created and listed.
type clipLink struct {
	ID, Token, URL, Hint     string
	RecordingID, HighlightID string
	Protected, AllowDownload bool
	Views                    int64
	LastViewedAt, RevokedAt  *time.Time
}

type clipView struct {
	RecordingTitle string
	Text           string
	Start, End     float64
	Speakers       []string
	Segments       []struct {
		Speaker, Text string
		Start, End    float64
	}
	AllowDownload bool
}

// opusFixture is a real 48-second Opus recording.
func opusFixture(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../../fixtures/recordings/26-voice-note-release-todos.opus")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// standupWithAudio uploads r1 "Release standup": three timed lines by two
// speakers, a summary and a private note, with sound as its audio.
func standupWithAudio(t *testing.T, owner *servertest.Client, sound []byte) {
	t.Helper()
	obj, _ := json.Marshal(map[string]any{
		"recording": map[string]any{"id": "r1", "title": "Release standup"},
		"speakers":  map[string]any{"SPEAKER_00": map[string]any{"speakerProfile": map[string]any{"name": "Ana"}}},
		"transcription": map[string]any{"segments": []any{
			map[string]any{"speaker": "SPEAKER_01", "text": "Secret intro before the clip.", "start_time": 0, "end_time": 10},
			map[string]any{"speaker": "SPEAKER_00", "text": "We ship on Friday.", "start_time": 10, "end_time": 13},
			map[string]any{"speaker": "SPEAKER_01", "text": "Private budget after the clip.", "start_time": 13, "end_time": 40},
		}},
		"summarizations": map[string]any{"s1": map[string]any{"summary": "A confidential summary."}},
	})
	if r := owner.PostWithAudio(obj, sound); r.Status != http.StatusCreated {
		t.Fatalf("upload: %d %s", r.Status, r.Body)
	}
	owner.MustOK("PUT", "/api/v1/recordings/r1/note", map[string]any{"markdown": "Owner's recording note"})
}

// highlightOf marks 10.2 to 12.5 s of r1 with a private note.
func highlightOf(t *testing.T, owner *servertest.Client) string {
	t.Helper()
	var h struct{ Data struct{ ID string } }
	owner.MustOK("POST", "/api/v1/recordings/r1/highlights", map[string]any{"start": 10.2, "end": 12.5, "note": "My private highlight note"}, &h)
	return h.Data.ID
}

func makeClip(t *testing.T, owner *servertest.Client, highlightID string, body any) clipLink {
	t.Helper()
	r := owner.Do("POST", "/api/v1/highlights/"+highlightID+"/share", body)
	if r.Status != http.StatusCreated {
		t.Fatalf("create clip = %d %s", r.Status, r.Body)
	}
	var l clipLink
	r.JSON(t, &l)
	return l
}

func openClip(c *servertest.Client, token string) servertest.Response {
	return c.Do("GET", "/api/v1/share/shared/clip?token="+token, nil)
}

// A clip's link opens, without an account, the moment only: the excerpt,
// its speakers and times, the recording's title; never the owner's notes,
// the summary or the rest of the transcript. Its open is counted on the
// owner's list, where the link carries its highlight.
func TestClip_OpensTheMomentAndNothingElseOfTheRecording(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	standupWithAudio(t, owner, opusFixture(t))
	hid := highlightOf(t, owner)
	l := makeClip(t, owner, hid, nil)
	if l.Token == "" || l.URL != s.Cfg.PublicURL+"/shared/clip?token="+l.Token || l.HighlightID != hid || l.RecordingID != "r1" ||
		l.AllowDownload || l.Protected || l.Views != 0 {
		t.Fatalf("created %+v", l)
	}

	r := openClip(s.NewClient(t), l.Token)
	if r.Status != 200 || r.Header.Get("X-Robots-Tag") == "" {
		t.Fatalf("open = %d %s", r.Status, r.Body)
	}
	for _, private := range []string{"Secret intro", "Private budget", "confidential", "My private highlight note", "Owner's recording note", "owner@example.com"} {
		if bytes.Contains(r.Body, []byte(private)) {
			t.Errorf("the clip's answer holds %q: %s", private, r.Body)
		}
	}
	var v struct{ Data clipView }
	r.JSON(t, &v)
	c := v.Data
	if c.RecordingTitle != "Release standup" || c.Text != "We ship on Friday." || c.Start != 10.2 || c.End != 12.5 ||
		len(c.Speakers) != 1 || c.Speakers[0] != "Ana" || c.AllowDownload {
		t.Fatalf("clip %+v", c)
	}
	if len(c.Segments) != 1 || c.Segments[0].Speaker != "Ana" || c.Segments[0].Start != 10.2 || c.Segments[0].End != 12.5 {
		t.Fatalf("segments %+v", c.Segments)
	}

	var list struct{ Data []clipLink }
	owner.MustOK("GET", "/api/v1/recordings/r1/shares", nil, &list)
	if len(list.Data) != 1 || list.Data[0].HighlightID != hid || list.Data[0].Views != 1 || list.Data[0].LastViewedAt == nil || list.Data[0].Token != "" {
		t.Fatalf("listed %+v", list.Data)
	}
}

// Only the highlight's owner makes its clip: someone else's highlight is
// 404 as if it did not exist, and without signing in 401.
func TestClip_CreateIsTheOwnersOnly(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	standupWithAudio(t, owner, servertest.FakeOgg)
	hid := highlightOf(t, owner)
	if r := s.SignIn(t, "mallory@example.com").Do("POST", "/api/v1/highlights/"+hid+"/share", nil); r.Status != 404 {
		t.Fatalf("another user's highlight = %d %s", r.Status, r.Body)
	}
	if r := s.NewClient(t).Do("POST", "/api/v1/highlights/"+hid+"/share", nil); r.Status != 401 {
		t.Fatalf("signed out = %d %s", r.Status, r.Body)
	}
	if r := owner.Do("POST", "/api/v1/highlights/no-such/share", nil); r.Status != 404 {
		t.Fatalf("unknown highlight = %d %s", r.Status, r.Body)
	}
	if r := owner.Do("POST", "/api/v1/highlights/"+hid+"/share", map[string]any{"expiresIn": 5}); r.Status != 400 {
		t.Fatalf("expiresIn 5 = %d %s", r.Status, r.Body)
	}
}

// A clip's token opens no recording (the shared view, its chat), and a
// recording's token opens no clip.
func TestClip_KindsAreKeptApart(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	standupWithAudio(t, owner, servertest.FakeOgg)
	clip := makeClip(t, owner, highlightOf(t, owner), nil)
	var rec clipLink
	owner.MustOK("POST", "/api/v1/recordings/r1/share", nil, &rec)
	visitor := s.NewClient(t)
	if r := visitor.Do("GET", "/api/v1/share/shared/recording?token="+clip.Token, nil); r.Status != 404 || bytes.Contains(r.Body, []byte("Release")) {
		t.Fatalf("clip token on the shared recording = %d %s", r.Status, r.Body)
	}
	if r := visitor.Do("POST", "/api/v1/chat/message/shared", map[string]any{"recordingId": "r1", "message": "Summary?", "shareToken": clip.Token}); r.Status != 404 {
		t.Fatalf("clip token on the shared chat = %d %s", r.Status, r.Body)
	}
	r := openClip(visitor, rec.Token)
	if r.Status != 404 || errorOf(t, r).Code != "SHARED_CLIP_NOT_FOUND" {
		t.Fatalf("recording token on the clip = %d %s", r.Status, r.Body)
	}
}

// rangeOf asks a clip's audio for one byte range.
func rangeOf(c *servertest.Client, token, spec string) servertest.Response {
	return c.DoWith("GET", "/api/v1/share/"+token+"/audio", nil, http.Header{"Range": {spec}})
}

// A clip's audio is the recording's cut to the clip's range: a valid Ogg
// stream much shorter than the recording, whose byte ranges are the cut's,
// so a byte beyond it is 416 and no request reaches the rest of the file.
func TestClip_AudioPlaysOnlyTheRange(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	full := opusFixture(t)
	standupWithAudio(t, owner, full)
	l := makeClip(t, owner, highlightOf(t, owner), nil)
	visitor := s.NewClient(t)

	r := visitor.Do("GET", "/api/v1/share/"+l.Token+"/audio", nil)
	if r.Status != 200 || r.Header.Get("Content-Type") != "audio/ogg" || !bytes.HasPrefix(r.Body, []byte("OggS")) ||
		r.Header.Get("Content-Disposition") != "inline" {
		t.Fatalf("clip audio = %d %v", r.Status, r.Header)
	}
	clip := r.Body
	if len(clip) >= len(full)/5 || bytes.Contains(full[len(full)-2000:], clip[len(clip)-500:]) {
		t.Fatalf("clip audio is %d of the recording's %d bytes, or ends where the recording does", len(clip), len(full))
	}
	from, err1 := strconv.ParseFloat(r.Header.Get("X-Clip-Start"), 64)
	to, err2 := strconv.ParseFloat(r.Header.Get("X-Clip-End"), 64)
	if err1 != nil || err2 != nil || from > 10.2 || from < 9 || to < 12.5 || to > 14 {
		t.Fatalf("X-Clip-Start %v X-Clip-End %v", from, to)
	}
	r = rangeOf(visitor, l.Token, "bytes=0-3")
	if r.Status != 206 || string(r.Body) != "OggS" || r.Header.Get("Content-Range") != fmt.Sprintf("bytes 0-3/%d", len(clip)) {
		t.Fatalf("first bytes = %d %v", r.Status, r.Header)
	}
	for _, outside := range []string{fmt.Sprintf("bytes=%d-", len(clip)), fmt.Sprintf("bytes=%d-%d", len(full)-100, len(full)-1)} {
		if r := rangeOf(visitor, l.Token, outside); r.Status != 416 || bytes.Contains(r.Body, []byte("OggS")) {
			t.Fatalf("%s = %d %q", outside, r.Status, r.Body)
		}
	}
	if r := visitor.Do("GET", "/api/v1/share/"+l.Token+"/audio?download=1", nil); r.Status != 403 || errorOf(t, r).Code != "DOWNLOAD_NOT_ALLOWED" {
		t.Fatalf("download of a clip that does not allow it = %d %s", r.Status, r.Body)
	}
	allowed := makeClip(t, owner, highlightOf(t, owner), map[string]any{"allowDownload": true})
	r = visitor.Do("GET", "/api/v1/share/"+allowed.Token+"/audio?download=1", nil)
	if r.Status != 200 || !strings.Contains(r.Header.Get("Content-Disposition"), "clip.") || !bytes.Equal(r.Body, clip) {
		t.Fatalf("download = %d %v", r.Status, r.Header)
	}
}

// A recording whose audio cannot be cut (MP3) plays no clip, rather than
// the whole file.
func TestClip_AudioThatCannotBeCutIsUnavailable(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	standupWithAudio(t, owner, append([]byte("ID3\x03\x00\x00\x00\x00\x00\x00"), make([]byte, 5000)...))
	l := makeClip(t, owner, highlightOf(t, owner), nil)
	r := s.NewClient(t).Do("GET", "/api/v1/share/"+l.Token+"/audio", nil)
	if r.Status != 404 || errorOf(t, r).Code != "CLIP_AUDIO_UNAVAILABLE" || bytes.Contains(r.Body, []byte("ID3")) {
		t.Fatalf("MP3 clip = %d %s", r.Status, r.Body)
	}
}

// A revoked clip opens nothing (401), an expired one 410, as share links.
func TestClip_RevokedAndExpiredOpenNothing(t *testing.T) {
	clock := fakeclock.New(time.Now())
	s := servertest.Start(t, nil, servertest.ShareClock(clock.Now))
	owner := s.SignIn(t, "owner@example.com")
	standupWithAudio(t, owner, opusFixture(t))
	hid := highlightOf(t, owner)
	revoked := makeClip(t, owner, hid, nil)
	expiring := makeClip(t, owner, hid, map[string]any{"expiresIn": 60})
	owner.MustOK("DELETE", "/api/v1/share/"+revoked.Token, nil)
	visitor := s.NewClient(t)
	if r := openClip(visitor, expiring.Token); r.Status != 200 {
		t.Fatalf("before expiry = %d %s", r.Status, r.Body)
	}
	clock.Advance(time.Minute)
	for token, want := range map[string]int{revoked.Token: 401, expiring.Token: 410} {
		if r := openClip(visitor, token); r.Status != want {
			t.Errorf("open %s = %d %s, want %d", token[:4], r.Status, r.Body, want)
		}
		if r := visitor.Do("GET", "/api/v1/share/"+token+"/audio", nil); r.Status != want || bytes.Contains(r.Body, []byte("OggS")) {
			t.Errorf("audio %s = %d, want %d", token[:4], r.Status, want)
		}
	}
}

// A protected clip answers PASSWORD_REQUIRED (view and audio) until the
// right password sets its cookie; a wrong one is WRONG_PASSWORD.
func TestClip_PasswordAppliesAsToShareLinks(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	standupWithAudio(t, owner, opusFixture(t))
	l := makeClip(t, owner, highlightOf(t, owner), map[string]any{"password": secret})
	if !l.Protected {
		t.Fatalf("created %+v", l)
	}
	visitor := s.NewClient(t)
	for _, path := range []string{"/api/v1/share/shared/clip?token=" + l.Token, "/api/v1/share/" + l.Token + "/audio"} {
		r := visitor.Do("GET", path, nil)
		if r.Status != 401 || errorOf(t, r).Code != "PASSWORD_REQUIRED" || bytes.Contains(r.Body, []byte("Friday")) {
			t.Fatalf("%s before unlock = %d %s", path, r.Status, r.Body)
		}
	}
	if r := unlock(visitor, l.Token, "guess"); r.Status != 401 || errorOf(t, r).Code != "WRONG_PASSWORD" {
		t.Fatalf("wrong password = %d %s", r.Status, r.Body)
	}
	if r := unlock(visitor, l.Token, secret); r.Status != 200 {
		t.Fatalf("unlock = %d %s", r.Status, r.Body)
	}
	if r := openClip(visitor, l.Token); r.Status != 200 || !bytes.Contains(r.Body, []byte("Friday")) {
		t.Fatalf("after unlock = %d %s", r.Status, r.Body)
	}
	if r := visitor.Do("GET", "/api/v1/share/"+l.Token+"/audio", nil); r.Status != 200 {
		t.Fatalf("audio after unlock = %d", r.Status)
	}
	if r := openClip(s.NewClient(t), l.Token); r.Status != 401 {
		t.Fatalf("another browser = %d", r.Status)
	}
}

// Wrong passwords on a clip are limited as on a share link: past the
// limit, 429 TOO_MANY_ATTEMPTS even for the right one.
func TestClip_WrongPasswordsAreLimited(t *testing.T) {
	s := servertest.StartEnv(t, map[string]string{"POCKET_SHARE_PASSWORD_ATTEMPTS": "2"}, nil)
	owner := s.SignIn(t, "owner@example.com")
	standupWithAudio(t, owner, servertest.FakeOgg)
	l := makeClip(t, owner, highlightOf(t, owner), map[string]any{"password": secret})
	visitor := s.NewClient(t)
	for range 2 {
		unlock(visitor, l.Token, "guess")
	}
	if r := unlock(visitor, l.Token, secret); r.Status != 429 || errorOf(t, r).Code != "TOO_MANY_ATTEMPTS" {
		t.Fatalf("past the limit = %d %s", r.Status, r.Body)
	}
}

// Deleting the highlight, or its recording, revokes its clips at once.
func TestClip_DeletingTheHighlightOrRecordingRevokesIt(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	standupWithAudio(t, owner, opusFixture(t))
	first := highlightOf(t, owner)
	second := highlightOf(t, owner)
	a, b := makeClip(t, owner, first, nil), makeClip(t, owner, second, nil)
	visitor := s.NewClient(t)

	if n := shareLinksUsed(t, owner); n != 2 {
		t.Fatalf("two clips count as %d share links", n)
	}
	owner.MustOK("DELETE", "/api/v1/highlights/"+first, nil)
	if r := openClip(visitor, a.Token); r.Status != 401 || errorOf(t, r).Code != "INVALID_SHARE_TOKEN" {
		t.Fatalf("after the highlight's delete = %d %s", r.Status, r.Body)
	}
	if r := openClip(visitor, b.Token); r.Status != 200 {
		t.Fatalf("the other highlight's clip = %d %s", r.Status, r.Body)
	}
	var list struct{ Data []clipLink }
	owner.MustOK("GET", "/api/v1/recordings/r1/shares", nil, &list)
	for _, l := range list.Data {
		if (l.HighlightID == first) != (l.RevokedAt != nil) {
			t.Fatalf("listed %+v", l)
		}
	}
	// A device's delete through sync revokes as the REST delete does.
	third := highlightOf(t, owner)
	c := makeClip(t, owner, third, nil)
	push := owner.Do("POST", "/pocket.sync.v1.SyncService/Push", map[string]any{"mutations": []any{
		map[string]any{"idempotencyKey": "d1", "deleteHighlight": map[string]any{"id": third}},
	}})
	if push.Status != 200 || !strings.Contains(string(push.Body), "OUTCOME_APPLIED") {
		t.Fatalf("push = %d %s", push.Status, push.Body)
	}
	if r := openClip(visitor, c.Token); r.Status != 401 {
		t.Fatalf("after a device's delete = %d %s", r.Status, r.Body)
	}
	owner.MustOK("DELETE", "/api/v1/recordings/r1", nil)
	if r := openClip(visitor, b.Token); r.Status != 401 {
		t.Fatalf("after the recording's delete = %d %s", r.Status, r.Body)
	}
	if n := shareLinksUsed(t, owner); n != 0 {
		t.Fatalf("revoked clips still count as %d share links", n)
	}
}

// shareLinksUsed is the owner's count of live share links in their usage.
func shareLinksUsed(t *testing.T, owner *servertest.Client) int64 {
	t.Helper()
	var usage struct {
		Data struct {
			Items []struct {
				ID   string
				Used *int64
			}
		}
	}
	owner.MustOK("GET", "/api/v1/usage", nil, &usage)
	for _, it := range usage.Data.Items {
		if it.ID == "shareLinks" && it.Used != nil {
			return *it.Used
		}
	}
	t.Fatal("usage has no shareLinks")
	return 0
}

// A clip's page carries its link preview (the recording's title, the
// passage) and noindex; a protected clip's names nothing of the recording.
func TestClip_PageHasALinkPreview(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	standupWithAudio(t, owner, servertest.FakeOgg)
	hid := highlightOf(t, owner)
	open, locked := makeClip(t, owner, hid, nil), makeClip(t, owner, hid, map[string]any{"password": secret})
	visitor := s.NewClient(t)
	r := visitor.Do("GET", "/shared/clip?token="+open.Token, nil)
	page := string(r.Body)
	if r.Status != 200 || !strings.Contains(page, `<meta property="og:title" content="Release standup">`) ||
		!strings.Contains(page, `<meta property="og:description" content="We ship on Friday.">`) ||
		!strings.Contains(page, `<meta name="robots" content="noindex, nofollow">`) || r.Header.Get("X-Robots-Tag") == "" ||
		strings.Count(page, "<title>") != 1 {
		t.Fatalf("open clip's page = %d %s", r.Status, page)
	}
	r = visitor.Do("GET", "/shared/clip?token="+locked.Token, nil)
	if page := string(r.Body); r.Status != 200 || strings.Contains(page, "Release") || strings.Contains(page, "Friday") ||
		!strings.Contains(page, "noindex") {
		t.Fatalf("protected clip's page = %d %s", r.Status, page)
	}
	// The preview is no visit: the owner's list counts none.
	var list struct{ Data []clipLink }
	owner.MustOK("GET", "/api/v1/recordings/r1/shares", nil, &list)
	for _, l := range list.Data {
		if l.Views != 0 {
			t.Fatalf("the page's preview counted a view: %+v", l)
		}
	}
}
