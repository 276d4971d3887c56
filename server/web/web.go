// Package web serves the built PWA embedded in the binary. App routes (anything
// that is not a file) get index.html so the client router can take them, including
// its own 404 page.
package web

import (
	"bytes"
	"context"
	"embed"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strings"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/auth"
)

//go:embed all:dist
var dist embed.FS

//go:embed placeholder.html
var placeholder []byte

// Module provides the app handler, named "app" for the HTTP server's fallback.
// A SharePreview, when some module provides one (the share links' module,
// or a relay's upstream), fills a share link's first paint, and a
// ClipPreview a clip's link preview.
// A SignedInCopy and a SignedInList (the server's own, not a relay's) fill
// a signed-in person's recording page and list the same way.
var Module = fx.Module("web",
	fx.Provide(fx.Annotate(
		func(preview SharePreview, clip ClipPreview, signedIn SignedInCopy, list SignedInList) http.Handler {
			return newHandler(AppFS(), fillers{share: preview, clip: clip, signedIn: signedIn, list: list})
		},
		fx.ParamTags(`optional:"true"`, `optional:"true"`, `optional:"true"`, `optional:"true"`), fx.ResultTags(`name:"app"`),
	)),
)

// SharePreview renders the recording a share token opens as markup for the
// shared page's main column (pkg/share.Preview). ok is false when the page
// should load as it always has: no such link, expired, revoked, or any error
// (the app then says which).
type SharePreview func(ctx context.Context, token string) (markup []byte, ok bool)

// SignedInCopy renders the recording id as markup for the owner's recording
// page (pkg/firstpaint), for the person the request's page pass speaks for
// (server/firstpaint). ok is false without a valid pass, for a recording they
// do not have, or on any error: the page then loads as it always has.
type SignedInCopy func(r *http.Request, id string) (markup []byte, ok bool)

// SignedInList renders the first rows of the list of the person the
// request's page pass speaks for (server/firstpaint); false as for
// SignedInCopy, and for an empty library.
type SignedInList func(r *http.Request) (markup []byte, ok bool)

// fillers are what fill the pre-rendered frames; any may be nil.
type fillers struct {
	share    SharePreview
	clip     ClipPreview
	signedIn SignedInCopy
	list     SignedInList
}

// AppFS is the built app, or nil when the binary was built without it.
func AppFS() fs.FS {
	sub, err := fs.Sub(dist, "dist/app")
	if err != nil {
		return nil
	}
	if _, err := fs.Stat(sub, "index.html"); err != nil {
		return nil
	}
	return sub
}

// contentSecurityPolicy lets the app load only from its own origin. 'wasm-unsafe-eval'
// is for the self-hosted Rive runtime; inline styles for React's style props.
// connect-src 'self' covers the live socket too (CSP 3 matches ws: and wss: to
// the page's own host), and no other host's.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
	"connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
	"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

// NewHandler serves files from app; with no app it serves a page saying how to build it.
func NewHandler(app fs.FS) http.Handler { return newHandler(app, fillers{}) }

func newHandler(app fs.FS, fill fillers) http.Handler {
	index := placeholder
	if app != nil {
		if b, err := fs.ReadFile(app, "index.html"); err == nil {
			index = b
		}
	}
	pages := appPages(app, index)
	gz := &gzipCache{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if app != nil && name != "" && name != "index.html" && isFile(app, name) {
			setFileHeaders(w, name)
			if !gz.serveGzipped(w, r, name, readFrom(app, name)) {
				http.ServeFileFS(w, r, app, name) //nolint:gosec // G703: name is in the embedded app (isFile), and fs.FS names cannot leave it
			}
			return
		}
		if strings.HasPrefix(name, "assets/") {
			// A gone chunk (a tab of an older build after a deploy) must fail as
			// one, not load the app's HTML as script: the app reloads once on it.
			w.Header().Set("Cache-Control", "no-store")
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		setIndexHeaders(w, r, name)
		if body, ok := pages.clipFilled(name, r, fill.clip); ok {
			// The clip's title and words are in this page: no cache keeps it.
			w.Header().Set("Cache-Control", "no-store")
			serveCompressed(w, r, body)
			return
		}
		if body, ok := pages.filled(name, r, fill); ok {
			// The recording's words are in this page: no cache keeps it.
			w.Header().Set("Cache-Control", "no-store")
			serveCompressed(w, r, body)
			return
		}
		page, body := pages.forRoute(name, r)
		if !gz.serveGzipped(w, r, page, func() ([]byte, error) { return body, nil }) {
			http.ServeContent(w, r, page, time.Time{}, bytes.NewReader(body))
		}
	})
}

