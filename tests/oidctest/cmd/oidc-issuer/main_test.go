package main

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/tests/oidctest"
)

// startFront serves a front over a fresh issuer, as run does.
func startFront(t *testing.T, fixed *oidctest.User) string {
	t.Helper()
	issuer := oidctest.New(t, "client", nil)
	f, err := newFront(issuer, fixed)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(f.routes())
	t.Cleanup(srv.Close)
	issuer.URL = srv.URL
	return srv.URL
}

// authorize sends one authorization request; valid=false leaves out the nonce.
func authorize(t *testing.T, base string, valid bool) (int, url.Values) {
	t.Helper()
	q := url.Values{
		"response_type": {"code"}, "client_id": {"client"}, "redirect_uri": {"http://app.test/cb"},
		"state": {"st"}, "code_challenge_method": {"S256"}, "code_challenge": {strings.Repeat("a", 43)},
	}
	if valid {
		q.Set("nonce", "n")
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, base+"/authorize?"+q.Encode(), nil)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	return resp.StatusCode, loc.Query()
}

func queue(t *testing.T, base, body string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, base+"/queue", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("POST /queue %s: %d", body, resp.StatusCode)
	}
}

func TestFront_QueuedPersonComesBeforeTheFixedOne(t *testing.T) {
	base := startFront(t, &oidctest.User{Subject: "s", Email: "fixed@example.com", EmailVerified: true})
	queue(t, base, `{"deny": true}`)

	if status, _ := authorize(t, base, false); status != http.StatusBadRequest {
		t.Fatalf("a bad request: %d, want 400", status)
	}
	// The refused request took nobody: the queued denial is still first.
	if status, q := authorize(t, base, true); status != http.StatusFound || q.Get("error") != "access_denied" {
		t.Fatalf("queued denial: %d %v", status, q)
	}
	for range 2 {
		if status, q := authorize(t, base, true); status != http.StatusFound || q.Get("code") == "" {
			t.Fatalf("fixed person: %d %v", status, q)
		}
	}
}

func TestFront_WithoutAFixedPersonAnEmptyQueueSignsInNobody(t *testing.T) {
	base := startFront(t, nil)
	if status, _ := authorize(t, base, true); status != http.StatusBadRequest {
		t.Fatalf("empty queue: %d, want 400", status)
	}
	queue(t, base, `{"email": "ada@example.com"}`)
	if status, q := authorize(t, base, true); status != http.StatusFound || q.Get("code") == "" {
		t.Fatalf("queued person: %d %v", status, q)
	}
}

func TestParseFlags(t *testing.T) {
	o, err := parseFlags([]string{"-email", "ada@example.com", "-name", "Ada"})
	if err != nil || o.fixed == nil || o.fixed.Subject != "sub-ada@example.com" || o.fixed.Name != "Ada" {
		t.Fatalf("%+v %v", o, err)
	}
	if _, err := parseFlags([]string{"-client-secret", ""}); err == nil {
		t.Fatal("an empty secret was accepted")
	}
}
