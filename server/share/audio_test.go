package share_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// withAudio is sample as a multipart upload with n bytes of Ogg-looking audio.
func withAudio(t *testing.T, recording string, n int) ([]byte, http.Header) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	w, _ := mw.CreateFormFile("recording", "r.json")
	_, _ = w.Write([]byte(recording))
	w, _ = mw.CreateFormFile("audio", "r.ogg")
	sound := make([]byte, n)
	copy(sound, "OggS")
	_, _ = w.Write(sound)
	mw.Close()
	return buf.Bytes(), http.Header{"Content-Type": {mw.FormDataContentType()}}
}

// A share link plays the recording's audio, in ranges, until it is revoked
// or expires; an unknown token plays nothing. Statuses are the shared
// view's: revoked and unknown 401, expired 410, recording deleted 404.
func TestShare_AudioPlaysForAValidLinkOnly(t *testing.T) {
	clock := fakeclock.New(time.Now())
	s := servertest.Start(t, nil, servertest.ShareClock(clock.Now))
	owner := s.SignIn(t, "owner@example.com")
	body, h := withAudio(t, `{"recording":{"id":"r1","title":"Plan"}}`, 3000)
	if r := owner.DoWith("POST", "/api/v1/recordings", body, h); r.Status != 201 {
		t.Fatalf("upload = %d %s", r.Status, r.Body)
	}
	var live, revoked, expired link
	owner.MustOK("POST", "/api/v1/recordings/r1/share", nil, &live)
	owner.MustOK("POST", "/api/v1/recordings/r1/share", nil, &revoked)
	owner.MustOK("DELETE", "/api/v1/share/"+revoked.Token, nil)
	owner.MustOK("POST", "/api/v1/recordings/r1/share", map[string]any{"expiresIn": 60}, &expired)
	clock.Advance(time.Minute)

	visitor := s.NewClient(t)
	r := visitor.DoWith("GET", "/api/v1/share/"+live.Token+"/audio", nil, http.Header{"Range": {"bytes=0-3"}})
	if r.Status != 206 || string(r.Body) != "OggS" || r.Header.Get("Content-Type") != "audio/ogg" || r.Header.Get("Content-Range") != "bytes 0-3/3000" {
		t.Fatalf("valid link: %d %v %q", r.Status, r.Header, r.Body)
	}
	if r.Header.Get("Referrer-Policy") != "no-referrer" || r.Header.Get("Cache-Control") != "private, no-cache" {
		t.Fatalf("shared audio headers %v", r.Header)
	}
	for token, want := range map[string]int{revoked.Token: 401, expired.Token: 410, "no-such-token": 401} {
		r := visitor.Do("GET", "/api/v1/share/"+token+"/audio", nil)
		if r.Status != want || bytes.Contains(r.Body, []byte("OggS")) {
			t.Errorf("token %q: %d %s, want %d", token, r.Status, r.Body, want)
		}
	}
	// Deleting the recording silences its links too.
	owner.MustOK("DELETE", "/api/v1/recordings/r1", nil)
	if r := visitor.Do("GET", "/api/v1/share/"+live.Token+"/audio", nil); r.Status != 404 {
		t.Fatalf("after delete: %d %s", r.Status, r.Body)
	}
}

// TestShare_AudioServesOneRangePerRequest: a public link's audio asked for
// in thousands of one-byte ranges answered a multipart body far larger than
// the file; now several ranges are a 416 naming the size, and one range or
// a suffix range still plays.
func TestShare_AudioServesOneRangePerRequest(t *testing.T) {
	t.Parallel()
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	body, h := withAudio(t, `{"recording":{"id":"r1","title":"Plan"}}`, 30000)
	if r := owner.DoWith("POST", "/api/v1/recordings", body, h); r.Status != 201 {
		t.Fatalf("upload = %d %s", r.Status, r.Body)
	}
	var l link
	owner.MustOK("POST", "/api/v1/recordings/r1/share", nil, &l)
	visitor := s.NewClient(t)
	path := "/api/v1/share/" + l.Token + "/audio"

	many := "bytes=" + strings.Repeat("0-0,", 9999) + "0-0"
	r := visitor.DoWith("GET", path, nil, http.Header{"Range": {many}})
	if r.Status != 416 || r.Header.Get("Content-Range") != "bytes */30000" || len(r.Body) > 200 {
		t.Fatalf("10,000 ranges: %d %v, %d bytes", r.Status, r.Header, len(r.Body))
	}
	if r := visitor.DoWith("GET", path, nil, http.Header{"Range": {"bytes=0-3"}}); r.Status != 206 || string(r.Body) != "OggS" {
		t.Fatalf("one range: %d %q", r.Status, r.Body)
	}
	if r := visitor.DoWith("GET", path, nil, http.Header{"Range": {"bytes=-500"}}); r.Status != 206 || len(r.Body) != 500 ||
		r.Header.Get("Content-Range") != "bytes 29500-29999/30000" {
		t.Fatalf("suffix range: %d %v, %d bytes", r.Status, r.Header, len(r.Body))
	}
	// The owner's signed audio is served the same way.
	if r := owner.DoWith("GET", "/api/v1/recordings/r1/audio", nil, http.Header{"Range": {"bytes=0-1,4-5"}}); r.Status != 416 {
		t.Fatalf("the owner's audio, two ranges: %d", r.Status)
	}
}
