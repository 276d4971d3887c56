package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/tests/pushtest"
	"github.com/pocket-companion/pocket/tests/storetest"
)

// A device made over HTTP receives the server's push, decrypted for the test to read.
func TestPushSink_DecryptsAPushToADeviceItMade(t *testing.T) {
	keys, _ := push.LoadOrCreateKeys(t.TempDir())
	svc := pushtest.New(keys.Public, "")
	srv := httptest.NewServer(routes(svc))
	defer srv.Close()
	svc.URL = srv.URL

	req, _ := http.NewRequestWithContext(t.Context(), http.MethodPost, srv.URL+"/devices", strings.NewReader(`{"name":"e2e"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var sub struct {
		Endpoint string
		Keys     struct{ P256dh, Auth string }
	}
	_ = json.NewDecoder(resp.Body).Decode(&sub)
	resp.Body.Close()

	subs := push.NewSubscriptions(storetest.Memory(t), nil, push.EndpointPolicy{AllowLoopback: true})
	if err := subs.Subscribe(t.Context(), "alice", push.Subscription{Endpoint: sub.Endpoint, P256dh: sub.Keys.P256dh, Auth: sub.Keys.Auth}); err != nil {
		t.Fatal(err)
	}
	sender := push.NewSender(subs, oneRecording{}, push.SenderOptions{Keys: keys, Subject: "mailto:ops@pocket.example"})
	sender.Start()
	defer sender.Stop()
	sender.SummaryReady("alice", "r1")

	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, srv.URL+"/devices/e2e/messages", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		_, _ = buf.ReadFrom(resp.Body)
		resp.Body.Close()
		if strings.Contains(buf.String(), `\"recordingId\":\"r1\"`) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("messages = %s; failures = %v", buf.String(), svc.Failures())
		}
	}
}

// oneRecording is a library where every id is a recording titled Standup.
type oneRecording struct{}

func (oneRecording) Detail(_ context.Context, _, id string) (recordings.Detail, error) {
	rec, _ := json.Marshal(map[string]string{"id": id, "title": "Standup"})
	return recordings.Detail{ID: id, Recording: rec}, nil
}
