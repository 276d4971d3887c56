package auth_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/tests/servertest"
)

// One client guessing wrong codes across many addresses is throttled by its
// own address before it can lock more than a couple of them: past 10 wrong
// codes it is refused before its guesses count. Another client (another
// address) still signs in to every address it guessed at.
func TestVerifyOTP_OneClientCyclingWrongCodesIsThrottledBeforeItLocksAddresses(t *testing.T) {
	t.Parallel()
	s := servertest.Start(t, nil)
	attacker := s.NewClientFrom(t, "127.0.0.2")
	victims := []string{"v0@example.com", "v1@example.com", "v2@example.com"}
	refusedAfter := 0
	for i := 0; refusedAfter == 0 && i < 20; i++ {
		r := attacker.Do("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": victims[i%len(victims)], "otp": "000000"})
		switch {
		case strings.Contains(string(r.Body), "TOO_MANY_ATTEMPTS"):
			t.Fatalf("wrong code %d locked %s", i+1, victims[i%len(victims)])
		case r.Status == http.StatusTooManyRequests:
			if !strings.Contains(string(r.Body), "RATE_LIMITED") || r.Header.Get("Retry-After") == "" {
				t.Fatalf("refusal: %s (Retry-After %q)", r.Body, r.Header.Get("Retry-After"))
			}
			refusedAfter = i
		}
	}
	if refusedAfter != 10 {
		t.Fatalf("the client was refused after %d wrong codes, want 10", refusedAfter)
	}
	for _, email := range victims {
		s.NewClientFrom(t, "127.0.0.3").MustOK("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": email})
		honest := s.NewClientFrom(t, "127.0.0.3")
		honest.MustOK("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": email, "otp": s.Mail.LastCode(email)})
	}
}

// The spec's rule stays reachable from one address: five wrong codes lock
// one address (TestVerifyOTP_HTTPLockoutAndRetryAfter), and a second
// address can be locked too before the client is throttled.
func TestVerifyOTP_OneClientCanStillLockTwoAddresses(t *testing.T) {
	t.Parallel()
	s := servertest.Start(t, nil)
	c := s.NewClient(t)
	for _, email := range []string{"a@example.com", "b@example.com"} {
		var last servertest.Response
		for i := 0; i < 5; i++ {
			last = c.Do("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": email, "otp": "000000"})
		}
		if !strings.Contains(string(last.Body), "Too many failed attempts") {
			t.Fatalf("%s after five wrong codes: %d %s", email, last.Status, last.Body)
		}
	}
	if r := c.Do("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": "c@example.com", "otp": "000000"}); !strings.Contains(string(r.Body), "RATE_LIMITED") {
		t.Fatalf("an 11th wrong code: %d %s", r.Status, r.Body)
	}
}
