package recordings

import (
	"bytes"

	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oggBytes is n bytes that start like an Ogg file: the server checks the
// magic number and serves bytes, so no real audio is needed here.
func oggBytes(n int) []byte {
	b := make([]byte, n)
	copy(b, "OggS")
	for i := 4; i < n; i++ {
		b[i] = byte(i % 251)
	}
	return b
}

// multipartBody builds an upload of parts, in order: name -> content.
func multipartBody(t *testing.T, parts ...[2]string) (string, []byte) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		w, err := mw.CreateFormFile(p[0], p[0])
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte(p[1]))
	}
	mw.Close()
	return mw.FormDataContentType(), buf.Bytes()
}

func (e *env) send(req *http.Request) (*http.Response, []byte) {
	e.t.Helper()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, body
}

func (e *env) uploadMultipart(token string, parts ...[2]string) (*http.Response, []byte) {
	e.t.Helper()
	ctype, body := multipartBody(e.t, parts...)
	req, _ := http.NewRequestWithContext(e.t.Context(), "POST", e.srv.URL+"/api/v1/recordings", bytes.NewReader(body))
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("Authorization", "Bearer "+token)
	return e.send(req)
}

// getAudio fetches path with an optional bearer token and Range header.
func (e *env) getAudio(path, token, rng string) (*http.Response, []byte) {
	e.t.Helper()
	req, _ := http.NewRequestWithContext(e.t.Context(), "GET", e.srv.URL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if rng != "" {
		req.Header.Set("Range", rng)
	}
	return e.send(req)
}

const birthday = "rec_08_voice_note_birthday"

func (e *env) uploadWithAudio(sound []byte) {
	e.t.Helper()
	res, body := e.uploadMultipart("alice-token", [2]string{"recording", fixture(e.t, "08-voice-note-birthday-ideas.json")}, [2]string{"audio", string(sound)})
	if res.StatusCode != http.StatusCreated {
		e.t.Fatalf("upload: %d %s", res.StatusCode, body)
	}
}

func TestAudio_UploadedWithTheRecordingAndServedInRanges(t *testing.T) {
	e := newEnv(t)
	sound := oggBytes(5000)
	e.uploadWithAudio(sound)

	detail := dataMap(e.want(e.do("GET", "/api/v1/recordings/"+birthday, "alice-token", nil), 200))
	info, _ := detail["recording"].(map[string]any)["audio"].(map[string]any)
	if info["contentType"] != "audio/ogg" || info["size"] != float64(len(sound)) {
		t.Fatalf("detail recording.audio = %v", info)
	}

	path := "/api/v1/recordings/" + birthday + "/audio"
	res, body := e.getAudio(path, "alice-token", "")
	if res.StatusCode != 200 || !bytes.Equal(body, sound) || res.Header.Get("Content-Type") != "audio/ogg" ||
		res.Header.Get("Cache-Control") != "private" || res.Header.Get("ETag") == "" || res.Header.Get("Accept-Ranges") != "bytes" {
		t.Fatalf("whole file: %d %v (%d bytes)", res.StatusCode, res.Header, len(body))
	}

	res, body = e.getAudio(path, "alice-token", "bytes=100-199")
	if res.StatusCode != http.StatusPartialContent || !bytes.Equal(body, sound[100:200]) || res.Header.Get("Content-Range") != "bytes 100-199/5000" {
		t.Fatalf("single range: %d %q, %d bytes", res.StatusCode, res.Header.Get("Content-Range"), len(body))
	}
	res, body = e.getAudio(path, "alice-token", "bytes=-300")
	if res.StatusCode != http.StatusPartialContent || !bytes.Equal(body, sound[4700:]) || res.Header.Get("Content-Range") != "bytes 4700-4999/5000" {
		t.Fatalf("suffix range: %d %q, %d bytes", res.StatusCode, res.Header.Get("Content-Range"), len(body))
	}
	res, _ = e.getAudio(path, "alice-token", "bytes=5000-")
	if res.StatusCode != http.StatusRequestedRangeNotSatisfiable || res.Header.Get("Content-Range") != "bytes */5000" {
		t.Fatalf("unsatisfiable range: %d %q", res.StatusCode, res.Header.Get("Content-Range"))
	}
}

func TestAudio_OnlyTheOwnerHearsIt(t *testing.T) {
	e := newEnv(t)
	e.uploadWithAudio(oggBytes(1000))
	path := "/api/v1/recordings/" + birthday + "/audio"
	if res, body := e.getAudio(path, "bob-token", ""); res.StatusCode != 404 || bytes.Contains(body, []byte("OggS")) {
		t.Fatalf("another user: %d %s", res.StatusCode, body)
	}
	e.want(e.do("GET", path+"/link", "bob-token", nil), 404)
	if res, _ := e.getAudio(path, "", ""); res.StatusCode != 401 {
		t.Fatalf("no credentials: %d", res.StatusCode)
	}
	if res, _ := e.getAudio(path, "forged", ""); res.StatusCode != 401 {
		t.Fatalf("forged token: %d", res.StatusCode)
	}

	// The player's signed link plays without headers, for this recording only.
	link := dataMap(e.want(e.do("GET", path+"/link", "alice-token", nil), 200))["url"].(string)
	if res, body := e.getAudio(link, "", "bytes=0-3"); res.StatusCode != 206 || string(body) != "OggS" {
		t.Fatalf("signed link: %d %q", res.StatusCode, body)
	}
	tampered := strings.Replace(link, "t=", "t=9", 1)
	if res, _ := e.getAudio(tampered, "", ""); res.StatusCode != 401 {
		t.Fatalf("tampered link: %d", res.StatusCode)
	}
	e.upload("alice-token", `{"recording":{"id":"other","title":"Other"}}`)
	elsewhere := strings.Replace(link, birthday, "other", 1)
	if res, _ := e.getAudio(elsewhere, "", ""); res.StatusCode != 401 {
		t.Fatalf("link used for another recording: %d", res.StatusCode)
	}
	e.want(e.do("GET", "/api/v1/recordings/other/audio/link", "alice-token", nil), 404)
}

func TestAudio_UploadRefusals(t *testing.T) {
	e := newEnv(t)
	old := maxAudioBytes
	maxAudioBytes = 4096
	t.Cleanup(func() { maxAudioBytes = old })
	rec := fixture(t, "08-voice-note-birthday-ideas.json")
	cases := []struct {
		name   string
		parts  [][2]string
		status int
		code   string
	}{
		{"png", [][2]string{{"recording", rec}, {"audio", "\x89PNG\r\n\x1a\n" + strings.Repeat("x", 100)}}, 415, "AUDIO_TYPE_UNSUPPORTED"},
		{"text", [][2]string{{"audio", "hello, this is not audio at all"}, {"recording", rec}}, 415, "AUDIO_TYPE_UNSUPPORTED"},
		{"too large", [][2]string{{"recording", rec}, {"audio", string(oggBytes(4097))}}, 413, "AUDIO_TOO_LARGE"},
		{"empty audio", [][2]string{{"recording", rec}, {"audio", ""}}, 400, "INVALID_ARGUMENT"},
		{"no recording part", [][2]string{{"audio", string(oggBytes(100))}}, 400, "INVALID_ARGUMENT"},
		{"unknown part", [][2]string{{"recording", rec}, {"picture", "x"}}, 400, "INVALID_ARGUMENT"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			parts := c.parts
			res, body := e.uploadMultipart("alice-token", parts...)
			if res.StatusCode != c.status || !strings.Contains(string(body), `"code":"`+c.code+`"`) || !strings.Contains(string(body), `"message":"`) {
				t.Fatalf("%d %s, want %d %s", res.StatusCode, body, c.status, c.code)
			}
			// Nothing of a refused upload is kept: no recording, no file.
			e.want(e.do("GET", "/api/v1/recordings/"+birthday, "alice-token", nil), 404)
			if left := filesUnder(t, e.files); len(left) > 0 {
				t.Fatalf("files left behind: %v", left)
			}
		})
	}
	if res, body := e.uploadMultipart("alice-token", [2]string{"recording", rec}, [2]string{"audio", string(oggBytes(4096))}); res.StatusCode != 201 {
		t.Fatalf("audio at the limit: %d %s", res.StatusCode, body)
	}
}

func TestAudio_DeletingTheRecordingRemovesTheFile(t *testing.T) {
	e := newEnv(t)
	e.uploadWithAudio(oggBytes(2000))
	if !e.files.Exists("alice", birthday) {
		t.Fatal("no file after upload")
	}
	e.want(e.do("DELETE", "/api/v1/recordings/"+birthday, "alice-token", nil), 200)
	if e.files.Exists("alice", birthday) {
		t.Fatal("the file outlived its recording")
	}
	if res, _ := e.getAudio("/api/v1/recordings/"+birthday+"/audio", "alice-token", ""); res.StatusCode != 404 {
		t.Fatalf("audio of a deleted recording: %d", res.StatusCode)
	}
}

// filesUnder lists regular files in the audio directory (temporary ones too).
func filesUnder(t *testing.T, files interface{ Dir() string }) []string {
	t.Helper()
	var out []string
	err := filepath.Walk(files.Dir(), func(p string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
