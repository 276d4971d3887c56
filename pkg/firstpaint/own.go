package firstpaint

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// OwnRecording is the owner's recording page's first paint: its header with
// the date pill and the owner's buttons, and its first summary; false for a
// recording someone shared with the owner (flagged isShared), whose page the
// app draws read-only with the sharer's name, a header this copy does not
// draw. The header reads the recording as the app's does
// (pwa/src/data/normalize/detail.ts).
func OwnRecording(d recordings.Detail, folders []recordings.Folder, zone *time.Location) (Recording, bool) {
	obj, _ := loose.ParseObject(loose.Unwrap(d.Recording))
	if loose.Flag(obj.Get("isShared")) {
		return Recording{}, false
	}
	_, sum, _ := loose.FirstSummarization(d.Summarizations)
	page := HeaderOf(d.Recording)
	page.Zone = zone
	page.Owner = pickerOf(folders, d.FolderID)
	page.Owner.Flags = FlagsOf(d.Recording)
	page.Summary = SummaryOf(sum)
	return page, true
}

// HeaderOf is a recording's title ("" when it has none: the header's
// words for untitled), description and date, read as the app's header reads
// them (pwa/src/data/normalize/detail.ts): a blank title falls back to the
// name, the date to createdAt and updatedAt.
func HeaderOf(recording json.RawMessage) Recording {
	obj, _ := loose.ParseObject(loose.Unwrap(recording))
	return Recording{
		Title:       firstText(obj.Get("title"), obj.Get("name"), ""),
		Description: strings.TrimSpace(loose.Text(obj.Get("description"))),
		At:          recordedAt(obj),
	}
}

// pickerOf is the folder picker as the app lists it: every folder by name,
// case-insensitively, then by id (pwa/src/data/folders/tree.ts byFolderName).
func pickerOf(folders []recordings.Folder, current string) *Owner {
	sorted := slices.Clone(folders)
	slices.SortFunc(sorted, func(a, b recordings.Folder) int {
		if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	owner := &Owner{}
	for _, f := range sorted {
		owner.Folders = append(owner.Folders, f.Name)
		if f.ID == current {
			owner.Folder = f.Name
		}
	}
	return owner
}
