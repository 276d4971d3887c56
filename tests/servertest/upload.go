package servertest

import (
	"bytes"
	"mime/multipart"
	"net/http"
)

// FakeOgg is a few bytes the audio store takes for an Ogg file.
var FakeOgg = append([]byte("OggS"), make([]byte, 200)...)

// UploadWithAudio stores a recording of that id and title with audio, as a
// device's multipart upload does, and fails the test unless it is created.
func (c *Client) UploadWithAudio(id, title string, sound []byte) {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	rec, _ := mw.CreateFormFile("recording", "recording")
	_, _ = rec.Write([]byte(`{"recording":{"id":"` + id + `","title":"` + title + `"}}`))
	snd, _ := mw.CreateFormFile("audio", "audio")
	_, _ = snd.Write(sound)
	_ = mw.Close()
	r := c.DoWith("POST", "/api/v1/recordings", buf.Bytes(), http.Header{"Content-Type": {mw.FormDataContentType()}})
	if r.Status != http.StatusCreated {
		c.t.Fatalf("upload with audio: %d %s", r.Status, r.Body)
	}
}
