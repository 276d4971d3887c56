package push_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/push"
	"github.com/pocket-companion/pocket/tests/natstest"
	"github.com/pocket-companion/pocket/tests/pushtest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// Two replicas joined by NATS both summarise the same recording (each got
// the upload) and both publish summary.ready: the device subscribed through
// one of them gets one notice.
func TestReplicas_TheSameSummaryOnTwoReplicasIsPushedOnce(t *testing.T) {
	broker := natstest.Start(t)
	var token string
	r := servertest.StartReplicas(t, 2, broker.URL, loopback, func(first *servertest.Server) {
		token = first.SignIn(t, "alice@example.com").IDToken
	})
	a, b := r[0], r[1]
	svc := pushtest.Start(t, a.Cfg.Push.VAPIDPublicKey, a.Cfg.Push.VAPIDSubject)
	phone := svc.NewDevice("alice-phone")
	subscribe(t, client(a, token), phone)

	for _, s := range r {
		upload(t, s.WithToken(t, token), "rec-both")
	}
	m := svc.WaitMessages(t, 1)[0]
	var p push.Payload
	if err := json.Unmarshal(m.Payload, &p); err != nil || m.Device != phone || p.RecordingID != "rec-both" {
		t.Fatalf("push to %s: %+v, %v", m.Device.Endpoint, p, err)
	}
	for _, s := range []*servertest.Server{a, b} {
		waitSummarised(t, s.WithToken(t, token), "rec-both")
	}
	time.Sleep(500 * time.Millisecond) // both summary.ready events are out; a second push would be on its way
	if n := len(svc.Messages()); n != 1 {
		t.Fatalf("%d pushes, want 1", n)
	}
}

func waitSummarised(t *testing.T, c *servertest.Client, id string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var d struct {
			Data struct{ Summarizations json.RawMessage }
		}
		c.MustOK("GET", "/api/v1/recordings/"+id, nil, &d)
		if s := string(d.Data.Summarizations); s != "" && s != "null" && s != "{}" {
			return
		}
	}
	t.Fatalf("%s was not summarised within 20 s", id)
}