// pages are the HTML documents app routes get: index.html, login.html (the
// login screen pre-rendered, so it paints before any script), shared.html,
// recordings.html and recording.html (index.html preloading the code of the
// shared page, the list and a recording) and shared-view.html (the shared
// page's frame, which the server fills with the recording) and
// recording-view.html and recordings-view.html (the signed-in shell's
// frames, which the server fills with the owner's recording or list) when
// the build has them.
type pages struct{ index, login, shared, list, detail, sharedFrame, detailFrame, listFrame []byte }

func appPages(app fs.FS, index []byte) pages {
	p := pages{index: index}
	if app != nil {
		p.login, _ = fs.ReadFile(app, "login.html")
		p.shared, _ = fs.ReadFile(app, "shared.html")
		p.list, _ = fs.ReadFile(app, "recordings.html")
		p.detail, _ = fs.ReadFile(app, "recording.html")
		p.sharedFrame = frame(app, "shared-view.html", sharedViewMarker)
		p.detailFrame = frame(app, "recording-view.html", recordingViewMarker)
		p.listFrame = frame(app, "recordings-view.html", recordingsViewMarker)
	}
	return p
}

// Where shared-view.html, recording-view.html and recordings-view.html take
// their markup (pwa/prerender-plugin.ts writes them).
var (
	sharedViewMarker     = []byte("<!--pocket:shared-view-->")
	recordingViewMarker  = []byte("<!--pocket:recording-view-->")
	recordingsViewMarker = []byte("<!--pocket:recordings-view-->")
)

// frame is a page the server fills at marker, or nil when the build has no
// such page.
func frame(app fs.FS, name string, marker []byte) []byte {
	b, _ := fs.ReadFile(app, name)
	if !bytes.Contains(b, marker) {
		return nil
	}
	return b
}

// filled is the page of a share link or of a signed-in person's recording
// with the recording in it, so its first paint shows the title and summary
// before any script has run; false when there is nothing to give (then the
// page loads as usual).
func (p pages) filled(name string, r *http.Request, fill fillers) ([]byte, bool) {
	if token, ok := shareToken(name, r); ok && fill.share != nil && p.sharedFrame != nil {
		markup, ok := fill.share(r.Context(), token)
		return fillFrame(p.sharedFrame, sharedViewMarker, markup, ok)
	}
	if id, ok := ownRecording(name, r); ok && fill.signedIn != nil && p.detailFrame != nil {
		markup, ok := fill.signedIn(r, id)
		return fillFrame(p.detailFrame, recordingViewMarker, markup, ok)
	}
	if ownList(name, r) && fill.list != nil && p.listFrame != nil {
		markup, ok := fill.list(r)
		return fillFrame(p.listFrame, recordingsViewMarker, markup, ok)
	}
	return nil, false
}

// ownList is whether the page is a signed-in person's plain list: no
// search, folder or filter in its query.
func ownList(name string, r *http.Request) bool {
	return hasSessionMarker(r) && r.URL.RawQuery == "" && strings.EqualFold(name, "recordings")
}

func fillFrame(frame, marker, markup []byte, ok bool) ([]byte, bool) {
	if !ok {
		return nil, false
	}
	return bytes.Replace(frame, marker, markup, 1), true
}

