// Package share serves share links: owners create, list and revoke them; anyone
// holding one reads the shared recording without signing in.
package share

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/media"
	"github.com/pocket-companion/pocket/server/web"
)

// Module provides *share.Service (the chat feature checks tokens with it) and the routes.
var Module = fx.Module("share",
	fx.Provide(newService),
	fx.Provide(fx.Private, newViewer, newHandlers),
	fx.Provide(fx.Annotate((*handlers).routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Provide(sharePreview),
)

// sharePreview gives the app's HTML a share link's recording (title, owner,
// summary) for its first paint. Any refusal or error leaves the page as it
// was: the app then asks the API and shows the spec's message.
func sharePreview(v *share.Viewer) web.SharePreview {
	return func(ctx context.Context, token string) ([]byte, bool) {
		view, err := v.View(ctx, token)
		if err != nil {
			return nil, false
		}
		return share.PreviewOf(view).HTML(), true
	}
}

// newService first rehashes links stored by an older version under their raw
// token: they are few (links are made by hand), so this runs before serving,
// and no link is ever looked up in both forms.
func newService(db *store.DB, r *recordings.Service, cfg config.Config) (*share.Service, error) {
	if _, err := share.HashStoredTokens(db); err != nil {
		return nil, fmt.Errorf("share: hash stored link tokens: %w", err)
	}
	svc := share.NewService(db, r, cfg.PublicURL, nil)
	svc.SetLimit(cfg.Quotas.Limits.ShareLinks)
	return svc, nil
}

type handlers struct {
	links  *share.Service
	viewer *share.Viewer
	recs   *recordings.Service
	files  *audio.Files
}

func newViewer(l *share.Service, r *recordings.Service, u *identity.Users) *share.Viewer {
	return share.NewViewer(l, r, u)
}

func newHandlers(l *share.Service, v *share.Viewer, r *recordings.Service, f *audio.Files) *handlers {
	return &handlers{links: l, viewer: v, recs: r, files: f}
}

func (h *handlers) routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "POST /api/v1/recordings/{id}/share", Handler: h.create},
		{Pattern: "GET /api/v1/recordings/{id}/shares", Handler: h.list},
		{Pattern: "DELETE /api/v1/share/{token}", Handler: h.revoke},
		{Pattern: "GET /api/v1/share/shared/recording", Handler: h.view, Access: httpx.Public},
		{Pattern: "GET /api/v1/share/{token}/audio", Handler: h.audio, Access: httpx.Public},
	}
}

func (h *handlers) create(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		ExpiresIn json.RawMessage `json:"expiresIn"` // read by share.ExpiryOf, which says what is wrong with it
	}
	if r.ContentLength != 0 {
		if err := httpx.DecodeJSON(r, 0, &body); err != nil {
			return err
		}
	}
	ttl, err := share.ExpiryOf(body.ExpiresIn)
	if err != nil {
		return err
	}
	link, err := h.links.Create(r.Context(), httpx.MustPrincipal(r).UID, r.PathValue("id"), ttl)
	if err != nil {
		return err
	}
	// The spec answers a new link as itself, without the envelope.
	httpx.WriteJSON(w, http.StatusCreated, link)
	return nil
}

func (h *handlers) list(w http.ResponseWriter, r *http.Request) error {
	links, err := h.links.List(r.Context(), httpx.MustPrincipal(r).UID, r.PathValue("id"))
	if err != nil {
		return err
	}
	httpx.OK(w, links)
	return nil
}

func (h *handlers) revoke(w http.ResponseWriter, r *http.Request) error {
	if err := h.links.Revoke(r.Context(), httpx.MustPrincipal(r).UID, r.PathValue("token")); err != nil {
		return err
	}
	httpx.Message(w, http.StatusOK, "Share link revoked")
	return nil
}

// view answers a visitor's shared view; pkg/share assembles it.
func (h *handlers) view(w http.ResponseWriter, r *http.Request) error {
	view, err := h.viewer.View(r.Context(), strings.TrimSpace(r.URL.Query().Get("token")))
	if err != nil {
		return err
	}
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	w.Header().Set("Referrer-Policy", "no-referrer")
	httpx.OK(w, view)
	return nil
}

// audio plays the shared recording's audio to whoever holds a valid link,
// refused as the shared view is (expired 410, revoked 401, unknown 404).
// no-cache: a revoked link must stop playing, so every use asks again.
func (h *handlers) audio(w http.ResponseWriter, r *http.Request) error {
	link, err := h.links.Resolve(r.Context(), strings.TrimSpace(r.PathValue("token")))
	if err != nil {
		return err
	}
	if ok, err := h.recs.Exists(r.Context(), link.OwnerUID, link.RecordingID); err != nil || !ok {
		if err != nil {
			return err
		}
		return share.ErrNotFound
	}
	f, m, err := h.files.Open(r.Context(), link.OwnerUID, link.RecordingID)
	if err != nil {
		return err
	}
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	w.Header().Set("Referrer-Policy", "no-referrer")
	media.Serve(w, r, f, m, "private, no-cache")
	return nil
}
