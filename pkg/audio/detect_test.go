package audio

import "testing"

func TestDetect_ByMagicNumbers(t *testing.T) {
	cases := []struct {
		name, head, want string
	}{
		{"ogg", "OggS\x00\x02\x00\x00", "audio/ogg"},
		{"mp3 with ID3 tag", "ID3\x04\x00\x00\x00\x00", "audio/mpeg"},
		{"mp3 frame (MPEG-1 layer III)", "\xff\xfb\x90\x64\x00", "audio/mpeg"},
		{"mp3 frame (MPEG-2 layer III)", "\xff\xf3\x48\xc4\x00", "audio/mpeg"},
		{"m4a", "\x00\x00\x00\x20ftypM4A \x00\x00", "audio/mp4"},
		{"wav", "RIFF\x24\x08\x00\x00WAVEfmt ", "audio/wav"},
		{"adts aac is not mp3", "\xff\xf1\x50\x80", ""},
		{"reserved mpeg version", "\xff\xeb\x90\x64", ""},
		{"avi is RIFF but not WAVE", "RIFF\x24\x08\x00\x00AVI LIST", ""},
		{"png", "\x89PNG\r\n\x1a\n\x00\x00", ""},
		{"text", "hello world", ""},
		{"short", "Og", ""},
	}
	for _, c := range cases {
		got, ok := Detect([]byte(c.head))
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%s: Detect = %q %v, want %q", c.name, got, ok, c.want)
		}
	}
}
