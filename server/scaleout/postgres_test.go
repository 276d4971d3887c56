//go:build postgres

package scaleout_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/server/config"
	"github.com/pocket-companion/pocket/tests/natstest"
	"github.com/pocket-companion/pocket/tests/pgtest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// replicasOnOneDatabase starts two servers on one PostgreSQL schema, joined
// through broker, each with an empty data directory of its own and no VAPID
// pair configured: what they share, they share through the database.
func replicasOnOneDatabase(t *testing.T, broker *natstest.Server) (a, b *servertest.Server) {
	t.Helper()
	url := pgtest.SchemaURL(t)
	join := func(c *config.Config) { c.NATSURL, c.DatabaseURL = broker.URL, url }
	return servertest.Start(t, join), servertest.Start(t, join)
}

// Replicas on one database accept each other's ID tokens and sign-in codes
// (the signing key and the codes' pepper are kept in it), serve the same
// library, and an upload through one reaches a socket on the other.
func TestReplicasOnOneDatabase_ShareSignInTheLibraryAndLiveEvents(t *testing.T) {
	broker := natstest.Start(t)
	a, b := replicasOnOneDatabase(t, broker)
	token := a.SignIn(t, "alice@example.com").IDToken
	b.WithToken(t, token).MustOK("GET", "/api/v1/recordings/dashboard", nil)

	// A code mailed by A is checked by B.
	c := b.NewClient(t)
	a.NewClient(t).MustOK("POST", "/api/v1/auth/email/send-otp", map[string]string{"email": "bob@example.com"})
	c.MustOK("POST", "/api/v1/auth/email/verify-otp", map[string]string{"email": "bob@example.com", "otp": a.Mail.LastCode("bob@example.com")})

	socket := b.OpenEvents(t, token)
	start := time.Now()
	if !upload(a, token, "via-a") {
		t.Fatal("the upload through A failed")
	}
	var ev map[string]any
	_ = socket.SetReadDeadline(start.Add(time.Second))
	if err := socket.ReadJSON(&ev); err != nil {
		t.Fatalf("no event on B's socket within a second of the upload through A: %v", err)
	}
	if ev["type"] != "recording.created" || ev["recordingId"] != "via-a" {
		t.Fatalf("event = %v", ev)
	}
	var got []string
	pullAll(t, b, token, "", &got)
	if !slices.Equal(got, []string{"via-a"}) {
		t.Fatalf("a pull from B found %v, want the upload through A", got)
	}
}

// Uploads through both replicas at once: every one is answered, and a pull
// from either finds each exactly once (one change log, written by both).
func TestReplicasOnOneDatabase_ConcurrentUploadsThroughBothLandOnce(t *testing.T) {
	broker := natstest.Start(t)
	a, b := replicasOnOneDatabase(t, broker)
	token := a.SignIn(t, "alice@example.com").IDToken
	const each = 15
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failed []string
	for r, s := range []*servertest.Server{a, b} {
		for i := range each {
			wg.Go(func() {
				id := fmt.Sprintf("r%d-%02d", r, i)
				if !upload(s, token, id) {
					mu.Lock()
					failed = append(failed, id)
					mu.Unlock()
				}
			})
		}
	}
	wg.Wait()
	if len(failed) > 0 {
		t.Fatalf("uploads not answered 2xx: %v", failed)
	}
	for name, s := range map[string]*servertest.Server{"A": a, "B": b} {
		var got []string
		pullAll(t, s, token, "", &got)
		slices.Sort(got)
		if len(got) != 2*each || len(slices.Compact(slices.Clone(got))) != 2*each {
			t.Fatalf("a pull from %s found %d recordings (%s), want %d once each", name, len(got), strings.Join(got, " "), 2*each)
		}
	}
}
