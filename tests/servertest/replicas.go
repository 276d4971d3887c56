package servertest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	webpush "github.com/SherClockHolmes/webpush-go"

	"github.com/pocket-companion/pocket/server/config"
)

// StartReplicas runs n servers joined through the NATS server at natsURL
// (POCKET_NATS_URL), each on its own copy of one data directory that setup
// prepared on a first server (signing users in, uploading), so accounts and
// ID tokens are good on every replica. They share one VAPID pair, as
// replicas must. In a deployment the replicas are relays in front of one
// upstream; copies of one store stand in for it where a test needs whole
// servers but not the relay. edit adjusts the configuration of all of them.
func StartReplicas(t testing.TB, n int, natsURL string, edit func(*config.Config), setup func(first *Server)) []*Server {
	t.Helper()
	private, public, err := webpush.GenerateVAPIDKeys()
	if err != nil {
		t.Fatal(err)
	}
	first := Start(t, func(c *config.Config) {
		c.NATSURL = natsURL
		c.Push.VAPIDPublicKey, c.Push.VAPIDPrivateKey = public, private
		if edit != nil {
			edit(c)
		}
	})
	if setup != nil {
		setup(first)
	}
	first.Stop()
	replicas := make([]*Server, n)
	for i := range replicas {
		cfg := first.Cfg
		cfg.DataDir = filepath.Join(t.TempDir(), fmt.Sprint("replica-", i))
		if err := os.CopyFS(cfg.DataDir, os.DirFS(first.Cfg.DataDir)); err != nil {
			t.Fatal(err)
		}
		replicas[i] = StartConfig(t, cfg)
	}
	return replicas
}
