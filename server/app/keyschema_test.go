package app_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/pgtest"
	"github.com/pocket-companion/pocket/tests/pushtest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// schemaLine matches a key line of the schema in pkg/store's doc comment and
// captures its literal start, up to the first <placeholder> (group 2 is "<"
// when there is one; without it the line names one exact key).
var schemaLine = regexp.MustCompile(`^//\t([a-z]+/[^\s<]*)(<?)`)

// unexercised are schema lines this test cannot leave behind in the store: a
// custom token is deleted when it is redeemed, and OIDC flows need an identity
// provider (their keys are checked in the auth tests' own stores).
// cfloor/ is written only when tombstones older than changelog.Retention are
// pruned (pkg/changelog's tests write it).
// rcache/ is written by a relay only (server/relay's tests read it through the relay), as are the
// mirror's mrec/, mfold/, mtpl/, mbase/ and malias/ (server/relaysync's tests write them).
// meta/copy-cursor is there only while pocket migrate copies into a store, a
// job/ key only until its summary is written (server/summarize's tests).
var unexercised = map[string]bool{
	"ctok/": true, "oidc/": true, "cfloor/": true, "meta/copy-cursor": true, "job/summary/": true, "job/resummary/": true,
	"rcache/": true, "mrec/": true, "mfold/": true, "mtpl/": true, "mbase/": true, "malias/": true,
}

// keptOnPostgresOnly are the server's keys and the audio's bytes, which a
// server on Badger keeps as files in its data directory instead.
var keptOnPostgresOnly = map[string]bool{"meta/id-token-key": true, "meta/otp-pepper": true, "meta/vapid-keys": true, "ablob/": true}

