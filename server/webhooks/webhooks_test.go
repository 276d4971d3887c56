package webhooks_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"github.com/pocket-companion/pocket/tests/servertest"
)

type endpoint struct {
	ID, URL, Secret, Status, DisabledReason string
	Events                                  []string
}

type delivery struct {
	ID, Type, Status string
	Payload          json.RawMessage
	Attempts         []struct {
		StatusCode int
		Response   string
		Error      string
	}
}

// envelope decodes the API's envelope and its data into out.
func envelope(t *testing.T, r servertest.Response, out any) (code string) {
	t.Helper()
	var e struct {
		Success *bool
		Code    string
		Data    json.RawMessage
	}
	r.JSON(t, &e)
	if e.Success == nil {
		t.Fatalf("no envelope: %d %s", r.Status, r.Body)
	}
	if out != nil {
		if err := json.Unmarshal(e.Data, out); err != nil {
			t.Fatalf("data %s: %v", e.Data, err)
		}
	}
	return e.Code
}

// receiver keeps what it verified with the reference library, by webhook-id.
type receiver struct {
	*httptest.Server
	mu      sync.Mutex
	secrets []string
	got     map[string]string // webhook-id -> body
	order   []string
}

func newReceiver(t *testing.T) *receiver {
	r := &receiver{got: map[string]string{}}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		for _, s := range r.secrets {
			wh, _ := standardwebhooks.NewWebhook(s)
			if wh.Verify(body, req.Header) != nil {
				t.Errorf("delivery %s does not verify with %s", req.Header.Get("webhook-id"), s[:12])
				w.WriteHeader(400)
				return
			}
		}
		id := req.Header.Get("webhook-id")
		if _, seen := r.got[id]; !seen {
			r.order = append(r.order, id)
		}
		r.got[id] = string(body)
		_, _ = io.WriteString(w, "thanks")
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) waitFor(t *testing.T, n int) []string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		r.mu.Lock()
		if len(r.order) >= n {
			out := make([]string, 0, n)
			for _, id := range r.order {
				out = append(out, r.got[id])
			}
			r.mu.Unlock()
			return out
		}
		r.mu.Unlock()
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("receiver has %d deliveries, want %d", len(r.order), n)
	return nil
}

// logWhen polls an endpoint's delivery log until ready says it shows what the test waits for:
// the receiver has a delivery a moment before the sender records its answer.
func logWhen(t *testing.T, c *servertest.Client, endpointID string, ready func([]delivery) bool) []delivery {
	t.Helper()
	var log []delivery
	deadline := time.Now().Add(10 * time.Second)
	for {
		envelope(t, c.MustOK("GET", "/api/v1/webhooks/"+endpointID+"/deliveries", nil), &log)
		if ready(log) {
			return log
		}
		if time.Now().After(deadline) {
			t.Fatalf("delivery log %+v", log)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func allDelivered(n int) func([]delivery) bool {
	return func(log []delivery) bool {
		if len(log) != n {
			return false
		}
		for _, d := range log {
			if d.Status != "delivered" {
				return false
			}
		}
		return true
	}
}

func start(t *testing.T) *servertest.Server {
	s := servertest.StartEnv(t, map[string]string{"POCKET_WEBHOOK_ALLOW_PRIVATE": "1", "POCKET_QUOTA_WEBHOOKS": "2"}, nil)
	s.WaitReady(t)
	return s
}

func create(t *testing.T, c *servertest.Client, url string, events ...string) endpoint {
	t.Helper()
	r := c.Do("POST", "/api/v1/webhooks", map[string]any{"url": url, "events": events})
	if r.Status != 201 {
		t.Fatalf("create = %d %s", r.Status, r.Body)
	}
	var ep endpoint
	envelope(t, r, &ep)
	return ep
}

func TestWebhooks_EveryEventArrivesSignedAndTimestampedInTheOrderOfTheChanges(t *testing.T) {
	s := start(t)
	alice := s.SignIn(t, "alice@example.com")
	rcv := newReceiver(t)
	ep := create(t, alice, rcv.URL, "recording.created", "recording.updated", "recording.deleted", "summary.ready", "share.created")
	if !strings.HasPrefix(ep.Secret, "whsec_") || ep.Status != "active" {
		t.Fatalf("endpoint %+v", ep)
	}
	rcv.secrets = []string{ep.Secret}
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "r1", "title": "Roadmap"},
		"summarizations": map[string]any{"s1": map[string]any{"v2Summary": "## Plan"}}})
	alice.MustOK("PUT", "/api/v1/recordings/r1", map[string]any{"title": "Roadmap, again"})
	alice.MustOK("POST", "/api/v1/recordings/r1/share", nil)
	alice.MustOK("DELETE", "/api/v1/recordings/r1", nil)
	bodies := rcv.waitFor(t, 4)
	// Deliveries go out side by side and may arrive in any order: a receiver orders them by
	// their timestamp, which follows the changes.
	type event struct {
		Type      string
		Timestamp time.Time
		Data      struct{ RecordingID string }
	}
	var got []event
	for _, b := range bodies {
		var m event
		_ = json.Unmarshal([]byte(b), &m)
		if m.Data.RecordingID != "r1" || m.Timestamp.IsZero() {
			t.Errorf("body %s", b)
		}
		got = append(got, m)
	}
	slices.SortStableFunc(got, func(a, b event) int { return a.Timestamp.Compare(b.Timestamp) })
	var types []string
	for _, m := range got {
		types = append(types, m.Type)
	}
	if got := strings.Join(types, " "); got != "recording.created recording.updated share.created recording.deleted" {
		t.Errorf("events %s", got)
	}
	// The log has them, delivered, with the receiver's answer.
	log := logWhen(t, alice, ep.ID, allDelivered(4))
	if log[0].Attempts[0].Response != "thanks" {
		t.Fatalf("log %+v", log)
	}
	// Listing never shows the secret again.
	r := alice.MustOK("GET", "/api/v1/webhooks", nil)
	if strings.Contains(string(r.Body), ep.Secret) {
		t.Error("the list shows the secret")
	}
}

