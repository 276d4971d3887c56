// Package share serves share links: owners create, list and revoke them; anyone
// holding one reads the shared recording without signing in.
package share

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/httpx"
)

// Module provides *share.Service (the chat feature checks tokens with it) and the routes.
var Module = fx.Module("share",
	fx.Provide(
		newService,
		newHandlers,
		fx.Annotate((*handlers).routes, fx.ResultTags(`group:"routes,flatten"`)),
	),
)

func newService(db *store.DB, r *recordings.Service, cfg config.Config) *share.Service {
	return share.NewService(db, r, cfg.PublicURL, nil)
}

type handlers struct {
	links      *share.Service
	recordings *recordings.Service
	users      *identity.Users
}

func newHandlers(l *share.Service, r *recordings.Service, u *identity.Users) *handlers {
	return &handlers{links: l, recordings: r, users: u}
}

func (h *handlers) routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "POST /api/v1/recordings/{id}/share", Handler: h.create},
		{Pattern: "GET /api/v1/recordings/{id}/shares", Handler: h.list},
		{Pattern: "DELETE /api/v1/share/{token}", Handler: h.revoke},
		{Pattern: "GET /api/v1/share/shared/recording", Handler: h.view, Access: httpx.Public},
	}
}

func (h *handlers) create(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		ExpiresIn *float64 `json:"expiresIn"`
	}
	if r.ContentLength != 0 {
		if err := httpx.DecodeJSON(r, 0, &body); err != nil {
			return err
		}
	}
	var ttl time.Duration
	if body.ExpiresIn != nil {
		if *body.ExpiresIn <= 0 {
			return apperr.Invalidf("expiresIn must be a positive number of seconds, or left out for a link that never expires")
		}
		ttl = time.Duration(*body.ExpiresIn * float64(time.Second))
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

// sharedView is the spec's shared-view shape: recording (with its speakers),
// owner, the first summarization and the transcription.
type sharedView struct {
	Recording     json.RawMessage `json:"recording"`
	Owner         owner           `json:"owner"`
	Summarization json.RawMessage `json:"summarization"`
	Transcription json.RawMessage `json:"transcription"`
}

type owner struct {
	DisplayName string `json:"displayName"`
	Email       string `json:"email"`
	PhotoURL    string `json:"photoURL"`
}

func (h *handlers) view(w http.ResponseWriter, r *http.Request) error {
	link, err := h.links.Resolve(r.Context(), strings.TrimSpace(r.URL.Query().Get("token")))
	if err != nil {
		return err
	}
	d, err := h.recordings.Detail(r.Context(), link.OwnerUID, link.RecordingID)
	if apperr.Is(err, apperr.NotFound) {
		return share.ErrNotFound
	}
	if err != nil {
		return err
	}
	user, err := h.users.Get(r.Context(), link.OwnerUID)
	if err != nil {
		return err
	}
	view := sharedView{
		Recording:     withSpeakers(d.Recording, d.Speakers),
		Owner:         owner{DisplayName: user.DisplayName, Email: user.Email, PhotoURL: user.PhotoURL},
		Transcription: d.Transcription,
	}
	if _, sum, ok := loose.FirstSummarization(d.Summarizations); ok {
		view.Summarization = sum
	}
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	w.Header().Set("Referrer-Policy", "no-referrer")
	httpx.OK(w, view)
	return nil
}

// withSpeakers puts the recording's speakers inside the recording object, where
// the shared view reads them, unless the recording already carries its own.
func withSpeakers(recording, speakers json.RawMessage) json.RawMessage {
	obj, ok := loose.ParseObject(recording)
	if !ok || len(speakers) == 0 || obj.Get("speakers") != nil {
		return recording
	}
	out, err := json.Marshal(obj.Set("speakers", speakers))
	if err != nil {
		return recording
	}
	return out
}