// ownRecording is the id of the recording a signed-in person's page opens
// (name as forRoute names routes). A page with a query (another tab, a
// passage) opens on something other than the summary: it is not filled.
func ownRecording(name string, r *http.Request) (string, bool) {
	if !hasSessionMarker(r) || r.URL.RawQuery != "" || !detailRoute.MatchString(name) {
		return "", false
	}
	_, id, _ := strings.Cut(name, "/")
	return id, id != ""
}

// sharedPage is the app route a share link opens, as forRoute names routes.
const sharedPage = "shared/recording"

// forRoute picks the document for an app route (name: its cleaned path
// without the leading slash). A share link gets shared.html. /login gets the
// pre-rendered login screen only without a session: someone signed in is sent
// on to their recordings, and should see the loading screen meanwhile, not a
// login form. With a session, the list and a recording get the page that
// preloads their code (without one they lead to /login, which needs none of it).
func (p pages) forRoute(name string, r *http.Request) (string, []byte) {
	signedIn := hasSessionMarker(r)
	switch {
	case p.shared != nil && name == sharedPage:
		return "shared.html", p.shared
	case p.login != nil && name == "login" && !signedIn:
		return "login.html", p.login
	case p.list != nil && signedIn && listRoute.MatchString(name):
		return "recordings.html", p.list
	case p.detail != nil && signedIn && detailRoute.MatchString(name):
		return "recording.html", p.detail
	}
	return "index.html", p.index
}

// The list's and a recording's routes as the app's router matches them
// (pwa/src/app/paths.ts: case-insensitive; "/" redirects to the list).
var (
	listRoute   = regexp.MustCompile(`(?i)^(recordings)?$`)
	detailRoute = regexp.MustCompile(`(?i)^recordings/[^/]+$`)
)

// hasSessionMarker reads the readable cookie that says a session cookie is
// (probably) there; it proves nothing, so it only chooses what to preload.
func hasSessionMarker(r *http.Request) bool {
	c, err := r.Cookie(auth.SessionMarkerCookie)
	return err == nil && c.Value == "1"
}

func isFile(app fs.FS, name string) bool {
	info, err := fs.Stat(app, name)
	return err == nil && !info.IsDir()
}

func setFileHeaders(w http.ResponseWriter, name string) {
	switch {
	case strings.HasSuffix(name, ".html"):
		// login.html, fetched by the service worker's precache: the worker
		// answers navigations with it later, these headers included.
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Security-Policy", contentSecurityPolicy)
	case strings.HasPrefix(name, "assets/"):
		// Vite puts a content hash in every asset name, so they never change.
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	default:
		// The service worker, manifest and icons must be revalidated to roll out updates.
		w.Header().Set("Cache-Control", "no-cache")
	}
}

func setIndexHeaders(w http.ResponseWriter, r *http.Request, name string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	if strings.HasPrefix(r.URL.Path, "/shared/") {
		// Share links are private by intent: keep them out of search engines and
		// out of the Referer header of any link the page opens.
		h.Set("X-Robots-Tag", "noindex, nofollow")
		h.Set("Referrer-Policy", "no-referrer")
		if link := sharedViewPreload(name, r); link != "" {
			h.Set("Link", link)
		}
	}
}

// shareTokenShape is what a share token looks like (base64url); anything else
// gets no preload, and the page reports the link as the app always has.
var shareTokenShape = regexp.MustCompile(`^[A-Za-z0-9_-]{16,128}$`)

// shareToken is the token of a share link's page (name as forRoute names
// routes), when it has the shape of one.
func shareToken(name string, r *http.Request) (string, bool) {
	token := strings.TrimSpace(r.URL.Query().Get("token"))
	return token, name == sharedPage && shareTokenShape.MatchString(token)
}

// sharedViewPreload asks the browser to fetch a shared recording's view while
// the app's scripts download, instead of after they have run: the page's own
// request for it (same URL, same-origin credentials) then takes the preloaded
// answer. The URL is built as the app builds it.
func sharedViewPreload(name string, r *http.Request) string {
	token, ok := shareToken(name, r)
	if !ok {
		return ""
	}
	return "</api/v1/share/shared/recording?token=" + token + ">; rel=preload; as=fetch; crossorigin=anonymous"
}
