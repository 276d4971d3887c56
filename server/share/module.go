// Package share serves share links: owners create, list and revoke them; anyone
// holding one reads the shared recording without signing in.
package share

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strings"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/audio"
	hl "github.com/pocket-companion/pocket/pkg/highlights"
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
	fx.Provide(newClipViewer),
	fx.Provide(fx.Annotate((*handlers).routes, fx.ResultTags(`group:"routes,flatten"`))),
	fx.Provide(sharePreview, clipPreview),
	fx.Invoke(revokeClipsOnDelete),
)

// sharePreview gives the app's HTML a share link's recording (title, owner,
// summary) for its first paint. Any refusal or error leaves the page as it
// was: the app then asks the API and shows the spec's message.
// A protected link is refused here (its cookie is scoped to the API, not the
// page), so the page shows nothing of it before the password.
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
	key, err := db.GetOrCreate(unlockKeyKey, store.NewSecretKey)
	if err != nil {
		return nil, fmt.Errorf("share: unlock cookie key: %w", err)
	}
	attempts := share.DefaultAttempts
	if p := cfg.SharePasswords; p.Attempts > 0 {
		attempts = share.Attempts{PerLink: p.Attempts, PerClient: p.ClientAttempts, Window: p.Window}
	}
	svc.SetUnlockKey(key, attempts)
	return svc, nil
}

// unlockKeyKey holds the key unlock cookies are signed with, made on first
// start and shared by replicas on one store.
var unlockKeyKey = store.Key("meta", "share-unlock-key")

type handlers struct {
	links      *share.Service
	viewer     *share.Viewer
	clips      *share.ClipViewer
	highlights *hl.Service
	recs       *recordings.Service
	files      *audio.Files
	secure     bool // unlock cookies only over https, where the public URL is
	// publicURL: the unlock route takes requests from the app's own pages only.
	publicURL string
}

func newViewer(l *share.Service, r *recordings.Service, u *identity.Users) *share.Viewer {
	return share.NewViewer(l, r, u)
}

func newHandlers(l *share.Service, v *share.Viewer, c *share.ClipViewer, hls *hl.Service, r *recordings.Service,
	f *audio.Files, cfg config.Config,
) *handlers {
	return &handlers{links: l, viewer: v, clips: c, highlights: hls, recs: r, files: f,
		secure: strings.HasPrefix(cfg.PublicURL, "https://"), publicURL: cfg.PublicURL}
}

func (h *handlers) routes() []httpx.Route {
	return []httpx.Route{
		{Pattern: "POST /api/v1/recordings/{id}/share", Handler: h.create},
		{Pattern: "GET /api/v1/recordings/{id}/shares", Handler: h.list},
		{Pattern: "DELETE /api/v1/share/{token}", Handler: h.revoke},
		{Pattern: "PATCH /api/v1/share/{token}", Handler: h.edit},
		{Pattern: "GET /api/v1/share/shared/recording", Handler: h.view, Access: httpx.Public},
		{Pattern: "POST /api/v1/highlights/{id}/share", Handler: h.createClip},
		{Pattern: "GET /api/v1/share/shared/clip", Handler: h.viewClip, Access: httpx.Public},
		{Pattern: "GET /api/v1/share/{token}/audio", Handler: h.audio, Access: httpx.Public},
		{Pattern: "POST /api/v1/share/{token}/unlock", Handler: httpx.RefuseCrossSite(h.publicURL, true, h.unlock), Access: httpx.Public},
	}
}

func (h *handlers) create(w http.ResponseWriter, r *http.Request) error {
	o, err := linkOptions(r)
	if err != nil {
		return err
	}
	link, err := h.links.CreateWith(r.Context(), httpx.MustPrincipal(r).UID, r.PathValue("id"), o)
	if err != nil {
		return err
	}
	// The spec answers a new link as itself, without the envelope.
	httpx.WriteJSON(w, http.StatusCreated, link)
	return nil
}

