package scaleout_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"connectrpc.com/connect"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1/syncv1connect"
	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/natstest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// The deployment of docs/deployment.md in one process: two relays joined
// through NATS in front of one embedded upstream. A tab on relay A hears of
// an upload made through relay B within a second, and its pull from A then
// finds the recording (A's mirror refreshes on B's event).
func TestRelayReplicas_AnUploadThroughOneIsHeardAndPulledOnTheOther(t *testing.T) {
	broker := natstest.Start(t)
	upstream := servertest.Start(t, nil)
	token := upstream.SignIn(t, "alice@example.com").IDToken
	relays := servertest.StartReplicas(t, 2, broker.URL, func(c *config.Config) {
		c.UpstreamURL, c.UpstreamJWKSURL = upstream.URL, upstream.URL+"/api/v1/auth/jwks"
	}, nil)
	a, b := relays[0], relays[1]
	socket := a.OpenSocket(t, token)
	cursor := pullAll(t, a, token, "", nil)

	start := time.Now()
	if !upload(b, token, "via-relay-b") {
		t.Fatal("the upload through relay B failed")
	}
	var ev map[string]any
	_ = socket.SetReadDeadline(start.Add(time.Second))
	if err := socket.ReadJSON(&ev); err != nil {
		t.Fatalf("no event on relay A's socket within a second of the upload through relay B: %v", err)
	}
	t.Logf("upload through relay B to event on relay A: %v", time.Since(start))
	if ev["type"] != "recording.created" || ev["recordingId"] != "via-relay-b" {
		t.Fatalf("event = %v", ev)
	}
	var got []string
	pullAll(t, a, token, cursor, &got)
	if len(got) != 1 || got[0] != "via-relay-b" {
		t.Fatalf("the pull from relay A after the event found %v, want the upload", got)
	}
}

// pullAll pulls s's changes after cursor, collecting recording ids into ids.
func pullAll(t *testing.T, s *servertest.Server, token, cursor string, ids *[]string) string {
	t.Helper()
	client := syncv1connect.NewSyncServiceClient(http.DefaultClient, s.URL)
	for {
		req := connect.NewRequest(&syncv1.PullRequest{Cursor: cursor, Limit: 500})
		req.Header().Set("Authorization", "Bearer "+token)
		res, err := client.Pull(context.Background(), req)
		if err != nil {
			t.Fatalf("pull from %s: %v", s.URL, err)
		}
		for _, c := range res.Msg.GetChanges() {
			if r := c.GetRecording(); r != nil && ids != nil {
				*ids = append(*ids, r.GetId())
			}
		}
		cursor = res.Msg.GetCursor()
		if !res.Msg.GetHasMore() {
			return cursor
		}
	}
}
