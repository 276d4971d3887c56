package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The retry schedule of this test: the default's 5 s, 5 min, 30 min, … shrunk
// so that a receiver outage of a few seconds stands for ten minutes under the
// default (both outlast two retries and end before the schedule is spent).
const shortSchedule = "1s,2s,3s,5s,8s,13s,21s"

// webhookReceiver is tests/webhookreceiver/receiver.mjs: a Node process that
// verifies deliveries with the standardwebhooks npm package.
type webhookReceiver struct {
	t                  *testing.T
	port, secret, seen string
	cmd                *exec.Cmd
}

type seenDelivery struct {
	ID, Type, RecordingID, Error string
	Verified                     bool
}

func newWebhookReceiver(t *testing.T) *webhookReceiver {
	dir := t.TempDir()
	r := &webhookReceiver{t: t, port: strings.Split(freePort(t), ":")[1], secret: filepath.Join(dir, "secret"), seen: filepath.Join(dir, "seen.jsonl")}
	if err := os.WriteFile(r.secret, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	return r
}

func (r *webhookReceiver) url() string { return "http://127.0.0.1:" + r.port + "/hook" }

func (r *webhookReceiver) start() {
	r.t.Helper()
	r.cmd = exec.Command("node", "../../../tests/webhookreceiver/receiver.mjs", r.port, r.secret, r.seen)
	r.cmd.Stderr = os.Stderr
	if err := r.cmd.Start(); err != nil {
		r.t.Fatal(err)
	}
	cmd := r.cmd
	r.t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get(r.url()); err == nil { //nolint:noctx // a readiness poll on loopback
			resp.Body.Close()
			return
		}
	}
	r.t.Fatal("the webhook receiver did not start")
}

// stop is the receiver's outage: the process ends, its port refuses.
func (r *webhookReceiver) stop() {
	_ = r.cmd.Process.Kill()
	_ = r.cmd.Wait()
}

func (r *webhookReceiver) deliveries() []seenDelivery {
	f, err := os.Open(r.seen)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		r.t.Fatal(err)
	}
	defer f.Close()
	var out []seenDelivery
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var d seenDelivery
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			r.t.Fatalf("receiver line %q: %v", sc.Text(), err)
		}
		out = append(out, d)
	}
	return out
}

func (r *webhookReceiver) waitFor(n int, within time.Duration) []seenDelivery {
	r.t.Helper()
	deadline := time.Now().Add(within)
	for {
		got := r.deliveries()
		if len(got) >= n || time.Now().After(deadline) {
			return got
		}
		time.Sleep(100 * time.Millisecond)
	}
}

type loggedDelivery struct {
	ID, Type, Status string
	Attempts         []struct{ StatusCode int }
}

func deliveryLog(t *testing.T, p *process, token, endpoint string) []loggedDelivery {
	t.Helper()
	status, raw, err := send("GET", p.url+"/api/v1/webhooks/"+endpoint+"/deliveries", token, nil)
	var e struct{ Data []loggedDelivery }
	if err != nil || status != 200 || json.Unmarshal(raw, &e) != nil {
		t.Fatalf("delivery log = %d %s %v", status, raw, err)
	}
	return e.Data
}

func recordingBody(id, title string) map[string]any {
	// With a summary, so the engine adds no summary.ready of its own.
	return map[string]any{"recording": map[string]any{"id": id, "title": title},
		"summarizations": map[string]any{"s-" + id: map[string]any{"v2Summary": "## " + title}}}
}

