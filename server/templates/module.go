// Package templates serves summary templates (/api/v1/templates): the
// built-ins every user has and each user's own (pkg/templates), which
// regenerated summaries and folders name.
package templates

import (
	"net/http"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module keeps the templates (at most POCKET_QUOTA_TEMPLATES a user) and
// serves their routes.
var Module = fx.Module("templates",
	// Every write is announced, so open tabs pull it at once (the change
	// log carries it to devices that were away).
	fx.Provide(func(db *store.DB, cfg config.Config, bus *events.Bus) *templates.Store {
		s := templates.NewStore(db, int(cfg.Quotas.Limits.Templates))
		s.Announce(bus)
		return s
	}),
	fx.Provide(fx.Annotate(Routes, fx.ResultTags(`group:"routes,flatten"`))),
	// A deleted template is no folder's any more: those naming it name none
	// (their new recordings get the default summary), in the same write.
	fx.Invoke(func(t *templates.Store, r *recordings.Service) { t.OnDelete(r.ClearFolderTemplateIn) }),
)

// maxBody bounds a request: twenty sections of 600 characters fit in far less.
const maxBody = 64 << 10

// Routes lists the template routes.
func Routes(s *templates.Store) []httpx.Route {
	h := handlers{s: s}
	return []httpx.Route{
		{Pattern: "GET /api/v1/templates", Handler: h.list},
		{Pattern: "POST /api/v1/templates", Handler: h.create},
		{Pattern: "PUT /api/v1/templates/{id}", Handler: h.replace},
		{Pattern: "DELETE /api/v1/templates/{id}", Handler: h.remove},
	}
}

type handlers struct{ s *templates.Store }

func uid(r *http.Request) string { return httpx.MustPrincipal(r).UID }

func (h handlers) list(w http.ResponseWriter, r *http.Request) error {
	list, err := h.s.List(r.Context(), uid(r))
	if err != nil {
		return err
	}
	httpx.OK(w, list)
	return nil
}

// draft reads and checks a template's name and sections, and the id a
// create may give (a device's own, checked by the store).
func draft(r *http.Request) (templates.Draft, string, error) {
	var body struct {
		ID       string              `json:"id"`
		Name     string              `json:"name"`
		Sections []templates.Section `json:"sections"`
	}
	if err := httpx.DecodeJSON(r, maxBody, &body); err != nil {
		return templates.Draft{}, "", err
	}
	d, err := templates.Parse(body.Name, body.Sections)
	return d, body.ID, err
}

func (h handlers) create(w http.ResponseWriter, r *http.Request) error {
	d, id, err := draft(r)
	if err != nil {
		return err
	}
	t, err := h.s.CreateAs(r.Context(), uid(r), id, d)
	if err != nil {
		return err
	}
	httpx.Created(w, t)
	return nil
}

func (h handlers) replace(w http.ResponseWriter, r *http.Request) error {
	d, _, err := draft(r) // the id is the path's
	if err != nil {
		return err
	}
	t, err := h.s.Update(r.Context(), uid(r), r.PathValue("id"), d)
	if err != nil {
		return err
	}
	httpx.OK(w, t)
	return nil
}

func (h handlers) remove(w http.ResponseWriter, r *http.Request) error {
	if err := h.s.Delete(r.Context(), uid(r), r.PathValue("id")); err != nil {
		return err
	}
	httpx.Message(w, http.StatusOK, "Template deleted")
	return nil
}
