package live

import (
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/pocket-companion/pocket/pkg/events"
)

// A sign-out's announcement is for replicas, not browsers: published here
// (where the sign-out closed its sockets already) it reaches no socket; heard
// from another replica, it closes that user's sockets, and no one else's.
func TestSessionEnded_IsNeverSentAndClosesTheSocketsWhenAnotherReplicaSignedOut(t *testing.T) {
	r := newRig(t)
	alice, bob := r.open(t, "alice:1h"), r.open(t, "bob:1h")

	r.bus.Publish(events.Event{Type: events.SessionEnded, UserID: "alice"})
	_ = alice.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if _, data, err := alice.ReadMessage(); err == nil {
		t.Fatalf("alice's socket was sent %s", data)
	}

	alice = r.open(t, "alice:1h") // the timed-out read above ends that connection
	r.bus.DeliverRemote(events.Event{Type: events.SessionEnded, UserID: "alice"})
	if code := closeCode(t, alice, time.Second); code != CloseSignedOut {
		t.Fatalf("alice's socket closed with %d, want %d (signed out)", code, CloseSignedOut)
	}
	_ = bob.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if _, _, err := bob.ReadMessage(); websocket.IsCloseError(err, CloseSignedOut) {
		t.Fatal("bob's socket was closed by alice's sign-out")
	}
}
