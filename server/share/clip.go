package share

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/pocket-companion/pocket/pkg/audio"
	hl "github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/server/httpx"
	"github.com/pocket-companion/pocket/server/media"
	"github.com/pocket-companion/pocket/server/web"
)

func newClipViewer(l *share.Service, r *recordings.Service, h *hl.Service) *share.ClipViewer {
	return share.NewClipViewer(l, r, h)
}

// revokeClipsOnDelete revokes a highlight's clip links in the transaction
// that deletes it, by itself, by a device's sync, or with its recording.
func revokeClipsOnDelete(l *share.Service, h *hl.Service) { h.OnDeleteIn(l.RevokeClipsIn) }

// clipPreview gives a clip's page its link preview. A protected, expired,
// revoked or unknown clip gets one naming no recording (its cookie is scoped
// to the API, not the page, so a protected clip is never previewed).
func clipPreview(v *share.ClipViewer) web.ClipPreview {
	return func(ctx context.Context, token string) []byte {
		if token == "" {
			return share.ClipHead(nil)
		}
		view, err := v.View(ctx, token)
		if err != nil {
			return share.ClipHead(nil)
		}
		return share.ClipHead(&view)
	}
}

// createClip makes a clip's link to one of the owner's highlights; another
// user's highlight is 404 as if it did not exist.
func (h *handlers) createClip(w http.ResponseWriter, r *http.Request) error {
	o, err := linkOptions(r)
	if err != nil {
		return err
	}
	uid := httpx.MustPrincipal(r).UID
	moment, err := h.highlights.Get(r.Context(), uid, r.PathValue("id"))
	if err != nil {
		return err
	}
	link, err := h.links.CreateClip(r.Context(), uid, share.Moment{HighlightID: moment.ID, RecordingID: moment.RecordingID}, o)
	if err != nil {
		return err
	}
	// Bare, like a recording's new link.
	httpx.WriteJSON(w, http.StatusCreated, link)
	return nil
}

// viewClip answers a clip's visitor (pkg/share assembles it) and counts the open.
func (h *handlers) viewClip(w http.ResponseWriter, r *http.Request) error {
	noindex(w)
	ctx := share.WithCookies(r.Context(), r.Cookies())
	view, err := h.clips.Open(ctx, strings.TrimSpace(r.URL.Query().Get("token")))
	if err != nil {
		return err
	}
	httpx.OK(w, view)
	return nil
}

// clipAudio plays a clip's range only: the recording's audio is cut to it
// (pkg/audio.Cut) and the cut is served with byte ranges, so no request
// reaches a byte outside it (a range past its end is 416).
func (h *handlers) clipAudio(w http.ResponseWriter, r *http.Request, link share.Link, download bool) error {
	moment, err := h.clips.Moment(r.Context(), link)
	if err != nil {
		return err
	}
	c, m, err := h.files.Clip(r.Context(), link.OwnerUID, link.RecordingID, moment.Start, moment.End)
	if err != nil {
		return err
	}
	hdr := w.Header()
	hdr.Set("Content-Disposition", clipDisposition(download, c.ContentType))
	// Where the audio begins and ends on the recording's timeline (an Ogg
	// clip starts on a page boundary, up to a page before the range).
	hdr.Set("X-Clip-Start", strconv.FormatFloat(c.From, 'f', 3, 64))
	hdr.Set("X-Clip-End", strconv.FormatFloat(c.To, 'f', 3, 64))
	media.Serve(w, r, nopCloser{bytes.NewReader(c.Data)}, audio.Meta{
		ContentType: c.ContentType, Size: int64(len(c.Data)), SHA256: clipTag(m, moment),
	}, "private, no-cache")
	return nil
}

// clipTag is the clip's ETag: the same audio cut to the same range is the
// same bytes.
func clipTag(m audio.Meta, moment hl.Highlight) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%v\x00%v", m.SHA256, moment.Start, moment.End))
	return hex.EncodeToString(sum[:])
}

func clipDisposition(download bool, contentType string) string {
	d := disposition(download, contentType)
	return strings.Replace(d, "recording", "clip", 1)
}

type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }
