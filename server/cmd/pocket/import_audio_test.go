package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// `pocket import FILE.json` stores the audio file of the same base name
// beside it; the server then plays it to the owner, and deleting the
// recording removes the file from the data directory.
func TestImport_PicksUpTheAudioBesideTheJSON(t *testing.T) {
	src := t.TempDir()
	raw, err := os.ReadFile("../../../fixtures/recordings/08-voice-note-birthday-ideas.json")
	if err != nil {
		t.Fatal(err)
	}
	sound := append([]byte("OggS"), bytes.Repeat([]byte{7, 1, 9}, 3000)...)
	for name, data := range map[string][]byte{"birthday.json": raw, "birthday.opus": sound} {
		if err := os.WriteFile(filepath.Join(src, name), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}

	dir := t.TempDir()
	out, err := exec.Command(binary, "import", "--user", "listener@example.com", "--data-dir", dir, filepath.Join(src, "birthday.json")).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "1 with audio") {
		t.Fatalf("import: %v\n%s", err, out)
	}
	p := startServe(t, dir)
	defer p.stop()
	token := p.signIn("listener@example.com")
	status, got, err := send("GET", p.url+"/api/v1/recordings/rec_08_voice_note_birthday/audio", token, nil)
	if err != nil || status != 200 || !bytes.Equal(got, sound) {
		t.Fatalf("audio after import = %d (%d bytes) %v", status, len(got), err)
	}
	if n := countFiles(t, filepath.Join(dir, "audio")); n != 1 {
		t.Fatalf("%d files in the audio directory, want 1", n)
	}
	if status, raw, err := send("DELETE", p.url+"/api/v1/recordings/rec_08_voice_note_birthday", token, nil); err != nil || status != 200 {
		t.Fatalf("delete = %d %s %v", status, raw, err)
	}
	if n := countFiles(t, filepath.Join(dir, "audio")); n != 0 {
		t.Fatalf("%d files left in the audio directory after the delete", n)
	}
}

func countFiles(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	err := filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && info.Mode().IsRegular() {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
