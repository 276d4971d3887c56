package importfile

import (
	"os"
	"path/filepath"
	"strings"
)

// audioFinder finds the audio file beside a recording's JSON file, listing
// each directory once: looking for every audio extension in two cases took
// ten stat calls per file (docs/benchmarks.md, the import of 10,000).
type audioFinder struct {
	// directory -> its names in lower case (a candidate is then confirmed by
	// stat, as before, so a case-insensitive disk finds what it always
	// found); nil when the directory could not be listed
	dirs map[string]map[string]bool
}

// sibling is the first audio file named like path (AudioExts, in lower or
// upper case), or "".
func (f *audioFinder) sibling(path string) string {
	names := f.names(filepath.Dir(path))
	base := strings.TrimSuffix(path, filepath.Ext(path))
	for _, ext := range AudioExts {
		for _, candidate := range []string{base + ext, base + strings.ToUpper(ext)} {
			if names != nil && !names[strings.ToLower(filepath.Base(candidate))] {
				continue
			}
			if info, err := os.Stat(candidate); err == nil && info.Mode().IsRegular() {
				return candidate
			}
		}
	}
	return ""
}

// names lists dir once; nil (every candidate checked by stat) if it cannot.
func (f *audioFinder) names(dir string) map[string]bool {
	if names, seen := f.dirs[dir]; seen {
		return names
	}
	if f.dirs == nil {
		f.dirs = map[string]map[string]bool{}
	}
	entries, err := os.ReadDir(dir)
	var names map[string]bool
	if err == nil {
		names = make(map[string]bool, len(entries))
		for _, e := range entries {
			names[strings.ToLower(e.Name())] = true
		}
	}
	f.dirs[dir] = names
	return names
}