// TestWebhooks_EveryEventArrivesOnceThroughARestartAndAnOutage is the
// done-when of webhooks: a real `pocket serve` and a receiver verifying with
// the reference library; deliveries queued while the receiver is down survive
// a restart of the server and arrive once it is back, each exactly once.
func TestWebhooks_EveryEventArrivesOnceThroughARestartAndAnOutage(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed for the webhook receiver")
	}
	env := []string{"POCKET_WEBHOOK_ALLOW_PRIVATE=1", "POCKET_WEBHOOK_RETRY_SCHEDULE=" + shortSchedule}
	dataDir := t.TempDir()
	rcv := newWebhookReceiver(t)
	rcv.start()
	p := startServe(t, dataDir, env...)
	token := p.signIn("hooks@example.com")
	var made struct{ Data struct{ ID, Secret string } }
	post(t, p.url+"/api/v1/webhooks", token, map[string]any{"url": rcv.url(),
		"events": []string{"recording.created", "recording.updated", "recording.deleted", "summary.ready", "share.created"}}, &made)
	if err := os.WriteFile(rcv.secret, []byte(made.Data.Secret), 0o600); err != nil {
		t.Fatal(err)
	}
	post(t, p.url+"/api/v1/recordings", token, recordingBody("r1", "Standup"), nil)
	if got := rcv.waitFor(1, 10*time.Second); len(got) != 1 || got[0].Type != "recording.created" {
		t.Fatalf("before the outage the receiver saw %+v", got)
	}

	// The outage: the receiver is gone while three changes are made.
	rcv.stop()
	post(t, p.url+"/api/v1/recordings", token, recordingBody("r2", "Planning"), nil)
	if status, raw, err := send("PUT", p.url+"/api/v1/recordings/r1", token, map[string]any{"title": "Standup, Monday"}); err != nil || status != 200 {
		t.Fatalf("edit = %d %s %v", status, raw, err)
	}
	post(t, p.url+"/api/v1/recordings/r1/share", token, nil, nil)
	waitTried(t, p, token, made.Data.ID, 3)

	// The restart, still during the outage: the pending deliveries are in the store.
	p.stop()
	p = startServe(t, dataDir, env...)
	pending := 0
	for _, d := range deliveryLog(t, p, token, made.Data.ID) {
		if d.Status == "pending" {
			pending++
		}
	}
	if pending != 3 {
		t.Fatalf("after the restart %d deliveries are pending, want 3: %+v", pending, deliveryLog(t, p, token, made.Data.ID))
	}
	if status, raw, err := send("DELETE", p.url+"/api/v1/recordings/r2", token, nil); err != nil || status != 200 {
		t.Fatalf("delete = %d %s %v", status, raw, err)
	}
	time.Sleep(4 * time.Second) // more retries fail while the receiver is still down

	rcv.start()
	got := rcv.waitFor(5, 60*time.Second)
	checkExactlyOnce(t, got, settledLog(t, p, token, made.Data.ID))
}

// settledLog is the endpoint's delivery log once none is pending (or after 10 s): the receiver
// has a delivery a moment before the server has its answer and marks it delivered.
func settledLog(t *testing.T, p *process, token, endpoint string) []loggedDelivery {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		log := deliveryLog(t, p, token, endpoint)
		pending := false
		for _, d := range log {
			pending = pending || d.Status == "pending"
		}
		if !pending || time.Now().After(deadline) {
			return log
		}
	}
}

// waitTried waits until n deliveries of the endpoint have been tried at least once.
func waitTried(t *testing.T, p *process, token, endpoint string, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		tried := 0
		for _, d := range deliveryLog(t, p, token, endpoint) {
			if d.Status == "pending" && len(d.Attempts) > 0 {
				tried++
			}
		}
		if tried >= n {
			return
		}
	}
	t.Fatalf("fewer than %d deliveries were tried", n)
}

// checkExactlyOnce holds what the receiver verified to the server's log:
// every delivery delivered, each seen once, with a valid signature.
func checkExactlyOnce(t *testing.T, got []seenDelivery, log []loggedDelivery) {
	t.Helper()
	seen := map[string]int{}
	var types []string
	for _, d := range got {
		if !d.Verified {
			t.Errorf("delivery %s did not verify: %s", d.ID, d.Error)
		}
		seen[d.ID]++
		types = append(types, d.Type+" "+d.RecordingID)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("%s arrived %d times", id, n)
		}
	}
	if len(log) != 5 {
		t.Errorf("the log holds %d deliveries, want 5: %+v", len(log), log)
	}
	for _, d := range log {
		if d.Status != "delivered" || seen[d.ID] != 1 {
			t.Errorf("delivery %s (%s) is %s, seen %d times", d.ID, d.Type, d.Status, seen[d.ID])
		}
	}
	want := "recording.created r1,recording.created r2,recording.updated r1,share.created r1,recording.deleted r2"
	if len(types) != 5 || !sameSet(types, strings.Split(want, ",")) {
		t.Errorf("the receiver saw %v, want %s", types, want)
	}
}

func sameSet(a, b []string) bool {
	count := map[string]int{}
	for _, s := range a {
		count[s]++
	}
	for _, s := range b {
		count[s]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}
