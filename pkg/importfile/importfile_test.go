package importfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRead_DirectoriesFilesAndArrays(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "b.json", `{"recording":{"id":"b"}}`)
	write(t, dir, "a.json", `[{"recording":{"id":"a1"}},{"recording":{"id":"a2"}}]`)
	write(t, dir, "nested/c.JSON", `{"recording":{"id":"c"}}`)
	write(t, dir, "notes.txt", `not a recording`)
	single := write(t, t.TempDir(), "d.json", ` {"recording":{"id":"d"}} `)

	items, err := Read(dir, single)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, it := range items {
		ids = append(ids, it.Source[strings.LastIndex(it.Source, "/")+1:])
	}
	want := "a.json[0] a.json[1] b.json c.JSON d.json"
	if strings.Join(ids, " ") != want {
		t.Fatalf("sources = %v, want %s", ids, want)
	}
}

func TestRead_NamesTheBrokenFile(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "good.json", `{}`)
	bad := write(t, dir, "bad.json", `{"recording":`)
	_, err := Read(dir)
	if err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("error %v must name %s", err, bad)
	}
	if _, err := Read(filepath.Join(dir, "missing.json")); err == nil {
		t.Fatal("a missing path must fail")
	}
}
