package importfile

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReader_FindsTheAudioBesideEachFileOfOneRecording(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write("a.json", `{"recording":{"id":"a"}}`)
	write("a.OPUS", "sound")
	write("b.json", `{"recording":{"id":"b"}}`)
	write("c.json", `[{"recording":{"id":"c"}}]`) // a list: its items get no audio
	write("c.mp3", "sound")
	write("d.json", `{"recording":{"id":"d"}}`)
	if err := os.Mkdir(filepath.Join(dir, "d.wav"), 0o700); err != nil { // a directory is not a sound
		t.Fatal(err)
	}
	var r Reader
	want := map[string]string{"a.json": filepath.Join(dir, "a.OPUS"), "b.json": "", "c.json": "", "d.json": ""}
	for name, audio := range want {
		items, err := r.ReadFile(filepath.Join(dir, name))
		if err != nil || len(items) != 1 {
			t.Fatalf("%s: %v, %d items", name, err, len(items))
		}
		if items[0].Audio != audio || (audio != "") != (items[0].OpenAudio != nil) {
			t.Fatalf("%s: audio %q (opener %v), want %q", name, items[0].Audio, items[0].OpenAudio != nil, audio)
		}
	}
	// A sound added after the directory was listed is not seen by this Reader; a new one sees it.
	write("b.m4a", "sound")
	if items, _ := r.ReadFile(filepath.Join(dir, "b.json")); items[0].Audio != "" {
		t.Fatalf("listed once: got %q", items[0].Audio)
	}
	var fresh Reader
	if items, _ := fresh.ReadFile(filepath.Join(dir, "b.json")); items[0].Audio != filepath.Join(dir, "b.m4a") {
		t.Fatalf("a new Reader: got %q", items[0].Audio)
	}
}
