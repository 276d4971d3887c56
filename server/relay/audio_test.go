package relay_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestRelay_AudioRangesPassThroughAndAreNeverCached: an upload with audio
// goes up through the relay; a range request comes back as the upstream's
// 206 with its Content-Range, for the owner's signed link and a share link;
// after the recording is deleted the relay has no copy to answer from.
func TestRelay_AudioRangesPassThroughAndAreNeverCached(t *testing.T) {
	p := startPair(t)
	alice := p.signIn(t, "alice@example.com")
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	w, _ := mw.CreateFormFile("recording", "r1.json")
	_, _ = w.Write([]byte(`{"recording":{"id":"r1","title":"Voice note"}}`))
	w, _ = mw.CreateFormFile("audio", "r1.ogg")
	sound := make([]byte, 10000)
	copy(sound, "OggS")
	for i := 4; i < len(sound); i++ {
		sound[i] = byte(i % 253)
	}
	_, _ = w.Write(sound)
	mw.Close()
	if r := alice.DoWith("POST", "/api/v1/recordings", body.Bytes(), http.Header{"Content-Type": {mw.FormDataContentType()}}); r.Status != 201 {
		t.Fatalf("upload through the relay = %d %s", r.Status, r.Body)
	}

	r := alice.DoWith("GET", "/api/v1/recordings/r1/audio", nil, http.Header{"Range": {"bytes=1000-1999"}})
	if r.Status != 206 || !bytes.Equal(r.Body, sound[1000:2000]) || r.Header.Get("Content-Range") != "bytes 1000-1999/10000" ||
		r.Header.Get("Content-Type") != "audio/ogg" || r.Header.Get("ETag") == "" || r.Header.Get("Accept-Ranges") != "bytes" {
		t.Fatalf("range through the relay: %d %v (%d bytes)", r.Status, r.Header, len(r.Body))
	}
	etag := r.Header.Get("ETag")
	if r := alice.DoWith("GET", "/api/v1/recordings/r1/audio", nil, http.Header{"If-None-Match": {etag}}); r.Status != 304 {
		t.Fatalf("If-None-Match through the relay: %d", r.Status)
	}
	if r := alice.DoWith("GET", "/api/v1/recordings/r1/audio", nil, http.Header{"Range": {"bytes=20000-"}}); r.Status != 416 {
		t.Fatalf("unsatisfiable range through the relay: %d", r.Status)
	}

	var link struct{ Data struct{ URL string } }
	alice.MustOK("GET", "/api/v1/recordings/r1/audio/link", nil, &link)
	visitor := p.relay.NewClient(t)
	if r := visitor.DoWith("GET", link.Data.URL, nil, http.Header{"Range": {"bytes=-4"}}); r.Status != 206 || !bytes.Equal(r.Body, sound[9996:]) {
		t.Fatalf("signed link through the relay: %d %q", r.Status, r.Body)
	}
	var share struct{ Token string }
	alice.MustOK("POST", "/api/v1/recordings/r1/share", nil, &share)
	if r := visitor.DoWith("GET", "/api/v1/share/"+share.Token+"/audio", nil, http.Header{"Range": {"bytes=0-3"}}); r.Status != 206 || string(r.Body) != "OggS" {
		t.Fatalf("share link through the relay: %d %q", r.Status, r.Body)
	}

	alice.MustOK("DELETE", "/api/v1/recordings/r1", nil)
	if r := alice.Do("GET", "/api/v1/recordings/r1/audio", nil); r.Status != 404 {
		t.Fatalf("audio of a deleted recording through the relay: %d", r.Status)
	}
	if r := visitor.Do("GET", "/api/v1/share/"+share.Token+"/audio", nil); r.Status != 404 {
		t.Fatalf("share audio of a deleted recording through the relay: %d", r.Status)
	}
}

// TestRelay_RefusesManyRangesBeforeAskingTheUpstream: an upstream that
// answers every range list (as http.ServeContent does, in one multipart body)
// never sees a request for several ranges: the relay answers 416 itself. One
// range still goes through.
func TestRelay_RefusesManyRangesBeforeAskingTheUpstream(t *testing.T) {
	t.Parallel()
	up := newFakeUpstream(t)
	sound := bytes.Repeat([]byte("OggS"), 2500)
	var asked atomic.Int32
	up.mux.HandleFunc("GET /api/v1/share/{token}/audio", func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		w.Header().Set("Content-Type", "audio/ogg")
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(sound))
	})
	relay := startRelay(t, up.URL, nil)
	visitor := relay.NewClient(t)
	many := "bytes=" + strings.Repeat("0-0,", 999) + "0-0"
	if r := visitor.DoWith("GET", "/api/v1/share/tok/audio", nil, http.Header{"Range": {many}}); r.Status != 416 || len(r.Body) > 200 || asked.Load() != 0 {
		t.Fatalf("1,000 ranges through the relay: %d, %d bytes, upstream asked %d times", r.Status, len(r.Body), asked.Load())
	}
	if r := visitor.DoWith("GET", "/api/v1/share/tok/audio", nil, http.Header{"Range": {"bytes=-4"}}); r.Status != 206 || string(r.Body) != "OggS" {
		t.Fatalf("one range through the relay: %d %q", r.Status, r.Body)
	}
}
