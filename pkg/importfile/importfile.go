// Package importfile finds and reads recordings in the import format from files
// and directories: one JSON object per recording, or a JSON array of them, and
// zip archives of such files (a library backup).
package importfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pocket-companion/pocket/pkg/loose"
)

// Item is one recording object and where it came from (for error messages),
// or, with Library set, a backup's LibraryFile (ParseLibrary reads it): a
// caller that imports recordings skips or restores those, never imports them
// as a recording.
type Item struct {
	Source string
	Data   json.RawMessage
	// Library marks the folders and templates of a backup, not a recording:
	// only the LibraryFile entry at the root of a zip archive is one.
	Library bool
	// Audio is the recording's sound beside its file: the same base name with
	// an audio extension (AudioExts), when the file holds one recording; ""
	// when there is none. In a zip archive it names the entry.
	Audio string
	// OpenAudio reads that sound; nil when there is none.
	OpenAudio func() (io.ReadCloser, error)
}

// AudioExts are the extensions looked for beside a recording's JSON file.
var AudioExts = []string{".opus", ".ogg", ".mp3", ".m4a", ".wav"}

// Read expands directories (recursively, *.json in name order) and returns every
// recording object found (and a backup's library, Item.Library). A file that
// is not JSON fails the whole read, naming it.
func Read(paths ...string) ([]Item, error) {
	files, err := Files(paths...)
	if err != nil {
		return nil, err
	}
	var items []Item
	var r Reader
	for _, f := range files {
		got, err := r.ReadFile(f)
		if err != nil {
			return nil, err
		}
		items = append(items, got...)
	}
	return items, nil
}

// Files lists the files Read would read, in its order, without reading them:
// a large library can then be read a file at a time (ReadFile).
func Files(paths ...string) ([]string, error) {
	var files []string
	for _, p := range paths {
		found, err := expand(p)
		if err != nil {
			return nil, err
		}
		files = append(files, found...)
	}
	return files, nil
}

func expand(path string) ([]string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	if !info.IsDir() {
		return []string{path}, nil
	}
	var files []string
	err = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".json") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// A Reader reads the files Files listed, one at a time. One Reader per
// import lists each directory once, to find the audio beside each file.
type Reader struct {
	audio audioFinder
}

// ReadFile reads the recording objects of one file Files listed (a JSON file or
// a zip archive); an error names the file. A file of one recording gets the
// audio file named like it, if there is one. A zip archive's root
// LibraryFile comes first, as an Item with Library set.
func (r *Reader) ReadFile(path string) ([]Item, error) {
	if strings.EqualFold(filepath.Ext(path), ".zip") {
		return readZip(path)
	}
	data, err := os.ReadFile(path) //nolint:gosec // G304: the operator names the files to import
	if err != nil {
		return nil, fmt.Errorf("import: %w", err)
	}
	items, oneObject, err := parse(path, data)
	if err == nil && oneObject {
		audio := r.audio.sibling(path)
		items[0] = withAudio(items[0], audio, func() (io.ReadCloser, error) { return os.Open(audio) }) //nolint:gosec // G304: the sound beside a file the operator named
	}
	return items, err
}

// parse reads one file's bytes: an object (oneObject), or an array of objects.
func parse(path string, data []byte) (items []Item, oneObject bool, err error) {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '[' {
		var list []json.RawMessage
		if err := json.Unmarshal(data, &list); err != nil {
			return nil, false, fmt.Errorf("import: %s: not a JSON array of recordings: %w", path, err)
		}
		items := make([]Item, len(list))
		for i, raw := range list {
			items[i] = Item{Source: fmt.Sprintf("%s[%d]", path, i), Data: raw}
		}
		return items, false, nil
	}
	if !loose.Valid(data) {
		return nil, false, fmt.Errorf("import: %s: not valid JSON", path)
	}
	return []Item{{Source: path, Data: data}}, true, nil
}

// withAudio sets the item's sound when name is not "".
func withAudio(it Item, name string, open func() (io.ReadCloser, error)) Item {
	if name != "" {
		it.Audio, it.OpenAudio = name, open
	}
	return it
}
