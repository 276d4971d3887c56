package importfile

import (
	"archive/zip"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"
)

// MaxEntryBytes bounds one file inside a zip once uncompressed: a recording is
// at most 32 MiB when uploaded, and a hostile archive must not inflate into
// memory without end.
const MaxEntryBytes = 64 << 20

// readZip reads every *.json entry of a zip archive, in name order, each as a
// file of its own (source "archive.zip:entry.json"). Other entries are
// skipped, as a directory's other files are.
func readZip(file string) ([]Item, error) {
	zr, err := zip.OpenReader(file)
	if err != nil {
		return nil, fmt.Errorf("import: %s: not a readable zip archive: %w", file, err)
	}
	defer zr.Close()
	entries := make([]*zip.File, 0, len(zr.File))
	for _, f := range zr.File {
		if !f.FileInfo().IsDir() && strings.EqualFold(path.Ext(f.Name), ".json") {
			entries = append(entries, f)
		}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name < entries[j].Name })
	var items []Item
	for _, f := range entries {
		data, err := readEntry(f)
		if err != nil {
			return nil, fmt.Errorf("import: %s:%s: %w", file, f.Name, err)
		}
		got, err := parse(file+":"+f.Name, data)
		if err != nil {
			return nil, err
		}
		items = append(items, got...)
	}
	return items, nil
}

func readEntry(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, MaxEntryBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxEntryBytes {
		return nil, fmt.Errorf("larger than %d MiB uncompressed", MaxEntryBytes>>20)
	}
	return data, nil
}
