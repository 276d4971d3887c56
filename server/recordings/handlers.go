package recordings

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	recs "github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/server/httpx"
)

// listAnswer is the dashboard and search shape: nextCursor is null at the end.
// writeList writes it without encoding/json.
type listAnswer struct {
	httpx.Envelope
	NextCursor *string `json:"nextCursor"`
	Total      *int    `json:"total,omitempty"`
}

func (h handlers) dashboard(w http.ResponseWriter, r *http.Request) error {
	q, err := dashboardQuery(r.URL.Query())
	if err != nil {
		return err
	}
	page, err := h.svc.Dashboard(r.Context(), uid(r), q)
	if err != nil {
		return err
	}
	writeList(w, page.Data, page.NextCursor, nil)
	return nil
}

// search answers ranked results; nextCursor is the next page's offset (null
// after the last), which the client sends back as offset.
func (h handlers) search(w http.ResponseWriter, r *http.Request) error {
	q, err := searchQuery(r.URL.Query())
	if err != nil {
		return err
	}
	res, err := h.svc.Search(r.Context(), uid(r), q)
	if err != nil {
		return err
	}
	next := ""
	if res.Next >= 0 {
		next = strconv.Itoa(res.Next)
	}
	writeList(w, res.Data, next, &res.Total)
	return nil
}

// importRecording is the device upload: 201 when the recording is new, 200
// when it replaced (or was older than) the stored one.
// A multipart body carries the recording's audio beside the import object.
func (h handlers) importRecording(w http.ResponseWriter, r *http.Request) error {
	var res recs.ImportResult
	var err error
	if isMultipart(r) {
		res, err = h.importWithAudio(r)
	} else {
		var raw json.RawMessage
		if err := httpx.DecodeJSON(r, MaxUploadBytes, &raw); err != nil {
			return err
		}
		res, err = h.svc.Upload(r.Context(), uid(r), raw, nil)
	}
	if err != nil {
		return err
	}
	if res.Created {
		httpx.Created(w, res)
	} else {
		httpx.OK(w, res)
	}
	return nil
}

func (h handlers) detail(w http.ResponseWriter, r *http.Request) error {
	id, err := recordingID(r, "id")
	if err != nil {
		return err
	}
	d, err := h.svc.Detail(r.Context(), uid(r), id)
	if err != nil {
		return err
	}
	httpx.OK(w, d)
	return nil
}

func (h handlers) update(w http.ResponseWriter, r *http.Request) error {
	id, err := recordingID(r, "id")
	if err != nil {
		return err
	}
	var raw json.RawMessage
	if err := httpx.DecodeJSON(r, 0, &raw); err != nil {
		return err
	}
	p, err := recs.ParsePatch(raw)
	if err != nil {
		return err
	}
	item, err := h.svc.Update(r.Context(), uid(r), id, p)
	if err != nil {
		return err
	}
	httpx.OK(w, item)
	return nil
}

func (h handlers) remove(w http.ResponseWriter, r *http.Request) error {
	id, err := recordingID(r, "id")
	if err != nil {
		return err
	}
	permanent, err := boolParam(r.URL.Query(), "permanent")
	if err != nil {
		return err
	}
	if err := h.svc.Delete(r.Context(), uid(r), id, permanent != nil && *permanent); err != nil {
		return err
	}
	httpx.OK(w, map[string]any{"id": id, "permanent": permanent != nil && *permanent})
	return nil
}

func (h handlers) view(w http.ResponseWriter, r *http.Request) error {
	id, err := recordingID(r, "id")
	if err != nil {
		return err
	}
	if err := h.svc.MarkViewed(r.Context(), uid(r), id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (h handlers) folders(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.Folders(r.Context(), uid(r))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// folderBody accepts parent_id as the spec writes it, and parentId. An id is
// optional: given, it is the device's own id for the folder (CreateFolderAs).
// templateId names the folder's summary template (null: none).
type folderBody struct {
	ID            *string `json:"id"`
	Name          string  `json:"name"`
	ParentID      *string `json:"parent_id"`
	ParentIDCamel *string `json:"parentId"`
	TemplateID    *string `json:"templateId"`
}

func (h handlers) createFolder(w http.ResponseWriter, r *http.Request) error {
	var b folderBody
	if err := httpx.DecodeJSON(r, 0, &b); err != nil {
		return err
	}
	parent := b.ParentID
	if parent == nil {
		parent = b.ParentIDCamel
	}
	f, err := h.svc.MakeFolder(r.Context(), uid(r), recs.NewFolder{
		ID: deref(b.ID), Name: b.Name, ParentID: deref(parent), TemplateID: deref(b.TemplateID),
	})
	if err != nil {
		return err
	}
	httpx.Created(w, f)
	return nil
}

func (h handlers) summarization(w http.ResponseWriter, r *http.Request) error {
	id, err := recordingID(r, "id")
	if err != nil {
		return err
	}
	s, err := h.svc.Summarization(r.Context(), uid(r), id)
	if err != nil {
		return err
	}
	httpx.OK(w, s)
	return nil
}

func (h handlers) summarizationByRecording(w http.ResponseWriter, r *http.Request) error {
	id, err := recordingID(r, "recordingId")
	if err != nil {
		return err
	}
	s, err := h.svc.SummarizationByRecording(r.Context(), uid(r), id)
	if err != nil {
		return err
	}
	httpx.OK(w, s)
	return nil
}

// recordingID reads a path id; a blank one is the spec's 400 (§5).
func recordingID(r *http.Request, name string) (string, error) {
	id := strings.TrimSpace(r.PathValue(name))
	if id == "" {
		return "", apperr.Invalidf("No recording ID provided")
	}
	return id, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
