package importfile

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead: any file content gives either a clear error or recording objects
// that are each valid JSON, never a panic.
func FuzzRead(f *testing.F) {
	for _, s := range []string{`{"recording":{"id":"a"}}`, `[{"a":1},{"b":2}]`, ` [ ] `, `[1,"x",null]`, `{`, `[{]`, "\ufeff{}", ``} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "upload.json")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		items, err := Read(path)
		if err != nil {
			return
		}
		for _, it := range items {
			if !json.Valid(it.Data) {
				t.Fatalf("item %s is not valid JSON: %q", it.Source, it.Data)
			}
		}
	})
}
