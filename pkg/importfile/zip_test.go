package importfile

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeZip(t *testing.T, entries map[string]string) string {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, body := range entries {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte(body))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "backup.zip")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRead_ZipEntriesInNameOrder(t *testing.T) {
	p := writeZip(t, map[string]string{
		"recordings/b.json": `{"recording":{"id":"b"}}`,
		"recordings/a.json": `{"recording":{"id":"a"}}`,
		"README.txt":        "not a recording",
	})
	items, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || items[0].Source != p+":recordings/a.json" || string(items[1].Data) != `{"recording":{"id":"b"}}` {
		t.Fatalf("items = %+v", items)
	}
}

func TestRead_ZipRefusals(t *testing.T) {
	bad := writeZip(t, map[string]string{"x.json": `{"recording":`})
	if _, err := Read(bad); err == nil || !strings.Contains(err.Error(), "x.json") {
		t.Fatalf("a broken entry must be named, got %v", err)
	}
	notZip := write(t, t.TempDir(), "fake.zip", "plain text")
	if _, err := Read(notZip); err == nil || !strings.Contains(err.Error(), "not a readable zip archive") {
		t.Fatalf("got %v", err)
	}
	huge := writeZip(t, map[string]string{"big.json": `"` + strings.Repeat("a", MaxEntryBytes) + `"`})
	if _, err := Read(huge); err == nil || !strings.Contains(err.Error(), "uncompressed") {
		t.Fatalf("got %v", err)
	}
}

// A backup keeps each recording's audio beside its JSON under the same name:
// each item reads its own sound, and an array entry (several recordings)
// claims none.
func TestRead_ZipAudioBesideItsRecording(t *testing.T) {
	p := writeZip(t, map[string]string{
		"recordings/00001-a.json": `{"recording":{"id":"a"}}`,
		"recordings/00001-a.opus": "OggS a's sound",
		"recordings/00002-b.json": `{"recording":{"id":"b"}}`,
		"recordings/00003-c.json": `[{"recording":{"id":"c1"}},{"recording":{"id":"c2"}}]`,
		"recordings/00003-c.mp3":  "ID3 whose?",
	})
	items, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 4 {
		t.Fatalf("items = %+v", items)
	}
	if items[0].OpenAudio == nil || items[0].Audio != p+":recordings/00001-a.opus" {
		t.Fatalf("a's audio = %q", items[0].Audio)
	}
	r, err := items[0].OpenAudio()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(r)
	if err := r.Close(); err != nil || string(got) != "OggS a's sound" {
		t.Fatalf("a's sound = %q, close %v", got, err)
	}
	for _, it := range items[1:] {
		if it.OpenAudio != nil || it.Audio != "" {
			t.Fatalf("%s claims audio %q", it.Source, it.Audio)
		}
	}
}