// TestKeySchema_DocumentsEveryKeyTheServerWrites runs a server through seeding,
// sign-in, import, folders, a view, a share link, a clip, an access token, the three kinds of chat, sync and
// a Web Push subscription, then
// reads its store: every key must fall under a line of the documented schema,
// and every documented line must have been seen.
func TestKeySchema_DocumentsEveryKeyTheServerWrites(t *testing.T) {
	src, err := os.ReadFile("../../pkg/store/store.go")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{} // literal start -> is a prefix
	for _, line := range strings.Split(string(src), "\n") {
		if m := schemaLine.FindStringSubmatch(line); m != nil {
			documented[m[1]] = m[2] == "<"
		}
	}
	if len(documented) < 15 {
		t.Fatalf("parsed only %d schema lines from pkg/store: %v", len(documented), documented)
	}

	// push.invalid stands for a push service: .invalid resolves nowhere.
	s := servertest.StartEnv(t, map[string]string{"POCKET_PUSH_HOSTS": "push.invalid", "POCKET_WEBHOOK_ALLOW_PRIVATE": "1"},
		func(c *config.Config) { c.Seed = "../../fixtures/recordings" })
	s.WaitReady(t)
	alice := s.SignIn(t, "alice@example.com")
	// Two webhook endpoints: one that takes its deliveries (a log entry),
	// one that refuses them (a pending delivery, due again later).
	receiver := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer receiver.Close()
	var taker struct{ Data struct{ ID string } }
	alice.MustOK("POST", "/api/v1/webhooks", map[string]any{"url": receiver.URL, "events": []string{"recording.created"}}, &taker)
	alice.MustOK("POST", "/api/v1/webhooks", map[string]any{"url": "http://127.0.0.1:1/refuses", "events": []string{"share.created"}})
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{
		"recording":      map[string]any{"id": "r1", "title": "Roadmap review", "folder": map[string]any{"name": "Plans"}},
		"summarizations": map[string]any{"s1": map[string]any{"v2Summary": "## Roadmap\nShip the beta"}},
		"transcription":  map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "ship the beta in May", "start_time": 0, "end_time": 3}}},
	})
	// A device upload with audio, and the player's signed link.
	alice.UploadWithAudio("r3", "Voice note", []byte("OggS and then some sound"))
	alice.MustOK("GET", "/api/v1/recordings/r3/audio/link", nil)
	alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Archive"})
	alice.MustOK("POST", "/api/v1/recordings/r1/view", nil)
	var link struct{ Token string }
	alice.MustOK("POST", "/api/v1/recordings/r1/share", nil, &link)
	alice.MustOK("POST", "/api/v1/chat/message", map[string]any{"recordingId": "r1", "message": "When is the beta?"})
	alice.MustOK("POST", "/api/v1/chat/library/message", map[string]any{"message": "What ships in May?", "language": "en"})
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "r2", "title": "Scratch"}})
	alice.MustOK("DELETE", "/api/v1/recordings/r2", nil)
	// A device's offline edits through sync: a folder of a name that exists
	// (merged, leaving an alias), a queued question and a highlight.
	push := alice.Do("POST", "/pocket.sync.v1.SyncService/Push", map[string]any{"mutations": []any{
		map[string]any{"idempotencyKey": "k1", "createFolder": map[string]any{"id": "f_device", "name": "archive"}},
		map[string]any{"idempotencyKey": "k2", "askQuestion": map[string]any{"recordingId": "r1", "message": "Who ships it?"}},
		map[string]any{"idempotencyKey": "k3", "createHighlight": map[string]any{"id": "h_device", "recordingId": "r1", "start": 0, "end": 2}},
	}})
	if push.Status != 200 || strings.Count(string(push.Body), "OUTCOME_APPLIED") != 3 {
		t.Fatalf("push = %d %s", push.Status, push.Body)
	}
	// A clip of that highlight (its link is indexed by the highlight, shareclip/).
	if r := alice.Do("POST", "/api/v1/highlights/h_device/share", nil); r.Status != 201 {
		t.Fatalf("clip = %d %s", r.Status, r.Body)
	}
	// A device subscribed to Web Push (never sent to: .invalid resolves nowhere),
	// by another user: signing alice out of every device forgets hers.
	device := pushtest.NewDevice("https://push.invalid/send/device-1")
	s.SignIn(t, "bob@example.com").MustOK("POST", "/pocket.push.v1.PushService/Subscribe", map[string]any{"subscription": map[string]any{
		"endpoint": device.Endpoint, "p256dh": device.P256dh(), "auth": device.Auth(),
	}})
	alice.MustOK("POST", "/api/v1/tokens", map[string]any{"name": "backup script", "scopes": []string{"recordings:read"}})
	s.NewClient(t).MustOK("POST", "/api/v1/chat/message/shared", map[string]any{"recordingId": "r1", "message": "When is the beta?", "shareToken": link.Token})
	waitDelivered(t, alice, taker.Data.ID)
	alice.MustOK("POST", "/api/v1/templates", map[string]any{"name": "Standup", "sections": []any{map[string]any{"heading": "Blockers"}}})
	alice.MustOK("POST", "/api/v1/recordings/r3/summaries", map[string]any{"templateId": "meeting", "language": "de"})
	alice.MustOK("POST", "/api/v1/auth/logout-all", nil) // last: it ends alice's session
	cfg := s.Cfg
	s.Stop()

	db := servertest.OpenStore(t, cfg)
	seen := map[string]bool{}
	err = db.View(func(x *store.Txn) error {
		return x.Scan(nil, nil, false, false, func(k, _ []byte) (bool, error) {
			line, ok := documentedLine(documented, string(k))
			if !ok {
				t.Errorf("key %q is under no line of the schema in pkg/store", k)
			}
			seen[line] = true
			return true, nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	for line := range documented {
		written := !unexercised[line] && (!keptOnPostgresOnly[line] || pgtest.Enabled())
		if written && !seen[line] {
			t.Errorf("schema line %q: no such key was written", line)
		}
	}
}

func documentedLine(documented map[string]bool, key string) (string, bool) {
	for literal, isPrefix := range documented {
		if key == literal || (isPrefix && strings.HasPrefix(key, literal)) {
			return literal, true
		}
	}
	return "", false
}

// waitDelivered waits for a delivery of the endpoint to be delivered.
func waitDelivered(t *testing.T, c *servertest.Client, endpoint string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var log struct{ Data []struct{ Status string } }
		c.MustOK("GET", "/api/v1/webhooks/"+endpoint+"/deliveries", nil, &log)
		if len(log.Data) > 0 && log.Data[len(log.Data)-1].Status == "delivered" {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("no webhook delivery was delivered")
}
