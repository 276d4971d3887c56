package highlights

import (
	"net/http"

	"github.com/pocket-companion/pocket/pkg/apperr"
	hl "github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/server/httpx"
)

// maxBody bounds a request: a note of hl.MaxNote characters fits with room.
const maxBody = 16 << 10

// Routes lists the highlight routes; each needs a signed-in user and
// touches only that user's highlights (another's is 404).
func Routes(svc *hl.Service) []httpx.Route {
	h := handlers{svc: svc}
	return []httpx.Route{
		{Pattern: "POST /api/v1/recordings/{id}/highlights", Handler: h.create},
		{Pattern: "GET /api/v1/recordings/{id}/highlights", Handler: h.ofRecording},
		{Pattern: "GET /api/v1/highlights", Handler: h.library},
		{Pattern: "PUT /api/v1/highlights/{id}", Handler: h.setNote},
		{Pattern: "DELETE /api/v1/highlights/{id}", Handler: h.remove},
	}
}

type handlers struct{ svc *hl.Service }

func uid(r *http.Request) string { return httpx.MustPrincipal(r).UID }

func (h handlers) create(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		ID    string   `json:"id"`
		Start *float64 `json:"start"`
		End   *float64 `json:"end"`
		Note  string   `json:"note"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return err
	}
	if body.Start == nil || body.End == nil {
		return apperr.New(apperr.Invalid, "INVALID_RANGE", "start and end are required: seconds on the recording's timeline")
	}
	created, err := h.svc.Create(r.Context(), uid(r), hl.NewHighlight{
		ID: body.ID, RecordingID: r.PathValue("id"), Start: *body.Start, End: *body.End, Note: body.Note,
	})
	if err != nil {
		return err
	}
	httpx.Created(w, created)
	return nil
}

func (h handlers) ofRecording(w http.ResponseWriter, r *http.Request) error {
	list, err := h.svc.OfRecording(r.Context(), uid(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	if list == nil {
		list = []hl.Highlight{}
	}
	httpx.OK(w, list)
	return nil
}

func (h handlers) library(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	list, err := h.svc.Library(r.Context(), uid(r), hl.Filter{
		Query: q.Get("q"), FolderID: q.Get("folder_id"), Speaker: q.Get("speaker"),
	})
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

func (h handlers) setNote(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Note *string `json:"note"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return err
	}
	if body.Note == nil {
		return apperr.New(apperr.Invalid, "NOTE_REQUIRED", "note is required (\"\" clears it)")
	}
	updated, err := h.svc.SetNote(r.Context(), uid(r), r.PathValue("id"), *body.Note)
	if err != nil {
		return err
	}
	httpx.OK(w, updated)
	return nil
}

func (h handlers) remove(w http.ResponseWriter, r *http.Request) error {
	if err := h.svc.Delete(r.Context(), uid(r), r.PathValue("id")); err != nil {
		return err
	}
	httpx.Message(w, http.StatusOK, "Highlight deleted")
	return nil
}
