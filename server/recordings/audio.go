package recordings

import (
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/audio"
	recs "github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/media"
)

// Multipart upload parts: the import object, and the recording's audio.
const (
	partRecording = "recording"
	partAudio     = "audio"
)

// isMultipart tells a device upload with audio from the plain JSON one.
func isMultipart(r *http.Request) bool {
	typ, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return typ == "multipart/form-data"
}

// importWithAudio reads a multipart upload: a "recording" part holding the
// import object (JSON, within MaxUploadBytes) and an "audio" part streamed
// to a temporary file within the audio limit. The audio's metadata is
// written in the recording's transaction, so the user's bytes limit counts
// both, and the file is moved into place once that commits; any refusal
// leaves nothing behind.
func (h handlers) importWithAudio(r *http.Request) (recs.ImportResult, error) {
	limit := maxAudioBytes
	if r.ContentLength > limit+MaxUploadBytes {
		return recs.ImportResult{}, apperr.Newf(apperr.TooLarge, "BODY_TOO_LARGE", "Request body is too large: audio may be up to %d MB", limit>>20)
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return recs.ImportResult{}, apperr.Invalidf("Request body is not valid multipart/form-data")
	}
	var raw []byte
	var staged *audio.Staged
	defer func() { staged.Discard() }() // a no-op once committed (the file has moved)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return recs.ImportResult{}, apperr.Invalidf("Request body is not valid multipart/form-data")
		}
		switch part.FormName() {
		case partRecording:
			if raw, err = readPart(part, MaxUploadBytes); err != nil {
				return recs.ImportResult{}, err
			}
		case partAudio:
			if staged != nil {
				return recs.ImportResult{}, apperr.Invalidf("Send one audio part only")
			}
			if staged, err = h.files.Stage(part, limit); err != nil {
				return recs.ImportResult{}, err
			}
		default:
			return recs.ImportResult{}, apperr.Invalidf("Unknown part %q: send %q (the import object) and %q (the audio file)", part.FormName(), partRecording, partAudio)
		}
	}
	if raw == nil {
		return recs.ImportResult{}, apperr.Invalidf("The %q part with the import object is missing", partRecording)
	}
	var attach func(*store.Txn, string) error
	if staged != nil {
		attach = func(x *store.Txn, id string) error { return audio.PutMetaIn(x, uid(r), id, staged.Meta) }
	}
	res, err := h.svc.Upload(r.Context(), uid(r), raw, attach)
	if err != nil || staged == nil {
		return res, err
	}
	if err := h.files.Place(uid(r), res.ID, staged); err != nil {
		_ = h.files.Remove(uid(r), res.ID) // metadata without its file would be counted and never served
		return res, err
	}
	return res, nil
}

// readPart reads one small part whole, refusing it beyond limit.
func readPart(p *multipart.Part, limit int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(p, limit+1))
	switch {
	case err != nil:
		return nil, apperr.Invalidf("Request body could not be read")
	case int64(len(b)) > limit:
		return nil, apperr.New(apperr.TooLarge, "BODY_TOO_LARGE", "The import object is too large")
	case len(strings.TrimSpace(string(b))) == 0:
		return nil, apperr.Invalidf("The %q part is empty; it must hold the import object", partRecording)
	}
	return b, nil
}

// audioHandlers serve the owner's audio and the links the app's player uses.
type audioHandlers struct {
	svc      *recs.Service
	files    *audio.Files
	links    *audio.Links
	sessions httpx.Sessions
}

// AudioRoutes serves recordings' audio. The file route is signed in by a
// bearer token when one is sent (a session's ID token, or an access token
// with recordings:read: devices, scripts); without one it takes a signed
// link from the link route (a browser's <audio> element cannot send the
// token), good while the session that asked for it is.
func AudioRoutes(svc *recs.Service, files *audio.Files, links *audio.Links, s httpx.Sessions) []httpx.Route {
	h := audioHandlers{svc: svc, files: files, links: links, sessions: s}
	return []httpx.Route{
		{Pattern: "GET /api/v1/recordings/{id}/audio", Handler: h.audio, Access: httpx.OptionalSignIn},
		{Pattern: "GET /api/v1/recordings/{id}/audio/link", Handler: h.link},
	}
}

func (h audioHandlers) audio(w http.ResponseWriter, r *http.Request) error {
	id, err := recordingID(r, "id")
	if err != nil {
		return err
	}
	owner, err := h.caller(r, id)
	if err != nil {
		return err
	}
	if ok, err := h.svc.Exists(r.Context(), owner, id); err != nil || !ok {
		return errOr(err, apperr.Missing("Recording"))
	}
	f, m, err := h.files.Open(r.Context(), owner, id)
	if err != nil {
		return err
	}
	media.Serve(w, r, f, m, "private")
	return nil
}

// caller is who asks: the signed-in user (the router checked the bearer
// token), or the signed link's owner.
func (h audioHandlers) caller(r *http.Request, id string) (string, error) {
	if p, ok := httpx.PrincipalFrom(r.Context()); ok {
		return p.UID, nil
	}
	if t := r.URL.Query().Get("t"); t != "" {
		return h.linkOwner(r, t, id)
	}
	return "", apperr.New(apperr.Unauthenticated, "UNAUTHENTICATED", "Authentication required")
}

// linkOwner is the owner of a signed link whose session is still alive.
func (h audioHandlers) linkOwner(r *http.Request, token, id string) (string, error) {
	owner, sid, err := h.links.Verify(token, id)
	if err != nil {
		return "", err
	}
	alive, err := h.sessions.SessionAlive(r.Context(), owner, sid)
	if err != nil {
		return "", err
	}
	if !alive {
		return "", audio.ErrLinkRefused
	}
	return owner, nil
}

// link answers {url, expiresAt}: a URL of the owner's audio the player can
// load without headers, good for audio.LinkTTL.
func (h audioHandlers) link(w http.ResponseWriter, r *http.Request) error {
	id, err := recordingID(r, "id")
	if err != nil {
		return err
	}
	owner, sid := uid(r), httpx.MustPrincipal(r).SessionID
	if ok, err := h.svc.Exists(r.Context(), owner, id); err != nil || !ok {
		return errOr(err, apperr.Missing("Recording"))
	}
	if m, err := h.files.Meta(r.Context(), owner, id); err != nil || m == nil {
		return errOr(err, apperr.Missing("Audio"))
	}
	token, exp, err := h.links.Sign(owner, sid, id)
	if err != nil {
		return err
	}
	link := "/api/v1/recordings/" + url.PathEscape(id) + "/audio?t=" + token
	httpx.OK(w, map[string]any{"url": link, "expiresAt": exp.UTC().Format("2006-01-02T15:04:05Z")})
	return nil
}

func errOr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}
