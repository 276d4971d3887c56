package relay_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/upstream"
	"github.com/pocket-companion/pocket/server/relay"
	"github.com/pocket-companion/pocket/tests/servertest"
)

type shareLink struct{ Token string }

// sharedRecording starts a relay and its upstream, and alice shares her
// recording r1 (the marker "unicorn" in its title and summary).
func sharedRecording(t *testing.T) (*pair, *servertest.Client, shareLink) {
	p := startPair(t)
	alice := p.signIn(t, "alice@example.com")
	importRecording(t, alice, "r1", "unicorn")
	var link shareLink
	alice.MustOK("POST", "/api/v1/recordings/r1/share", nil, &link)
	return p, alice, link
}

// TestRelay_ShareLinksAreNeverCached: a visitor's view goes to the upstream
// every time, so a revoked link stops working at once.
func TestRelay_ShareLinksAreNeverCached(t *testing.T) {
	p, alice, link := sharedRecording(t)
	visitor := p.relay.NewClient(t)
	view := "/api/v1/share/shared/recording?token=" + link.Token
	if r := visitor.MustOK("GET", view, nil); !strings.Contains(string(r.Body), "unicorn") {
		t.Fatalf("shared view: %s", r.Body)
	}
	alice.MustOK("DELETE", "/api/v1/share/"+link.Token, nil)
	if r := visitor.Do("GET", view, nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("revoked link through the relay: %d %s", r.Status, r.Body)
	}
}

func TestRelay_UploadsMayExceedTheJSONLimit(t *testing.T) {
	p := startPair(t)
	alice := p.signIn(t, "alice@example.com")
	long := strings.Repeat("a long meeting about the unicorn budget ", 60000) // ~2.4 MB
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{
		"recording":     map[string]any{"id": "big", "title": "Long"},
		"transcription": map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": long, "start_time": 0, "end_time": 3}}},
	})
	if r := alice.MustOK("GET", "/api/v1/recordings/big?include=all", nil); len(r.Body) < len(long) {
		t.Fatalf("detail of %d bytes", len(r.Body))
	}
}

// A share link's page through a relay gets the recording for its first paint
// from the upstream's view, and nothing once the link is revoked or for an
// unknown token.
func TestRelay_SharePreviewReadsTheUpstreamsView(t *testing.T) {
	p, alice, link := sharedRecording(t)
	preview := relay.NewSharePreview(upstream.New(upstream.Options{BaseURL: p.up.URL, Timeout: 5 * time.Second}))
	ctx := context.Background()

	markup, ok := preview(ctx, link.Token)
	if !ok || !strings.Contains(string(markup), ">Plans unicorn</h1>") || !strings.Contains(string(markup), "<p>unicorn</p>") {
		t.Fatalf("preview through the relay = %v %s", ok, markup)
	}
	if _, ok := preview(ctx, "oNx6tD2KCM3uHACG5LOQ2pCXVxdtLXX01R6WcQ0Ilso"); ok {
		t.Fatal("an unknown token got a preview")
	}
	alice.MustOK("DELETE", "/api/v1/share/"+link.Token, nil)
	if _, ok := preview(ctx, link.Token); ok {
		t.Fatal("a revoked link's recording was put in the page")
	}
}

// A clip made through a relay opens through it (never cached: a revoked clip
// stops at once), and its page's link preview is read from the upstream.
func TestRelay_ClipsAreRelayedAndPreviewed(t *testing.T) {
	p := startPair(t)
	alice := p.signIn(t, "alice@example.com")
	importRecording(t, alice, "r1", "unicorn")
	var h struct{ Data struct{ ID string } }
	alice.MustOK("POST", "/api/v1/recordings/r1/highlights", map[string]any{"start": 0, "end": 2}, &h)
	r := alice.Do("POST", "/api/v1/highlights/"+h.Data.ID+"/share", nil)
	var clip struct{ Token, HighlightID string }
	r.JSON(t, &clip)
	if r.Status != http.StatusCreated || clip.HighlightID != h.Data.ID {
		t.Fatalf("clip through the relay = %d %s", r.Status, r.Body)
	}
	visitor := p.relay.NewClient(t)
	view := "/api/v1/share/shared/clip?token=" + clip.Token
	if r := visitor.MustOK("GET", view, nil); !strings.Contains(string(r.Body), "we talked about unicorn") || strings.Contains(string(r.Body), "## Summary") {
		t.Fatalf("clip through the relay: %s", r.Body)
	}
	preview := relay.NewClipPreview(upstream.New(upstream.Options{BaseURL: p.up.URL, Timeout: 5 * time.Second}))
	if head := string(preview(context.Background(), clip.Token)); !strings.Contains(head, `content="Plans unicorn"`) ||
		!strings.Contains(head, "we talked about unicorn") {
		t.Fatalf("preview through the relay: %s", head)
	}
	alice.MustOK("DELETE", "/api/v1/share/"+clip.Token, nil)
	if r := visitor.Do("GET", view, nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("revoked clip through the relay: %d %s", r.Status, r.Body)
	}
	if head := string(preview(context.Background(), clip.Token)); strings.Contains(head, "unicorn") {
		t.Fatalf("a revoked clip's preview: %s", head)
	}
}
