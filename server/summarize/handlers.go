package summarize

import (
	"net/http"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/server/httpx"
)

// maxBody bounds a request's JSON: an id and a language tag.
const maxBody = 4 << 10

// Routes lists the summary version routes of a recording.
func Routes(s *Summarizer) []httpx.Route {
	h := handlers{s: s}
	return []httpx.Route{
		{Pattern: "GET /api/v1/recordings/{id}/summaries", Handler: h.list},
		{Pattern: "POST /api/v1/recordings/{id}/summaries", Handler: h.regenerate},
		{Pattern: "PUT /api/v1/recordings/{id}/summaries/current", Handler: h.setCurrent},
		{Pattern: "DELETE /api/v1/recordings/{id}/summaries/{summaryId}", Handler: h.cancel},
	}
}

type handlers struct{ s *Summarizer }

func uid(r *http.Request) string { return httpx.MustPrincipal(r).UID }

func (h handlers) list(w http.ResponseWriter, r *http.Request) error {
	list, err := h.s.Versions(r.Context(), uid(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

func (h handlers) regenerate(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		TemplateID string `json:"templateId"`
		Language   string `json:"language"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return err
	}
	if body.TemplateID == "" {
		body.TemplateID = "general"
	}
	lang, err := ParseLanguage(body.Language)
	if err != nil {
		return err
	}
	v, err := h.s.Regenerate(r.Context(), uid(r), r.PathValue("id"), body.TemplateID, lang)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusAccepted, httpx.Envelope{Success: true, Data: v})
	return nil
}

func (h handlers) setCurrent(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		ID string `json:"id"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return err
	}
	if body.ID == "" {
		return apperr.Invalidf("id is required")
	}
	if err := h.s.SetCurrent(r.Context(), uid(r), r.PathValue("id"), body.ID); err != nil {
		return err
	}
	list, err := h.s.Versions(r.Context(), uid(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

func (h handlers) cancel(w http.ResponseWriter, r *http.Request) error {
	if err := h.s.Cancel(r.Context(), uid(r), r.PathValue("id"), r.PathValue("summaryId")); err != nil {
		return err
	}
	httpx.Message(w, http.StatusOK, "Summary version cancelled")
	return nil
}
