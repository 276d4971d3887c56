package importfile

import (
	"encoding/json"
	"fmt"

	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/templates"
)

// LibraryFile is the entry at the root of a library backup (and of no other
// place) that holds the library's folders and the user's own templates, not
// a recording. It is the backup's first entry.
const LibraryFile = "library.json"

// Library is what LibraryFile holds: every folder of the user, parents
// before children, with its summary template, and the user's own summary
// templates (never the built-ins).
type Library struct {
	Folders   []recordings.Folder  `json:"folders"`
	Templates []templates.Template `json:"templates"`
}

// ParseLibrary reads an item whose Library flag is set; an error names it.
func ParseLibrary(it Item) (Library, error) {
	var lib Library
	if err := json.Unmarshal(it.Data, &lib); err != nil {
		return lib, fmt.Errorf("import: %s: not a library of folders and templates: %w", it.Source, err)
	}
	return lib, nil
}
