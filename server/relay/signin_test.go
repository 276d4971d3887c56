package relay_test

import (
	"strings"
	"testing"
)

func TestRelay_SignInEndToEndAgainstTheUpstreamsIdentity(t *testing.T) {
	p := startPair(t)
	c := p.signIn(t, "ada@example.com")
	c.MustOK("GET", "/api/v1/recordings/dashboard", nil)
	if c.Cookie("/api/v1/auth/refresh", "pocket_refresh") == "" {
		t.Fatal("the upstream's session cookie did not reach the browser through the relay")
	}
	var refreshed struct{ IDToken string }
	c.MustOK("POST", "/api/v1/auth/refresh", nil, &refreshed)
	if refreshed.IDToken == "" || refreshed.IDToken == c.IDToken {
		t.Fatalf("refresh through the relay gave %q", refreshed.IDToken)
	}
	c.IDToken = refreshed.IDToken
	importRecording(t, c, "r1", "zebra")
	r := c.MustOK("GET", "/api/v1/recordings/dashboard", nil)
	if !strings.Contains(string(r.Body), "zebra") {
		t.Fatalf("dashboard after an import through the relay: %s", r.Body)
	}
	// What the relay did went to the upstream, for the same user.
	if direct := p.direct(t, c).MustOK("GET", "/api/v1/recordings/r1", nil); !strings.Contains(string(direct.Body), "zebra") {
		t.Fatalf("upstream has %s", direct.Body)
	}
}

func TestRelay_RefusesCallsWithoutAToken(t *testing.T) {
	p := startPair(t)
	if r := p.relay.NewClient(t).Do("GET", "/api/v1/recordings/dashboard", nil); r.Status != 401 {
		t.Fatalf("no token: %d %s", r.Status, r.Body)
	}
}