// linkOptions reads a new link's settings (an empty body is none).
func linkOptions(r *http.Request) (share.Options, error) {
	var body struct {
		ExpiresIn     json.RawMessage `json:"expiresIn"` // read by share.ExpiryOf, which says what is wrong with it
		Password      json.RawMessage `json:"password"`  // read by share.PasswordOf
		AllowDownload *bool           `json:"allowDownload"`
	}
	if r.ContentLength != 0 {
		if err := httpx.DecodeJSON(r, maxSettingsBody, &body); err != nil {
			return share.Options{}, err
		}
	}
	ttl, err := share.ExpiryOf(body.ExpiresIn)
	if err != nil {
		return share.Options{}, err
	}
	password, err := share.PasswordOf(body.Password)
	if err != nil {
		return share.Options{}, err
	}
	o := share.Options{ExpiresIn: ttl, AllowDownload: body.AllowDownload}
	if password != nil {
		o.Password = *password
	}
	return o, nil
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

// maxSettingsBody bounds a link's settings (a password is at most 128
// characters): whatever a caller sends is read before it is checked.
const maxSettingsBody = 4 << 10

// edit changes a link's password (null or "" clears it) or allowDownload.
func (h *handlers) edit(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Password      json.RawMessage `json:"password"`
		AllowDownload *bool           `json:"allowDownload"`
	}
	if err := httpx.DecodeJSON(r, maxSettingsBody, &body); err != nil {
		return err
	}
	password, err := share.PasswordOf(body.Password)
	if err != nil {
		return err
	}
	link, err := h.links.Edit(r.Context(), httpx.MustPrincipal(r).UID, r.PathValue("token"),
		share.Edit{Password: password, AllowDownload: body.AllowDownload})
	if err != nil {
		return err
	}
	httpx.OK(w, link)
	return nil
}

// unlock checks a visitor's password and sets the cookie that opens the link.
func (h *handlers) unlock(w http.ResponseWriter, r *http.Request) error {
	noindex(w)
	var body struct {
		Password string `json:"password"`
	}
	if err := httpx.DecodeJSON(r, maxSettingsBody, &body); err != nil {
		return err
	}
	if body.Password == "" {
		return apperr.Invalidf("password is required")
	}
	cookie, err := h.links.Unlock(r.Context(), strings.TrimSpace(r.PathValue("token")), body.Password, httpx.ClientKey(r))
	if err != nil {
		return err
	}
	if cookie != nil {
		h.setUnlockCookie(w, cookie)
	}
	httpx.Message(w, http.StatusOK, "Share link unlocked")
	return nil
}

// unlockPaths are where an unlock cookie is sent: the share routes and the
// shared chat's, never the rest of the API or the app's pages. A path cannot
// narrow it to one link (the view and the chat carry the token in the query
// string), so each link has a cookie of its own name, bound to it by its MAC.
var unlockPaths = []string{"/api/v1/share/", "/api/v1/chat/"}

func (h *handlers) setUnlockCookie(w http.ResponseWriter, c *share.Cookie) {
	for _, path := range unlockPaths {
		http.SetCookie(w, &http.Cookie{ //nolint:gosec // G124: Secure when the public URL is https (plain-http dev and tests have no secure cookies)
			Name: c.Name, Value: c.Value, Path: path, Expires: c.Expires, MaxAge: int(share.UnlockTTL.Seconds()),
			HttpOnly: true, Secure: h.secure, SameSite: http.SameSiteLaxMode,
		})
	}
}

func noindex(w http.ResponseWriter) {
	w.Header().Set("X-Robots-Tag", "noindex, nofollow")
	w.Header().Set("Referrer-Policy", "no-referrer")
}

// view answers a visitor's shared view (pkg/share assembles it) and counts the open.
func (h *handlers) view(w http.ResponseWriter, r *http.Request) error {
	noindex(w)
	ctx := share.WithCookies(r.Context(), r.Cookies())
	view, err := h.viewer.Open(ctx, strings.TrimSpace(r.URL.Query().Get("token")))
	if err != nil {
		return err
	}
	httpx.OK(w, view)
	return nil
}

// audio plays the shared recording's audio to whoever holds a valid link
// (a clip's link: its range only, clipAudio),
// refused as the shared view is (expired 410, revoked 401, unknown 404,
// protected and not unlocked 401). no-cache: a revoked link must stop
// playing, so every use asks again. ?download=1 asks for it as a file, which
// a link that does not allow downloads refuses; otherwise it is inline.
func (h *handlers) audio(w http.ResponseWriter, r *http.Request) error {
	noindex(w)
	link, err := h.links.ResolveAudio(share.WithCookies(r.Context(), r.Cookies()), strings.TrimSpace(r.PathValue("token")))
	if err != nil {
		return err
	}
	download := r.URL.Query().Get("download") == "1"
	if download && !link.AllowDownload {
		return errNoDownload
	}
	if link.HighlightID != "" {
		return h.clipAudio(w, r, link, download)
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
	w.Header().Set("Content-Disposition", disposition(download, m.ContentType))
	media.Serve(w, r, f, m, "private, no-cache")
	return nil
}

var errNoDownload = apperr.New(apperr.Forbidden, "DOWNLOAD_NOT_ALLOWED", "The owner of this link does not allow its audio to be downloaded.")

// disposition is inline for playback; a download is an attachment named for
// its kind of audio (the recording's title is not put in a header).
func disposition(download bool, contentType string) string {
	if !download {
		return "inline"
	}
	ext := ".audio"
	if exts, _ := mime.ExtensionsByType(contentType); len(exts) > 0 {
		ext = exts[0]
	}
	return mime.FormatMediaType("attachment", map[string]string{"filename": "recording" + ext})
}