func TestWebhooks_RotationSignsWithBothSecretsAndResendKeepsTheID(t *testing.T) {
	s := start(t)
	alice := s.SignIn(t, "alice@example.com")
	rcv := newReceiver(t)
	ep := create(t, alice, rcv.URL, "recording.created")
	var rot struct{ Secret, PreviousSecretExpiresAt string }
	envelope(t, alice.MustOK("POST", "/api/v1/webhooks/"+ep.ID+"/rotate-secret", nil), &rot)
	if rot.Secret == ep.Secret || !strings.HasPrefix(rot.Secret, "whsec_") {
		t.Fatalf("rotated %+v", rot)
	}
	rcv.secrets = []string{ep.Secret, rot.Secret} // each must verify on its own
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "r1", "title": "A"}})
	rcv.waitFor(t, 1)
	log := logWhen(t, alice, ep.ID, allDelivered(1))
	r := alice.Do("POST", "/api/v1/webhooks/"+ep.ID+"/deliveries/"+log[0].ID+"/resend", nil)
	if r.Status != 200 {
		t.Fatalf("resend = %d %s", r.Status, r.Body)
	}
	logWhen(t, alice, ep.ID, func(log []delivery) bool {
		return log[0].Status == "delivered" && len(log[0].Attempts) == 2
	})
	rcv.mu.Lock()
	defer rcv.mu.Unlock()
	if len(rcv.order) != 1 {
		t.Errorf("a resend came with a new webhook-id: %v", rcv.order)
	}
}

func TestWebhooks_BadInputGetsTheEnvelopeAndStatus(t *testing.T) {
	s := start(t)
	alice := s.SignIn(t, "alice@example.com")
	ep := create(t, alice, "https://hooks.example.com/a", "recording.created")
	cases := []struct {
		method, path string
		body         any
		status       int
		code         string
	}{
		{"POST", "/api/v1/webhooks", map[string]any{"url": "ftp://x", "events": []string{"recording.created"}}, 400, "INVALID_URL"},
		{"POST", "/api/v1/webhooks", map[string]any{"url": "https://u:p@x.example/", "events": []string{"recording.created"}}, 400, "INVALID_URL"},
		{"POST", "/api/v1/webhooks", map[string]any{"url": "https://x.example/", "events": []string{}}, 400, "INVALID_EVENTS"},
		{"POST", "/api/v1/webhooks", map[string]any{"url": "https://x.example/", "events": []string{"chat.message"}}, 400, "INVALID_EVENTS"},
		{"POST", "/api/v1/webhooks", map[string]any{"url": "https://x.example/"}, 400, "INVALID_EVENTS"},
		{"POST", "/api/v1/webhooks", []byte(`{"url":`), 400, ""},
		{"POST", "/api/v1/webhooks", []byte(`{"url": 5, "events": "all"}`), 400, ""},
		{"POST", "/api/v1/webhooks", map[string]any{"url": "https://x.example/" + strings.Repeat("a", 2100), "events": []string{"recording.created"}}, 400, "INVALID_URL"},
		{"PATCH", "/api/v1/webhooks/" + ep.ID, map[string]any{"status": "paused"}, 400, "INVALID_STATUS"},
		{"PATCH", "/api/v1/webhooks/" + ep.ID, map[string]any{"events": []string{}}, 400, "INVALID_EVENTS"},
		{"PATCH", "/api/v1/webhooks/wh_nope", map[string]any{"status": "active"}, 404, "NOT_FOUND"},
		{"GET", "/api/v1/webhooks/wh_nope", nil, 404, "NOT_FOUND"},
		{"DELETE", "/api/v1/webhooks/wh_nope", nil, 404, "NOT_FOUND"},
		{"POST", "/api/v1/webhooks/" + ep.ID + "/deliveries/msg_nope/resend", nil, 404, "NOT_FOUND"},
	}
	for _, c := range cases {
		r := alice.Do(c.method, c.path, c.body)
		code := envelope(t, r, nil)
		if r.Status != c.status || (c.code != "" && code != c.code) {
			t.Errorf("%s %s %v = %d %s, want %d %s", c.method, c.path, c.body, r.Status, r.Body, c.status, c.code)
		}
	}
	// The quota (2 here): the third endpoint is refused.
	create(t, alice, "https://hooks.example.com/b", "share.created")
	r := alice.Do("POST", "/api/v1/webhooks", map[string]any{"url": "https://hooks.example.com/c", "events": []string{"share.created"}})
	if code := envelope(t, r, nil); r.Status != 413 || code != "QUOTA_WEBHOOKS" {
		t.Errorf("third endpoint = %d %s", r.Status, r.Body)
	}
}

