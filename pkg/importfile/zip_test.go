package importfile

import (
	"archive/zip"
	"bytes"
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
		w.Write([]byte(body))
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
