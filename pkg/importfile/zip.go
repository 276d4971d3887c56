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
// file of its own (source "archive.zip:entry.json"), except the root
// LibraryFile, which comes first as the library (Item.Library), never as a
// recording. Other entries are skipped, as a directory's other files are.
func readZip(file string) ([]Item, error) {
	zr, err := zip.OpenReader(file)
	if err != nil {
		return nil, fmt.Errorf("import: %s: not a readable zip archive: %w", file, err)
	}
	defer func() { _ = zr.Close() }() // read only: nothing to report once read
	entries := make([]*zip.File, 0, len(zr.File))
	sounds := map[string]string{} // entry name without extension -> audio entry
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		ext := path.Ext(f.Name)
		switch {
		case strings.EqualFold(ext, ".json"):
			entries = append(entries, f)
		case isAudioExt(ext):
			base := strings.TrimSuffix(f.Name, ext)
			if _, taken := sounds[base]; !taken {
				sounds[base] = f.Name
			}
		}
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name < entries[j].Name })
	var items []Item
	if lib, ok := libraryEntry(entries); ok {
		data, err := readEntry(entries[lib])
		if err != nil {
			return nil, fmt.Errorf("import: %s:%s: %w", file, LibraryFile, err)
		}
		items = append(items, Item{Source: file + ":" + LibraryFile, Data: data, Library: true})
		entries = append(entries[:lib:lib], entries[lib+1:]...)
	}
	for _, f := range entries {
		data, err := readEntry(f)
		if err != nil {
			return nil, fmt.Errorf("import: %s:%s: %w", file, f.Name, err)
		}
		got, _, err := parse(file+":"+f.Name, data)
		if err != nil {
			return nil, err
		}
		if sound := sounds[strings.TrimSuffix(f.Name, path.Ext(f.Name))]; sound != "" && len(got) == 1 {
			got[0] = withAudio(got[0], file+":"+sound, func() (io.ReadCloser, error) { return openEntry(file, sound) })
		}
		items = append(items, got...)
	}
	return items, nil
}

// libraryEntry finds the root LibraryFile, by its exact name.
func libraryEntry(entries []*zip.File) (int, bool) {
	for i, f := range entries {
		if f.Name == LibraryFile {
			return i, true
		}
	}
	return 0, false
}

func readEntry(f *zip.File) ([]byte, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer func() { _ = rc.Close() }() // read only: nothing to report once read
	data, err := io.ReadAll(io.LimitReader(rc, MaxEntryBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxEntryBytes {
		return nil, fmt.Errorf("larger than %d MiB uncompressed", MaxEntryBytes>>20)
	}
	return data, nil
}

func isAudioExt(ext string) bool {
	for _, a := range AudioExts {
		if strings.EqualFold(ext, a) {
			return true
		}
	}
	return false
}

// openEntry opens one entry of the archive for reading, on its own handle, so
// an item's sound can be read after the archive's recordings were.
func openEntry(file, name string) (io.ReadCloser, error) {
	zr, err := zip.OpenReader(file)
	if err != nil {
		return nil, err
	}
	for _, f := range zr.File {
		if f.Name == name {
			rc, err := f.Open()
			if err != nil {
				_ = zr.Close() // read only; the Open error is the one to report
				return nil, err
			}
			return entryReader{rc, zr}, nil
		}
	}
	_ = zr.Close() // read only; the missing entry is the error to report
	return nil, fmt.Errorf("%s: no entry %s", file, name)
}

// entryReader closes the archive with the entry.
type entryReader struct {
	io.ReadCloser
	archive *zip.ReadCloser
}

func (e entryReader) Close() error {
	err := e.ReadCloser.Close()
	if cerr := e.archive.Close(); err == nil {
		err = cerr
	}
	return err
}
