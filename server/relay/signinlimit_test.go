package relay_test

import (
	"fmt"
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// startTrustingPair is a relay in front of an embedded upstream that trusts
// the relay's address (loopback 127.0.0.1, where its calls leave from) to
// say who its clients are.
func startTrustingPair(t *testing.T) *pair {
	up := servertest.Start(t, func(c *config.Config) {
		c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	})
	return &pair{up: up, relay: startRelay(t, up.URL, nil)}
}

func sendCode(c *servertest.Client, email string) servertest.Response {
	return c.Do("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": email})
}

// Through a relay every client used to be the relay's address to the
// upstream: one client's code requests used up everyone's allowance.
func TestRelay_ClientsOnOtherAddressesEachGetTheirOwnSignInAllowance(t *testing.T) {
	p := startTrustingPair(t)
	first := p.relay.NewClientFrom(t, "127.0.0.2")
	for i := 0; i < 10; i++ { // the whole burst of code requests
		if r := sendCode(first, fmt.Sprintf("first%d@example.com", i)); r.Status != 200 {
			t.Fatalf("the first client's code request %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	second := p.relay.NewClientFrom(t, "127.0.0.3")
	if r := sendCode(second, "second@example.com"); r.Status != 200 {
		t.Fatalf("the second client's first code request: %d %s", r.Status, r.Body)
	}
	code := p.up.Mail.LastCode("second@example.com")
	second.MustOK("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": "second@example.com", "otp": code})
	if r := sendCode(first, "first10@example.com"); r.Status != http.StatusTooManyRequests {
		t.Fatalf("the first client past its burst: %d %s", r.Status, r.Body)
	}
}

// A client naming other addresses in X-Forwarded-For is still counted by
// its own: the relay does not trust its callers' header, and appends the
// real peer for the upstream, which believes only that.
func TestRelay_AForgedForwardedForDoesNotEscapeTheSignInLimit(t *testing.T) {
	p := startTrustingPair(t)
	c := p.relay.NewClientFrom(t, "127.0.0.2")
	for i := 0; i <= 10; i++ {
		spoofed := http.Header{"X-Forwarded-For": {fmt.Sprintf("198.51.100.%d", i+1)}}
		r := c.DoWith("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": fmt.Sprintf("p%d@example.com", i)}, spoofed)
		if i < 10 && r.Status != 200 {
			t.Fatalf("request %d: %d %s", i+1, r.Status, r.Body)
		}
		if i == 10 && r.Status != http.StatusTooManyRequests {
			t.Fatalf("the 11th code request with a made-up address: %d %s", r.Status, r.Body)
		}
	}
}

// The relay refuses a flood itself, before the upstream hears of it.
func TestRelay_RefusesASignInFloodItselfWithRetryAfter(t *testing.T) {
	f := newFakeUpstream(t)
	var asked atomic.Int32
	f.mux.HandleFunc("POST /api/v1/auth/email/send-otp", func(w http.ResponseWriter, _ *http.Request) {
		asked.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"success":true,"message":"Verification code sent","expiresIn":600}`))
	})
	rel := startRelayToFake(t, f.URL, nil)
	c := rel.NewClient(t)
	for i := 0; i < 10; i++ {
		if r := sendCode(c, fmt.Sprintf("p%d@example.com", i)); r.Status != 200 {
			t.Fatalf("request %d: %d %s", i+1, r.Status, r.Body)
		}
	}
	r := sendCode(c, "p10@example.com")
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" || !strings.Contains(string(r.Body), "RATE_LIMITED") {
		t.Fatalf("the 11th code request: %d %s (Retry-After %q)", r.Status, r.Body, r.Header.Get("Retry-After"))
	}
	if got := asked.Load(); got != 10 {
		t.Fatalf("the upstream was asked %d times, want 10", got)
	}
}
