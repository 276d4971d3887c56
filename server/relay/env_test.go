package relay_test

import (
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/server/relay"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// testOptions are quick to go stale and to recover, so tests do not wait.
func testOptions(o relay.Options) relay.Options {
	o.FreshFor = 50 * time.Millisecond
	o.Upstream.Backoff = 5 * time.Millisecond
	o.Upstream.Timeout = 2 * time.Second
	o.Upstream.OpenFor = 200 * time.Millisecond
	return o
}

// startRelay runs a relay (a whole `pocket serve` in relay mode) in front of upstreamURL.
func startRelay(t *testing.T, upstreamURL string, edit func(relay.Options) relay.Options, extra ...fx.Option) *servertest.Server {
	t.Helper()
	if edit == nil {
		edit = testOptions
	}
	return servertest.Start(t, func(c *config.Config) {
		c.UpstreamURL = upstreamURL
		c.UpstreamJWKSURL = upstreamURL + "/api/v1/auth/jwks"
	}, append(extra, fx.Decorate(edit))...)
}

// startRelayToFake is startRelay in front of a fake upstream: the fake's
// answers are stand-ins, so the relay's traffic is not held to the API's document.
func startRelayToFake(t *testing.T, upstreamURL string, edit func(relay.Options) relay.Options) *servertest.Server {
	t.Helper()
	return startRelay(t, upstreamURL, edit, servertest.Unchecked)
}

// pair is an embedded upstream and a relay in front of it.
type pair struct {
	up, relay *servertest.Server
}

func startPair(t *testing.T) *pair {
	up := servertest.Start(t, nil)
	return &pair{up: up, relay: startRelay(t, up.URL, nil)}
}

// signIn signs email in through the relay, with the code the upstream mailed.
func (p *pair) signIn(t *testing.T, email string) *servertest.Client {
	t.Helper()
	c := p.relay.NewClient(t)
	c.MustOK("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": email})
	var verified struct {
		Data struct{ Token string } `json:"data"`
	}
	c.MustOK("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": email, "otp": p.up.Mail.LastCode(strings.ToLower(email))}, &verified)
	var session struct{ IDToken string }
	c.MustOK("POST", "/api/v1/auth/session", map[string]string{"token": verified.Data.Token}, &session)
	if session.IDToken == "" {
		t.Fatal("no ID token from the session exchange")
	}
	c.IDToken = session.IDToken
	return c
}

// direct is the same person talking to the upstream itself.
func (p *pair) direct(t *testing.T, c *servertest.Client) *servertest.Client {
	return p.up.WithToken(t, c.IDToken)
}

// importRecording uploads a recording whose title, summary and transcript carry marker.
func importRecording(t *testing.T, c *servertest.Client, id, marker string) {
	t.Helper()
	c.MustOK("POST", "/api/v1/recordings", map[string]any{
		"recording":      map[string]any{"id": id, "title": "Plans " + marker, "folder": map[string]any{"name": "Folder " + marker}},
		"summarizations": map[string]any{"s-" + id: map[string]any{"v2Summary": "## Summary\n" + marker}},
		"transcription":  map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "we talked about " + marker, "start_time": 0, "end_time": 3}}},
	})
}
