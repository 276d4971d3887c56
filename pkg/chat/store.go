package chat

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Keys (see the schema in pkg/store):
//
//	chat/s/<sessionId>                -> storedSession
//	chat/by/<scope>/<recordingId>     -> session id: one session per scope and recording
//	chat/m/<sessionId>/<seq, 8 bytes> -> Message, in the order written
//
// A scope is whose conversation it is: "u:<uid>" for an owner, "t:<sha256 of
// the share token>" for a link's visitors (the token itself is not written),
// followed by "/v:<sha256 of the visitor key>" for one visitor's own.
func sessionKey(id string) []byte               { return store.Key("chat", "s", id) }
func scopeKey(scope, recordingID string) []byte { return store.Key("chat", "by", scope, recordingID) }
func messagePrefix(sessionID string) []byte     { return store.Prefix("chat", "m", sessionID) }
func messageKey(sessionID string, seq uint64) []byte {
	return store.Key("chat", "m", sessionID, store.U64(seq))
}

// storedSession is a Session with what decides access to it.
type storedSession struct {
	Session
	Scope    string `json:"scope"`
	OwnerUID string `json:"ownerUid"`          // whose recording it is about
	Count    uint64 `json:"count"`             // messages written; the next one's sequence number
	Library  bool   `json:"library,omitempty"` // a conversation across all the owner's recordings
}

func ownerScope(uid string) string { return "u:" + uid }

func tokenScope(token string) string {
	sum := sha256.Sum256([]byte(token))
	return "t:" + hex.EncodeToString(sum[:])
}

// visitorScope narrows a link's scope to one visitor's conversation.
func visitorScope(visitor string) string {
	if visitor == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(visitor))
	return "/v:" + hex.EncodeToString(sum[:16])
}

func loadSession(x *store.Txn, id string) (*storedSession, error) {
	var st storedSession
	err := x.GetJSON(sessionKey(id), &st)
	if errors.Is(err, store.ErrNotFound) {
		return nil, errSessionNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("chat: load session %s: %w", id, err)
	}
	return &st, nil
}

var errSessionNotFound = apperr.Missing("Chat session")

// appendMessage writes m as the session's next message.
func appendMessage(x *store.Txn, st *storedSession, m Message) error {
	if err := x.SetJSON(messageKey(st.ID, st.Count), m); err != nil {
		return err
	}
	st.Count++
	return nil
}

// lastMessages returns up to n of the session's newest messages, oldest first.
func lastMessages(x *store.Txn, sessionID string, n int) ([]Message, error) {
	return messagesUpTo(x, sessionID, nil, n)
}

// messagesUpTo returns up to n messages ending at the key from (nil: the
// newest), oldest first.
func messagesUpTo(x *store.Txn, sessionID string, from []byte, n int) ([]Message, error) {
	var out []Message
	err := x.Scan(messagePrefix(sessionID), from, true, true, func(_, v []byte) (bool, error) {
		var m Message
		if err := json.Unmarshal(v, &m); err != nil {
			return false, err
		}
		out = append(out, m)
		return len(out) < n, nil
	})
	slices.Reverse(out)
	return out, err
}
