package servertest

import (
	"bytes"
	"mime/multipart"
	"net/http"
)

// FakeOgg is a few bytes the audio store takes for an Ogg file.
var FakeOgg = append([]byte("OggS"), make([]byte, 200)...)

// PostWithAudio sends a device's multipart upload: the import object
// (JSON) and its audio, and answers whatever the server does.
func (c *Client) PostWithAudio(importObject, sound []byte) Response {
	c.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	rec, _ := mw.CreateFormFile("recording", "recording.json")
	_, _ = rec.Write(importObject)
	snd, _ := mw.CreateFormFile("audio", "audio")
	_, _ = snd.Write(sound)
	_ = mw.Close()
	return c.DoWith("POST", "/api/v1/recordings", buf.Bytes(), http.Header{"Content-Type": {mw.FormDataContentType()}})
}

// UploadWithAudio stores a recording of that id and title with audio, and
// fails the test unless it is created.
func (c *Client) UploadWithAudio(id, title string, sound []byte) {
	c.t.Helper()
	if r := c.PostWithAudio([]byte(`{"recording":{"id":"`+id+`","title":"`+title+`"}}`), sound); r.Status != http.StatusCreated {
		c.t.Fatalf("upload with audio: %d %s", r.Status, r.Body)
	}
}
