package relay_test

import (
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/oidctest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

var popupData = regexp.MustCompile(`(?s)<script id="pocket-auth" type="application/json">(.*?)</script>`)

// TestRelay_GoogleSignInThroughTheRelay runs the popup flow with the
// upstream's POCKET_PUBLIC_URL set to the relay's origin, as deployments do:
// the issuer sends the popup back to the relay, whose answer (the upstream's
// page, its CSP intact) posts the token to the relay's origin.
func TestRelay_GoogleSignInThroughTheRelay(t *testing.T) {
	google := oidctest.New(t, "pocket-google", func(s string) error {
		if s != "secret" {
			return errors.New("wrong secret")
		}
		return nil
	})
	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	relayAddr := ln.Addr().String()
	_ = ln.Close()
	up := servertest.Start(t, func(c *config.Config) {
		c.PublicURL = "http://" + relayAddr
		c.Google = config.Google{ClientID: "pocket-google", ClientSecret: "secret", Issuer: google.URL}
	})
	rel := servertest.Start(t, func(c *config.Config) {
		c.Addr, c.PublicURL = relayAddr, "http://"+relayAddr
		c.UpstreamURL, c.UpstreamJWKSURL = up.URL, up.URL+"/api/v1/auth/jwks"
	})
	google.Queue(oidctest.User{Subject: "g-1", Email: "ada@example.com", EmailVerified: true, Name: "Ada"})

	popup := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(url string) *http.Response {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
		resp, err := popup.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	start := get(rel.URL + "/api/v1/auth/google/start")
	authorize := start.Header.Get("Location")
	if start.StatusCode != http.StatusFound || !strings.HasPrefix(authorize, google.URL) ||
		!strings.Contains(authorize, "redirect_uri=http%3A%2F%2F"+strings.ReplaceAll(relayAddr, ":", "%3A")) {
		t.Fatalf("start: %d to %q", start.StatusCode, authorize)
	}
	callback := get(authorize).Header.Get("Location")
	if !strings.HasPrefix(callback, "http://"+relayAddr+"/api/v1/auth/google/callback?") {
		t.Fatalf("the issuer sent the popup to %q", callback)
	}
	page := get(callback)
	body, _ := io.ReadAll(page.Body)
	page.Body.Close()
	m := popupData.FindSubmatch(body)
	if page.StatusCode != 200 || m == nil || !strings.Contains(page.Header.Get("Content-Security-Policy"), "script-src 'nonce-") {
		t.Fatalf("callback page through the relay: %d %v\n%s", page.StatusCode, page.Header, body)
	}
	var data struct {
		Message struct{ Token, Error string }
		Origin  string
	}
	if err := json.Unmarshal(m[1], &data); err != nil || data.Message.Token == "" || data.Origin != "http://"+relayAddr {
		t.Fatalf("popup data %s (%v)", m[1], err)
	}
	c := rel.NewClient(t)
	var session struct{ IDToken string }
	c.MustOK("POST", "/api/v1/auth/session", map[string]string{"token": data.Message.Token}, &session)
	c.IDToken = session.IDToken
	c.MustOK("GET", "/api/v1/recordings/dashboard", nil)
}
