package auth_test

import (
	"net/http"
	"strings"
	"testing"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/server/live"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// Signing out ends the session everywhere it is held at once: its ID token
// on a REST read, its open live socket, and the audio links it asked for.
// Another session of the same person goes on.
func TestLogout_EndsThatSessionsTokensSocketsAndAudioLinksAtOnce(t *testing.T) {
	t.Parallel()
	s, tokens := startWithTokens(t)
	phone := s.SignIn(t, "ada@example.com")
	laptop := s.NewSession(t, tokens, phone.UID(tokens))
	link := uploadWithAudioLink(t, phone, "r1")
	phoneSocket := s.OpenEvents(t, phone.IDToken)
	laptopSocket := s.OpenEvents(t, laptop.IDToken)
	if r := fetchAudio(t, s, link); r != http.StatusOK {
		t.Fatalf("signed link before sign-out: %d", r)
	}
	if r := phone.Do("GET", "/api/v1/auth/session", nil); r.Status != http.StatusNoContent {
		t.Fatalf("session check before sign-out: %d %s", r.Status, r.Body)
	}

	phone.MustOK("POST", "/api/v1/auth/logout", nil)

	if r := phone.Do("GET", "/api/v1/folders", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("the signed-out ID token read folders: %d %s", r.Status, r.Body)
	}
	if r := phone.Do("GET", "/api/v1/auth/session", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("session check after sign-out: %d %s", r.Status, r.Body)
	}
	if r := laptop.Do("GET", "/api/v1/auth/session", nil); r.Status != http.StatusNoContent {
		t.Fatalf("the other session's check: %d %s", r.Status, r.Body)
	}
	servertest.WantClosed(t, phoneSocket, live.CloseSignedOut)
	if r := fetchAudio(t, s, link); r != http.StatusUnauthorized {
		t.Fatalf("an audio link of the signed-out session played: %d", r)
	}
	laptop.MustOK("GET", "/api/v1/folders", nil)
	servertest.WantOpen(t, laptopSocket)
}

// Signing out of all devices ends every session of that person, this one
// included, and no one else's.
func TestLogoutAll_EndsEverySessionOfTheUserOnly(t *testing.T) {
	t.Parallel()
	s, tokens := startWithTokens(t)
	phone := s.SignIn(t, "ada@example.com")
	laptop := s.NewSession(t, tokens, phone.UID(tokens))
	bob := s.SignIn(t, "bob@example.com")
	link := uploadWithAudioLink(t, laptop, "r1")
	laptopSocket := s.OpenEvents(t, laptop.IDToken)
	bobSocket := s.OpenEvents(t, bob.IDToken)

	if r := s.NewClient(t).Do("POST", "/api/v1/auth/logout-all", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("logout-all without a token: %d", r.Status)
	}
	r := phone.MustOK("POST", "/api/v1/auth/logout-all", nil)
	if !strings.Contains(strings.Join(r.Header.Values("Set-Cookie"), ";"), "pocket_refresh=;") {
		t.Fatalf("this device's session cookie was not cleared: %v", r.Header.Values("Set-Cookie"))
	}

	for name, c := range map[string]*servertest.Client{"phone": phone, "laptop": laptop} {
		if r := c.Do("GET", "/api/v1/folders", nil); r.Status != http.StatusUnauthorized {
			t.Fatalf("%s's ID token still reads: %d", name, r.Status)
		}
	}
	if r := laptop.Do("POST", "/api/v1/auth/refresh", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("the laptop's refresh cookie still works: %d", r.Status)
	}
	servertest.WantClosed(t, laptopSocket, live.CloseSignedOut)
	if r := fetchAudio(t, s, link); r != http.StatusUnauthorized {
		t.Fatalf("an audio link of an ended session played: %d", r)
	}
	bob.MustOK("GET", "/api/v1/folders", nil)
	bob.MustOK("POST", "/api/v1/auth/refresh", nil)
	servertest.WantOpen(t, bobSocket)
	again := s.NewSession(t, tokens, bob.UID(tokens)) // bob's uid: a fresh session must work after all this
	again.MustOK("GET", "/api/v1/folders", nil)
}

func startWithTokens(t *testing.T) (*servertest.Server, *identity.Tokens) {
	var tokens *identity.Tokens
	s := servertest.Start(t, nil, fx.Populate(&tokens))
	return s, tokens
}

// uploadWithAudioLink stores a recording with (fake Ogg) audio and answers
// the signed link the player would use.
func uploadWithAudioLink(t *testing.T, c *servertest.Client, id string) string {
	t.Helper()
	c.UploadWithAudio(id, "Call", servertest.FakeOgg)
	var link struct{ Data struct{ URL string } }
	c.MustOK("GET", "/api/v1/recordings/"+id+"/audio/link", nil, &link)
	return link.Data.URL
}

// fetchAudio plays a signed link without credentials, as an <audio> element does.
func fetchAudio(t *testing.T, s *servertest.Server, link string) int {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, s.URL+link, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}
