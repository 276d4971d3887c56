package webhook_test

import (
	"net/http"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/pocket-companion/pocket/pkg/webhook"
)

// The specification's test vector (standard-webhooks spec, "Signature scheme").
func TestSign_MatchesTheSpecificationsVector(t *testing.T) {
	h := http.Header{}
	err := webhook.Sign(h, "msg_p5jXN8AQM9LWM0D4loKWxJek", time.Unix(1614265330, 0), []byte(`{"test": 2432232314}`),
		[]string{"whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := h.Get("webhook-signature"), "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="; got != want {
		t.Errorf("signature %q, want %q", got, want)
	}
	if h.Get("webhook-id") != "msg_p5jXN8AQM9LWM0D4loKWxJek" || h.Get("webhook-timestamp") != "1614265330" {
		t.Errorf("headers %v", h)
	}
}

// During a rotation's overlap both secrets sign, so a receiver holding
// either verifies the delivery.
func TestSign_BothSecretsDuringARotation(t *testing.T) {
	oldS, newS := "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_dGhpcyBpcyB0aGUgbmV3IG9uZSwgMzIgYnl0ZXMh"
	body := []byte(`{"type":"recording.created"}`)
	h := http.Header{}
	if err := webhook.Sign(h, "msg_1", time.Now(), body, []string{newS, oldS}); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{oldS, newS} {
		wh, _ := standardwebhooks.NewWebhook(s)
		if err := wh.Verify(body, h); err != nil {
			t.Errorf("secret %s: %v", s[:10], err)
		}
	}
	other, _ := standardwebhooks.NewWebhook("whsec_b3RoZXIgc2VjcmV0IG9mIHRoaXJ0eSB0d28gYnl0ZQ==")
	if err := other.Verify(body, h); err == nil {
		t.Error("a third secret verified the delivery")
	}
}

func TestSchedule_DefaultRetriesForMoreThanADay(t *testing.T) {
	s := webhook.DefaultSchedule
	if s.Span() < 24*time.Hour {
		t.Errorf("span %v, want at least 24h", s.Span())
	}
	at := time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC)
	var waits []time.Duration
	for tries := 1; ; tries++ {
		next, ok := s.Retry(tries, at)
		if !ok {
			break
		}
		waits = append(waits, next.Sub(at))
	}
	want := []time.Duration{5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour, 10 * time.Hour, 10 * time.Hour}
	if len(waits) != len(want) {
		t.Fatalf("waits %v, want %v", waits, want)
	}
	for i := range want {
		if waits[i] != want[i] {
			t.Errorf("retry %d after %v, want %v", i+1, waits[i], want[i])
		}
	}
}

func TestParseSchedule(t *testing.T) {
	s, err := webhook.ParseSchedule("1s, 2s,4s")
	if err != nil || s.String() != "1s,2s,4s" {
		t.Errorf("got %v %v", s, err)
	}
	for _, bad := range []string{"", "0s", "100ms", "1s,,2s", "soon"} {
		if _, err := webhook.ParseSchedule(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseURLAndEvents(t *testing.T) {
	for raw, ok := range map[string]bool{
		"https://hooks.example.com/pocket": true, "http://10.0.0.5:9000/x": true,
		"": false, "ftp://example.com": false, "https://user:pw@example.com/": false, "/relative": false, "https://": false,
	} {
		if _, err := webhook.ParseURL(raw); (err == nil) != ok {
			t.Errorf("ParseURL(%q): %v", raw, err)
		}
	}
	got, err := webhook.ParseEvents([]string{"share.created", "recording.created", "share.created"})
	if err != nil || len(got) != 2 || got[0] != "recording.created" {
		t.Errorf("ParseEvents: %v %v", got, err)
	}
	for _, bad := range [][]string{nil, {}, {"recording.exploded"}, {"chat.message"}} {
		if _, err := webhook.ParseEvents(bad); err == nil {
			t.Errorf("ParseEvents(%v) accepted", bad)
		}
	}
}
