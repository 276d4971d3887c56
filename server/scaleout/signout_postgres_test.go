//go:build postgres

package scaleout_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/server/live"
	"github.com/pocket-companion/pocket/tests/natstest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// A sign-out through one replica ends the session on the other at once, as
// on one server (docs/security.md "Sign-out"): the socket the other replica
// holds is closed, and it refuses the session's ID token though it had just
// found the session alive (an answer it would otherwise reuse for 2 s).
// "Sign out of all devices" does the same for every session of the user;
// another user's socket stays open.
func TestReplicasOnOneDatabase_SignOutThroughOneEndsTheSessionOnTheOtherAtOnce(t *testing.T) {
	broker := natstest.Start(t)
	a, b := replicasOnOneDatabase(t, broker)
	for _, route := range []string{"/api/v1/auth/logout", "/api/v1/auth/logout-all"} {
		t.Run(route, func(t *testing.T) {
			alice := a.SignIn(t, "alice-"+route[len("/api/v1/auth/"):]+"@example.com")
			bob := a.SignIn(t, "bob-"+route[len("/api/v1/auth/"):]+"@example.com")
			aliceSocket := b.OpenEvents(t, alice.IDToken)
			bobSocket := b.OpenEvents(t, bob.IDToken)
			aliceOnB := b.WithToken(t, alice.IDToken)
			aliceOnB.MustOK("GET", "/api/v1/folders", nil) // B now remembers the session alive

			alice.MustOK("POST", route, nil)

			// Refused as soon as the sign-out reaches B (milliseconds), well
			// before B's remembered answer would lapse.
			if !refusedWithin(aliceOnB, time.Second) {
				t.Errorf("B still took the signed-out ID token a second after the sign-out through A")
			}
			servertest.WantClosed(t, aliceSocket, live.CloseSignedOut)
			servertest.WantOpen(t, bobSocket)
			b.WithToken(t, bob.IDToken).MustOK("GET", "/api/v1/folders", nil)
		})
	}
}

// refusedWithin reports whether c's ID token is refused on a read within d.
func refusedWithin(c *servertest.Client, d time.Duration) bool {
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if c.Do("GET", "/api/v1/folders", nil).Status == http.StatusUnauthorized {
			return true
		}
	}
	return false
}
