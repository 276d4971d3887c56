package scaleout_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/natstest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// twoReplicas starts two whole servers joined through broker on which
// alice's ID token is good.
func twoReplicas(t *testing.T, broker *natstest.Server) (a, b *servertest.Server, token string) {
	t.Helper()
	r := servertest.StartReplicas(t, 2, broker.URL, nil, func(first *servertest.Server) {
		token = first.SignIn(t, "alice@example.com").IDToken
	})
	return r[0], r[1], token
}

// upload posts a recording through s and reports whether s answered 2xx.
func upload(s *servertest.Server, token, id string) bool {
	body, _ := json.Marshal(map[string]any{"recording": map[string]any{"id": id, "title": "Call " + id}})
	req, _ := http.NewRequestWithContext(context.Background(), "POST", s.URL+"/api/v1/recordings", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		answer, _ := io.ReadAll(resp.Body)
		log.Printf("upload %s: %d %s", id, resp.StatusCode, answer)
		return false
	}
	return true
}

func TestReplicas_AnUploadThroughOneReachesASocketOnTheOtherWithinASecond(t *testing.T) {
	broker := natstest.Start(t)
	a, b, token := twoReplicas(t, broker)
	socket := a.OpenEvents(t, token)

	start := time.Now()
	if !upload(b, token, "via-b") {
		t.Fatal("the upload through B failed")
	}
	var ev map[string]any
	_ = socket.SetReadDeadline(start.Add(time.Second))
	if err := socket.ReadJSON(&ev); err != nil {
		t.Fatalf("no event on A's socket within a second of the upload through B: %v", err)
	}
	t.Logf("upload through B to event on A: %v", time.Since(start))
	if ev["type"] != "recording.created" || ev["recordingId"] != "via-b" {
		t.Fatalf("event = %v", ev)
	}
	if _, hasSeq := ev["seq"]; hasSeq {
		t.Fatalf("event = %v: a position in B's change log means nothing to a device pulling from A", ev)
	}
	if m := metrics(t, a); !strings.Contains(m, "pocket_nats_connected 1") || !strings.Contains(m, "pocket_events_remote_total 1") {
		t.Fatalf("A's metrics do not show the connection and the remote event:\n%s", grepLines(m, "nats", "events_"))
	}
}

// Uploads keep going through B while B stops: every upload B answered has
// its event on A's socket, and A's socket stays open.
func TestReplicas_StoppingOneLosesNoEventOfAnUploadItAnswered(t *testing.T) {
	broker := natstest.Start(t)
	a, b, token := twoReplicas(t, broker)
	socket := a.OpenEvents(t, token)

	var mu sync.Mutex
	var answered []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 400; i++ {
			id := fmt.Sprint("r", i)
			if !upload(b, token, id) {
				return // B is gone
			}
			mu.Lock()
			answered = append(answered, id)
			mu.Unlock()
		}
	}()
	for n := 0; n < 20; time.Sleep(5 * time.Millisecond) {
		mu.Lock()
		n = len(answered)
		mu.Unlock()
	}
	b.Stop()
	<-done

	heard := map[string]bool{}
	_ = socket.SetReadDeadline(time.Now().Add(3 * time.Second))
	for len(heard) < len(answered) {
		var ev map[string]any
		if err := socket.ReadJSON(&ev); err != nil {
			t.Fatalf("A's socket heard %d of the %d uploads B answered: %v", len(heard), len(answered), err)
		}
		heard[fmt.Sprint(ev["recordingId"])] = true
	}
	for _, id := range answered {
		if !heard[id] {
			t.Fatalf("B answered the upload of %s but A's socket never heard of it", id)
		}
	}
	t.Logf("B answered %d uploads before it stopped; A's socket heard every one", len(answered))
}

func metrics(t *testing.T, s *servertest.Server) string {
	t.Helper()
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, s.URL+"/metrics", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	_, _ = buf.ReadFrom(resp.Body)
	return buf.String()
}

func grepLines(text string, words ...string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		for _, w := range words {
			if strings.Contains(l, w) && !strings.HasPrefix(l, "#") {
				out = append(out, l)
				break
			}
		}
	}
	return strings.Join(out, "\n")
}

// Without POCKET_NATS_URL nothing of this runs: no connection, no metrics,
// and events stay in the process.
func TestModule_WithoutNATSEventsStayInTheProcess(t *testing.T) {
	s := servertest.Start(t, nil)
	if m := metrics(t, s); strings.Contains(m, "pocket_nats_") || strings.Contains(m, "pocket_events_fanout") {
		t.Fatalf("metrics of a single server mention NATS:\n%s", grepLines(m, "nats", "events_"))
	}
}

// After the broker restarts, uploads through one replica reach sockets on
// the other again, without either server restarting or the socket
// reconnecting.
func TestReplicas_EventsFlowAgainAfterTheBrokerRestarts(t *testing.T) {
	broker := natstest.Start(t)
	a, b, token := twoReplicas(t, broker)
	socket := a.OpenEvents(t, token)

	broker.Restart()
	// Uploads during the reconnect may be missed by A (it is not subscribed
	// at the broker yet): keep uploading until one gets through.
	heard := make(chan string, 1)
	go func() {
		var ev map[string]any
		_ = socket.SetReadDeadline(time.Now().Add(15 * time.Second))
		if socket.ReadJSON(&ev) == nil {
			heard <- fmt.Sprint(ev["recordingId"])
		}
		close(heard)
	}()
	for i := 0; ; i++ {
		if !upload(b, token, fmt.Sprint("after-restart-", i)) {
			t.Fatal("an upload through B failed while the broker restarted")
		}
		select {
		case id, ok := <-heard:
			if !ok || !strings.HasPrefix(id, "after-restart-") {
				t.Fatalf("A's socket heard %q (open: %v)", id, ok)
			}
			t.Logf("A heard %s, after %d uploads through B", id, i+1)
			if m := metrics(t, a); !strings.Contains(m, "pocket_nats_reconnects_total 1") {
				t.Fatalf("A's metrics do not count the reconnect:\n%s", grepLines(m, "nats_"))
			}
			return
		case <-time.After(200 * time.Millisecond):
		}
	}
}
