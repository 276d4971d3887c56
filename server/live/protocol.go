package live

import (
	"encoding/json"
	"time"

	"github.com/pocket-companion/pocket/pkg/events"
)

// ProtocolVersion is sent in the hello; a client that does not know it
// reloads (a newer app is being served).
const ProtocolVersion = 1

// Close codes the client acts on (4000-4999 are the application's).
const (
	// CloseUnauthenticated: no valid token arrived in time, or a token of
	// another user did. Refresh the session, then reconnect.
	CloseUnauthenticated = 4401
	// CloseTokenExpired: the token the socket was opened with expired and no
	// fresh one was sent. Refresh it and reconnect.
	CloseTokenExpired = 4402
	// CloseTooSlow: the client did not keep up with its events. Reconnect
	// and pull: nothing is lost, the change log has it all.
	CloseTooSlow = 4408
	// CloseTooMany: the user opened more sockets than the server allows one
	// user (POCKET_MAX_SOCKETS_PER_USER) and this was their oldest. Do not
	// reconnect on your own: that would only close the next oldest, and the
	// user's devices would take turns closing each other.
	CloseTooMany = 4429
)

// Timing of a connection.
const (
	authTimeout  = 10 * time.Second // the first message must be the token, within this
	pingEvery    = 30 * time.Second
	pongWait     = 2 * pingEvery // a client silent this long is gone
	writeTimeout = 10 * time.Second
	sendBuffer   = 32 // events waiting for a slow socket before it is dropped
	maxInbound   = 16 << 10
)

// inbound is what a client sends: {"type":"auth","token":"<ID token>"}. The
// token travels in a message, never in the URL, so it is not written to
// access logs or history. Later auth messages replace an expiring token.
type inbound struct {
	Type  string `json:"type"`
	Token string `json:"token"`
}

type hello struct {
	Type     string `json:"type"`
	Protocol int    `json:"protocol"`
}

// eventMessage carries ids, never content: the client pulls what changed.
type eventMessage struct {
	Type        string    `json:"type"`
	RecordingID string    `json:"recordingId,omitempty"`
	FolderID    string    `json:"folderId,omitempty"`
	Seq         uint64    `json:"seq,omitempty"`
	At          time.Time `json:"at"`
}

func encodeEvent(e events.Event) []byte {
	b, _ := json.Marshal(eventMessage{Type: e.Type, RecordingID: e.RecordingID, FolderID: e.FolderID, Seq: e.Seq, At: e.At})
	return b
}

func encodeHello() []byte {
	b, _ := json.Marshal(hello{Type: "hello", Protocol: ProtocolVersion})
	return b
}

func deadline() time.Time { return time.Now().Add(writeTimeout) }
