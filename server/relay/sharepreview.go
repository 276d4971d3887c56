package relay

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/web"
)

// sharePreviewWait bounds how long a share link's page waits for the
// upstream's view before it is sent without it (the app then asks itself).
const sharePreviewWait = 1500 * time.Millisecond

// NewSharePreview gives the app's HTML a share link's recording for its first
// paint, read from the upstream's public view as the app reads it. A refusal,
// an error or a slow upstream leaves the page as it was.
func NewSharePreview(c *upstream.Client) web.SharePreview {
	return func(ctx context.Context, token string) ([]byte, bool) {
		ctx, cancel := context.WithTimeout(ctx, sharePreviewWait)
		defer cancel()
		status, body, err := c.Call(ctx, "", http.MethodGet, "/api/v1/share/shared/recording?token="+url.QueryEscape(token), nil)
		if err != nil || status != http.StatusOK {
			return nil, false
		}
		view, ok := share.ViewOfAnswer(body)
		if !ok {
			return nil, false
		}
		return share.PreviewOf(view).HTML(), true
	}
}

// NewClipPreview gives a clip's page its link preview from the upstream's
// public clip answer; a refusal, an error or a slow upstream gives the
// preview that names no recording.
func NewClipPreview(c *upstream.Client) web.ClipPreview {
	return func(ctx context.Context, token string) []byte {
		if token == "" {
			return share.ClipHead(nil)
		}
		ctx, cancel := context.WithTimeout(ctx, sharePreviewWait)
		defer cancel()
		status, body, err := c.Call(ctx, "", http.MethodGet, "/api/v1/share/shared/clip?token="+url.QueryEscape(token), nil)
		var answer struct {
			Data *share.ClipView `json:"data"`
		}
		if err != nil || status != http.StatusOK || json.Unmarshal(body, &answer) != nil {
			return share.ClipHead(nil)
		}
		return share.ClipHead(answer.Data)
	}
}
