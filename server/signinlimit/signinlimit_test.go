package signinlimit

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/fakeclock"
)

// A relay's code check writes the upstream's answer rather than returning
// an error: its wrong codes count by the status it wrote, right codes and
// the upstream's outages do not.
func TestVerifyCode_CountsWrongCodesByTheStatusARelayWrote(t *testing.T) {
	t.Parallel()
	clock := fakeclock.New(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	l := New(clock.Now)
	status := http.StatusOK
	check := l.VerifyCode(func(w http.ResponseWriter, _ *http.Request) error {
		w.WriteHeader(status)
		return nil
	})
	call := func() int {
		rec := httptest.NewRecorder()
		r := httptest.NewRequestWithContext(t.Context(), "POST", "/api/v1/auth/email/verify-otp", nil)
		r.RemoteAddr = "203.0.113.7:5000"
		check.ServeHTTP(rec, r)
		return rec.Code
	}
	for _, s := range []int{http.StatusOK, http.StatusServiceUnavailable, http.StatusOK} {
		status = s
		call()
	}
	for i := 0; i < WrongCodeRate.Burst; i++ {
		status = []int{http.StatusBadRequest, http.StatusTooManyRequests}[i%2]
		if got := call(); got != status {
			t.Fatalf("wrong code %d was refused before the check: %d", i+1, got)
		}
	}
	if got := call(); got != http.StatusTooManyRequests {
		t.Fatalf("past the wrong codes' burst: %d", got)
	}
	clock.Advance(WrongCodeRate.Every)
	status = http.StatusOK
	if got := call(); got != http.StatusOK {
		t.Fatalf("after one refill: %d", got)
	}
}
