package webhooks

import (
	"net/http"

	"github.com/pocket-companion/pocket/pkg/webhook"
	"github.com/pocket-companion/pocket/server/httpx"
)

// maxBody bounds a request's JSON: a URL, five events and a description fit in far less.
const maxBody = 16 << 10

// Routes lists the webhook routes (a session, or a token with the webhooks scope).
func Routes(w *webhook.Webhooks) []httpx.Route {
	h := handlers{w: w}
	return []httpx.Route{
		{Pattern: "POST /api/v1/webhooks", Handler: h.create},
		{Pattern: "GET /api/v1/webhooks", Handler: h.list},
		{Pattern: "GET /api/v1/webhooks/{id}", Handler: h.get},
		{Pattern: "PATCH /api/v1/webhooks/{id}", Handler: h.update},
		{Pattern: "DELETE /api/v1/webhooks/{id}", Handler: h.remove},
		{Pattern: "POST /api/v1/webhooks/{id}/rotate-secret", Handler: h.rotate},
		{Pattern: "GET /api/v1/webhooks/{id}/deliveries", Handler: h.deliveries},
		{Pattern: "POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/resend", Handler: h.resend},
	}
}

type handlers struct{ w *webhook.Webhooks }

func uid(r *http.Request) string { return httpx.MustPrincipal(r).UID }

func (h handlers) create(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		URL         string   `json:"url"`
		Events      []string `json:"events"`
		Description string   `json:"description"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return err
	}
	url, err := webhook.ParseURL(body.URL)
	if err != nil {
		return err
	}
	evs, err := webhook.ParseEvents(body.Events)
	if err != nil {
		return err
	}
	desc, err := webhook.ParseDescription(body.Description)
	if err != nil {
		return err
	}
	created, err := h.w.Create(r.Context(), uid(r), url, evs, desc)
	if err != nil {
		return err
	}
	httpx.Created(w, created)
	return nil
}

func (h handlers) list(w http.ResponseWriter, r *http.Request) error {
	list, err := h.w.List(r.Context(), uid(r))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

func (h handlers) get(w http.ResponseWriter, r *http.Request) error {
	ep, err := h.w.Get(r.Context(), uid(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, ep)
	return nil
}

func (h handlers) update(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		URL         *string   `json:"url"`
		Events      *[]string `json:"events"`
		Description *string   `json:"description"`
		Status      *string   `json:"status"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return err
	}
	p, err := parsePatch(body.URL, body.Events, body.Description, body.Status)
	if err != nil {
		return err
	}
	ep, err := h.w.Update(r.Context(), uid(r), r.PathValue("id"), p)
	if err != nil {
		return err
	}
	httpx.OK(w, ep)
	return nil
}

// parsePatch checks each field a PATCH sets.
func parsePatch(url *string, evs *[]string, desc, status *string) (webhook.Patch, error) {
	var p webhook.Patch
	if url != nil {
		u, err := webhook.ParseURL(*url)
		if err != nil {
			return p, err
		}
		p.URL = &u
	}
	if evs != nil {
		e, err := webhook.ParseEvents(*evs)
		if err != nil {
			return p, err
		}
		p.Events = e
	}
	if desc != nil {
		d, err := webhook.ParseDescription(*desc)
		if err != nil {
			return p, err
		}
		p.Description = &d
	}
	if status != nil {
		s, err := webhook.ParseStatus(*status)
		if err != nil {
			return p, err
		}
		p.Status = &s
	}
	return p, nil
}

func (h handlers) remove(w http.ResponseWriter, r *http.Request) error {
	if err := h.w.Delete(r.Context(), uid(r), r.PathValue("id")); err != nil {
		return err
	}
	httpx.Message(w, http.StatusOK, "Webhook endpoint deleted")
	return nil
}

// noBody refuses a body on a route that takes none (beyond `{}`), before
// anything else, so an oversized one is 413 whatever the path names.
func noBody(r *http.Request) error { return httpx.DecodeOptionalJSON(r, maxBody, &struct{}{}) }

func (h handlers) rotate(w http.ResponseWriter, r *http.Request) error {
	if err := noBody(r); err != nil {
		return err
	}
	out, err := h.w.Rotate(r.Context(), uid(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, out)
	return nil
}

func (h handlers) deliveries(w http.ResponseWriter, r *http.Request) error {
	list, err := h.w.Deliveries(r.Context(), uid(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

func (h handlers) resend(w http.ResponseWriter, r *http.Request) error {
	if err := noBody(r); err != nil {
		return err
	}
	d, err := h.w.Resend(r.Context(), uid(r), r.PathValue("id"), r.PathValue("deliveryId"))
	if err != nil {
		return err
	}
	httpx.OK(w, d)
	return nil
}
