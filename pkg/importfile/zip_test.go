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

func TestRead_ZipRootLibraryIsTheLibraryNeverARecording(t *testing.T) {
	lib := `{"folders":[{"id":"f1","name":"Work","parent_id":null,"createdAt":"2026-01-02T03:04:05Z","templateId":"meeting"},` +
		`{"id":"f2","name":"Plans","parent_id":"f1","createdAt":"2026-01-02T03:04:06Z","templateId":null}],` +
		`"templates":[{"id":"tpl_1","name":"Standup","sections":[{"heading":"Today","instruction":""}],"builtin":false}]}`
	p := writeZip(t, map[string]string{
		"recordings/a.json":      `{"recording":{"id":"a"}}`,
		"library.json":           lib,
		"recordings/b.json":      `{"recording":{"id":"b"}}`,
		"old/library.json":       `{"recording":{"id":"c"}}`, // not at the root: a recording like any other
		"Library.JSON":           `{"recording":{"id":"d"}}`, // not exactly the name
		"recordings/library.ogg": "sound of nothing",
	})
	items, err := Read(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 5 || !items[0].Library || items[0].Source != p+":library.json" || items[0].OpenAudio != nil {
		t.Fatalf("items = %+v, want the library first and four recordings", items)
	}
	for _, it := range items[1:] {
		if it.Library || strings.Contains(string(it.Data), "folders") {
			t.Fatalf("%s read as %s (library %v)", it.Source, it.Data, it.Library)
		}
	}
	got, err := ParseLibrary(items[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Folders) != 2 || got.Folders[1].ParentID == nil || *got.Folders[1].ParentID != "f1" ||
		got.Folders[0].TemplateID == nil || *got.Folders[0].TemplateID != "meeting" ||
		len(got.Templates) != 1 || got.Templates[0].ID != "tpl_1" || got.Templates[0].Sections[0].Heading != "Today" {
		t.Fatalf("library = %+v", got)
	}

	broken := writeZip(t, map[string]string{"library.json": `{"folders": 3}`})
	items, err = Read(broken)
	if err != nil || len(items) != 1 || !items[0].Library {
		t.Fatalf("items = %+v (%v)", items, err)
	}
	if _, err := ParseLibrary(items[0]); err == nil || !strings.Contains(err.Error(), "library.json") {
		t.Fatalf("a broken library must be named, got %v", err)
	}
}
