package recordings

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	recs "github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/server/httpx"
)

// The folder and speaker edits the spec's API lacks but a device can queue
// offline (sync's rename_folder, set_folder_template, delete_folder,
// rename_speaker): a relay in front of this server sends them here.

func (h handlers) renameFolder(w http.ResponseWriter, r *http.Request) error {
	id, err := folderID(r)
	if err != nil {
		return err
	}
	var b struct {
		Name       *string         `json:"name"`
		TemplateID json.RawMessage `json:"templateId"` // null names none
	}
	if err := httpx.DecodeJSON(r, 0, &b); err != nil {
		return err
	}
	e := recs.FolderEdit{Name: b.Name}
	if b.TemplateID != nil {
		var tid *string
		if err := json.Unmarshal(b.TemplateID, &tid); err != nil {
			return apperr.Invalidf("templateId must be a template's id or null")
		}
		e.TemplateID = new(string)
		*e.TemplateID = deref(tid)
	}
	f, err := h.svc.EditFolder(r.Context(), uid(r), id, e)
	if err != nil {
		return err
	}
	httpx.OK(w, f)
	return nil
}

func (h handlers) deleteFolder(w http.ResponseWriter, r *http.Request) error {
	id, err := folderID(r)
	if err != nil {
		return err
	}
	if err := h.svc.DeleteFolder(r.Context(), uid(r), id); err != nil {
		return err
	}
	httpx.OK(w, map[string]any{"id": id})
	return nil
}

// renameSpeaker: {speaker, name}; the label travels in the body, where
// "Speaker 1" needs no escaping.
func (h handlers) renameSpeaker(w http.ResponseWriter, r *http.Request) error {
	id, err := recordingID(r, "id")
	if err != nil {
		return err
	}
	var b struct {
		Speaker string `json:"speaker"`
		Name    string `json:"name"`
	}
	if err := httpx.DecodeJSON(r, 0, &b); err != nil {
		return err
	}
	if strings.TrimSpace(b.Speaker) == "" {
		return apperr.Invalidf("No speaker provided")
	}
	if err := h.svc.RenameSpeaker(r.Context(), uid(r), id, b.Speaker, b.Name); err != nil {
		return err
	}
	httpx.OK(w, map[string]any{"recordingId": id, "speaker": b.Speaker, "name": strings.TrimSpace(b.Name)})
	return nil
}

// maxNoteBody bounds PUT .../note: room for a note at its limit with every
// character escaped in JSON, so the note's own limit (413 NOTE_TOO_LARGE)
// is what a long note meets.
const maxNoteBody = 8 * recs.MaxNoteBytes

// putNote: {markdown} sets the owner's note ("" clears it), an edit of the
// note field like any other (recordings.Fields), so it is logged, synced
// and live as a title is.
func (h handlers) putNote(w http.ResponseWriter, r *http.Request) error {
	id, err := recordingID(r, "id")
	if err != nil {
		return err
	}
	var b struct {
		Markdown *string `json:"markdown"`
	}
	if err := httpx.DecodeJSON(r, maxNoteBody, &b); err != nil {
		return err
	}
	if b.Markdown == nil {
		return apperr.Invalidf("No markdown provided: send {\"markdown\": \"...\"}")
	}
	p, err := recs.Patch{}.With("note", *b.Markdown)
	if err != nil {
		return err
	}
	if _, err := h.svc.Update(r.Context(), uid(r), id, p); err != nil {
		return err
	}
	httpx.OK(w, map[string]any{"recordingId": id, "note": *b.Markdown})
	return nil
}

func folderID(r *http.Request) (string, error) {
	id := strings.TrimSpace(r.PathValue("id"))
	if id == "" {
		return "", apperr.Invalidf("No folder ID provided")
	}
	return id, nil
}
