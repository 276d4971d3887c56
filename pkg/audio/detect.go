// Package audio keeps the sound of recordings: files under the data directory
// (Badger's value log is a poor home for large blobs, and serving byte ranges
// wants a seekable file), with each one's content type, size and sha256 in the
// store under audio/<uid>/<recordingId>. It knows nothing of HTTP.
package audio

import "bytes"

// Kinds names the formats a device may upload, for messages.
const Kinds = "Opus/Ogg, MP3, M4A or WAV"

// sniffLen is how many leading bytes Detect needs to decide.
const sniffLen = 16

// Detect names the audio format of a file from its first bytes (magic
// numbers), or returns ok=false. http.DetectContentType is not used: it knows
// neither M4A nor an MP3 without an ID3 tag.
func Detect(head []byte) (contentType string, ok bool) {
	switch {
	case bytes.HasPrefix(head, []byte("OggS")):
		return "audio/ogg", true
	case bytes.HasPrefix(head, []byte("ID3")), mpegFrameSync(head):
		return "audio/mpeg", true
	case len(head) >= 12 && string(head[4:8]) == "ftyp":
		return "audio/mp4", true
	case len(head) >= 12 && string(head[0:4]) == "RIFF" && string(head[8:12]) == "WAVE":
		return "audio/wav", true
	}
	return "", false
}

// mpegFrameSync is an MPEG audio frame header: 11 sync bits, a version that is
// not "reserved" and a layer that is not "reserved" (layer 00 is ADTS AAC).
func mpegFrameSync(h []byte) bool {
	if len(h) < 2 || h[0] != 0xFF || h[1]&0xE0 != 0xE0 {
		return false
	}
	version := (h[1] >> 3) & 0x3
	layer := (h[1] >> 1) & 0x3
	return version != 1 && layer != 0
}

// Ext is the usual file extension of a content type Detect returns.
func Ext(contentType string) string {
	switch contentType {
	case "audio/ogg":
		return ".ogg"
	case "audio/mpeg":
		return ".mp3"
	case "audio/mp4":
		return ".m4a"
	case "audio/wav":
		return ".wav"
	}
	return ""
}