func TestWebhooks_OnlyTheOwnerAndTheWebhooksScope(t *testing.T) {
	s := start(t)
	alice, bob := s.SignIn(t, "alice@example.com"), s.SignIn(t, "bob@example.com")
	ep := create(t, alice, "https://hooks.example.com/a", "recording.created")
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/v1/webhooks/" + ep.ID}, {"PATCH", "/api/v1/webhooks/" + ep.ID}, {"DELETE", "/api/v1/webhooks/" + ep.ID},
		{"POST", "/api/v1/webhooks/" + ep.ID + "/rotate-secret"}, {"GET", "/api/v1/webhooks/" + ep.ID + "/deliveries"},
	} {
		if r := bob.Do(c.method, c.path, map[string]any{}); r.Status != 404 {
			t.Errorf("bob %s %s = %d", c.method, c.path, r.Status)
		}
	}
	var list []endpoint
	envelope(t, bob.MustOK("GET", "/api/v1/webhooks", nil), &list)
	if len(list) != 0 {
		t.Errorf("bob lists %+v", list)
	}
	mint := func(scope string) *servertest.Client {
		var made struct{ Token string }
		envelope(t, alice.MustOK("POST", "/api/v1/tokens", map[string]any{"name": scope, "scopes": []string{scope}}), &made)
		return s.WithToken(t, made.Token)
	}
	if r := mint("recordings:read").Do("GET", "/api/v1/webhooks", nil); r.Status != 403 {
		t.Errorf("a recordings:read token lists webhooks: %d", r.Status)
	}
	hooks := mint("webhooks")
	envelope(t, hooks.MustOK("GET", "/api/v1/webhooks", nil), &list)
	if len(list) != 1 || list[0].ID != ep.ID {
		t.Errorf("webhooks token lists %+v", list)
	}
	paused := "disabled"
	var got endpoint
	envelope(t, hooks.MustOK("PATCH", "/api/v1/webhooks/"+ep.ID, map[string]any{"status": paused}), &got)
	if got.Status != "disabled" || got.DisabledReason == "" {
		t.Errorf("paused %+v", got)
	}
	hooks.MustOK("DELETE", "/api/v1/webhooks/"+ep.ID, nil)
	if r := alice.Do("GET", "/api/v1/webhooks/"+ep.ID, nil); r.Status != 404 {
		t.Errorf("deleted endpoint = %d", r.Status)
	}
}

// Without POCKET_WEBHOOK_ALLOW_PRIVATE a receiver on loopback is never
// reached: the dial-time guard refuses it and the log says why.
func TestWebhooks_PrivateAddressesAreRefusedByDefault(t *testing.T) {
	s := servertest.Start(t, nil)
	s.WaitReady(t)
	alice := s.SignIn(t, "alice@example.com")
	rcv := newReceiver(t)
	ep := create(t, alice, rcv.URL, "recording.created")
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "r1", "title": "A"}})
	log := logWhen(t, alice, ep.ID, func(log []delivery) bool { return len(log) == 1 && len(log[0].Attempts) == 1 })
	if !strings.Contains(log[0].Attempts[0].Error, "not on the public internet") {
		t.Errorf("attempt %+v", log[0].Attempts[0])
	}
	rcv.mu.Lock()
	defer rcv.mu.Unlock()
	if len(rcv.order) != 0 {
		t.Error("the loopback receiver was reached")
	}
}
