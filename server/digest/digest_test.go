package digest_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/tests/servertest"
)

const alice = "alice@example.com"

type settings struct {
	Frequency string `json:"frequency"`
	Email     bool   `json:"email"`
	Push      bool   `json:"push"`
}

type envelope[T any] struct {
	Success bool   `json:"success"`
	Data    T      `json:"data"`
	Message string `json:"message"`
	Code    string `json:"code"`
}

func getSettings(t *testing.T, c *servertest.Client) settings {
	t.Helper()
	var got envelope[settings]
	c.MustOK("GET", "/api/v1/settings/digest", nil, &got)
	return got.Data
}

func TestSettings_DefaultOff_ValidatedAndSignedInOnly(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.SignIn(t, alice)
	if got := getSettings(t, c); got != (settings{Frequency: "off"}) {
		t.Fatalf("default settings %+v, want off", got)
	}
	for _, body := range []string{`{"frequency":"hourly"}`, `{"email":true}`, `{"frequency":"daily","push":"yes"}`, `not json`} {
		r := c.Do("PUT", "/api/v1/settings/digest", []byte(body))
		var e envelope[any]
		r.JSON(t, &e)
		if r.Status != http.StatusBadRequest || e.Success || e.Message == "" || e.Code == "" {
			t.Errorf("PUT %s: %d %s, want 400 with the error envelope", body, r.Status, r.Body)
		}
	}
	c.MustOK("PUT", "/api/v1/settings/digest", settings{Frequency: "weekly", Push: true})
	if got := getSettings(t, c); got != (settings{Frequency: "weekly", Push: true}) {
		t.Errorf("after PUT: %+v", got)
	}
	if got := getSettings(t, s.SignIn(t, "bob@example.com")); got.Frequency != "off" {
		t.Errorf("another user's settings %+v, want their own default", got)
	}
	anon := s.NewClient(t)
	for _, call := range [][2]string{{"GET", "/api/v1/settings/digest"}, {"PUT", "/api/v1/settings/digest"}, {"GET", "/api/v1/digest"}, {"POST", "/api/v1/digest/send"}} {
		if r := anon.Do(call[0], call[1], nil); r.Status != http.StatusUnauthorized {
			t.Errorf("%s %s signed out: %d, want 401", call[0], call[1], r.Status)
		}
	}
}

func importFixture(t *testing.T, c *servertest.Client, name string) {
	t.Helper()
	raw, err := os.ReadFile("../../fixtures/recordings/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]json.RawMessage
	var recording map[string]any
	if err := json.Unmarshal(raw, &rec); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(rec["recording"], &recording); err != nil {
		t.Fatal(err)
	}
	delete(recording, "createdAt") // created when imported: new to the digest
	rec["recording"], _ = json.Marshal(recording)
	c.MustOK("POST", "/api/v1/recordings", rec)
}

func TestSendNow_MailsTheDigestWithAWorkingSignedOutUnsubscribe(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.SignIn(t, alice)
	importFixture(t, c, "02-one-on-one-leo.json")
	if r := c.Do("POST", "/api/v1/digest/send", nil); r.Status != http.StatusBadRequest {
		t.Errorf("send with no channel chosen: %d, want 400", r.Status)
	}
	c.MustOK("PUT", "/api/v1/settings/digest", settings{Frequency: "daily", Email: true})

	var current envelope[struct {
		Recordings []struct{ Title, Summary string }
	}]
	c.MustOK("GET", "/api/v1/digest", nil, &current)
	if len(current.Data.Recordings) != 1 || current.Data.Recordings[0].Title != "1:1 with Leo" {
		t.Fatalf("current digest %+v, want the new recording", current.Data)
	}
	var sent envelope[struct {
		Email      bool
		Recordings int
	}]
	c.MustOK("POST", "/api/v1/digest/send", nil, &sent)
	if !sent.Data.Email || sent.Data.Recordings != 1 {
		t.Errorf("send answered %+v", sent.Data)
	}
	mails := s.Mail.To(alice)
	m := mails[len(mails)-1]
	if !strings.Contains(m.Subject, "digest") || !strings.Contains(m.Body, "1:1 with Leo") || !strings.Contains(m.HTML, "1:1 with Leo") {
		t.Fatalf("mail %q:\n%s", m.Subject, m.Body)
	}
	var link string
	for _, h := range m.Headers {
		if h.Name == "List-Unsubscribe" {
			link = strings.Trim(h.Value, "<>")
		}
	}
	u, err := url.Parse(link)
	if err != nil || u.Path != "/api/v1/digest/unsubscribe" || !strings.Contains(m.Body, link) {
		t.Fatalf("List-Unsubscribe %q, want the link the body shows too", link)
	}
	path := u.Path + "?" + u.RawQuery
	anon := s.NewClient(t)
	page := anon.DoWith("GET", path, nil, http.Header{"Accept": {"text/html"}})
	if page.Status != http.StatusOK || !strings.Contains(string(page.Body), `<button type="submit">Unsubscribe</button>`) {
		t.Fatalf("GET the link signed out: %d %s", page.Status, page.Body)
	}
	if got := getSettings(t, c); got.Frequency != "daily" {
		t.Fatalf("opening the link changed the settings (%+v): only the button may", got)
	}
	tampered := strings.Replace(path, "token=", "token=x", 1)
	bad := anon.DoWith("POST", tampered, []byte("List-Unsubscribe=One-Click"), http.Header{"Content-Type": {"application/x-www-form-urlencoded"}})
	if bad.Status != http.StatusBadRequest || !strings.Contains(string(bad.Body), "not valid") {
		t.Errorf("a tampered token: %d %s, want 400 saying so", bad.Status, bad.Body)
	}
	var e envelope[any]
	badJSON := anon.DoWith("GET", tampered, nil, http.Header{"Accept": {"application/json"}})
	badJSON.JSON(t, &e)
	if badJSON.Status != http.StatusBadRequest || e.Code != "UNSUBSCRIBE_TOKEN_INVALID" {
		t.Errorf("a tampered token asked for JSON: %d %s", badJSON.Status, badJSON.Body)
	}
	one := anon.DoWith("POST", path, []byte("List-Unsubscribe=One-Click"), http.Header{"Content-Type": {"application/x-www-form-urlencoded"}})
	if one.Status != http.StatusOK {
		t.Fatalf("one-click POST: %d %s", one.Status, one.Body)
	}
	if got := getSettings(t, c); got.Frequency != "off" || got.Email {
		t.Errorf("after unsubscribing: %+v, want off", got)
	}
}

func TestSendNow_IsRateLimitedPerUser(t *testing.T) {
	s := servertest.Start(t, nil)
	c := s.SignIn(t, alice)
	c.MustOK("PUT", "/api/v1/settings/digest", settings{Frequency: "off", Email: true})
	for i := range 3 {
		if r := c.Do("POST", "/api/v1/digest/send", nil); r.Status != http.StatusOK {
			t.Fatalf("send %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	r := c.Do("POST", "/api/v1/digest/send", nil)
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Errorf("fourth send: %d (Retry-After %q), want 429 with Retry-After", r.Status, r.Header.Get("Retry-After"))
	}
	if r := s.SignIn(t, "bob@example.com").Do("POST", "/api/v1/digest/send", nil); r.Status == http.StatusTooManyRequests {
		t.Error("another user was limited by alice's sends")
	}
}
