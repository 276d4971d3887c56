// Package chat is Ask Pocket's conversations: one session per person (or
// per share link) and recording, its messages, and the send flow that stores
// the question, asks the AI engine and stores the answer with its sources.
//
// Who may chat is decided here, not in the transport: an owner chats about
// their own recordings; a share-link visitor chats only about the linked
// recording and only while the link is valid, in a session that belongs to
// the link (the owner's conversation and other links' are out of reach).
// Anything out of reach is reported as not found.
package chat

import (
	"encoding/json"
	"time"

	"github.com/pocket-companion/pocket/pkg/engine"
)

// Session is the spec's chat session (§3).
type Session struct {
	ID            string         `json:"id"`
	UserID        *string        `json:"userId"` // the owner's uid; null in a share-link visitor's session
	RecordingID   string         `json:"recordingId"`
	Title         string         `json:"title"`
	LastMessageAt *time.Time     `json:"lastMessageAt"`
	Metadata      map[string]any `json:"metadata"`
	CreatedAt     time.Time      `json:"createdAt"`
	UpdatedAt     time.Time      `json:"updatedAt"`
}

// Roles of messages.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// FailureText is what an assistant message says when the engine failed: the
// same words the app shows for a failed send.
const FailureText = "Sorry, I couldn't process your request. Please try again."

// Message is the spec's chat message (§3) plus, on assistant messages, the
// transcript passages the answer rests on.
type Message struct {
	ID        string          `json:"id"`
	SessionID string          `json:"sessionId"`
	Role      string          `json:"role"`
	Content   string          `json:"content"`
	Error     *string         `json:"error"` // null, or why the answer failed
	Sources   []engine.Source `json:"-"`
	CreatedAt time.Time       `json:"createdAt"`
	UpdatedAt time.Time       `json:"updatedAt"`
}

// MarshalJSON adds sources to assistant messages (an empty list when the
// answer cites nothing) and leaves them out of user messages.
func (m Message) MarshalJSON() ([]byte, error) {
	type plain Message
	out := struct {
		plain
		Sources *[]engine.Source `json:"sources,omitempty"`
	}{plain: plain(m)}
	if m.Role == RoleAssistant {
		src := m.Sources
		if src == nil {
			src = []engine.Source{}
		}
		out.Sources = &src
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON writes (the store keeps messages as JSON).
func (m *Message) UnmarshalJSON(b []byte) error {
	type plain Message
	var in struct {
		plain
		Sources []engine.Source `json:"sources"`
	}
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	*m = Message(in.plain)
	m.Sources = in.Sources
	return nil
}

// SendInput is one message to send.
type SendInput struct {
	RecordingID string
	SessionID   string // optional: the session to continue
	Message     string
	Language    string // the spec's client always sends "en"; answers are in English
	// Key is a device's key for a question it queued while offline: sent
	// again with the same key, the stored exchange is answered instead of
	// asking twice (an earlier failed answer is retried).
	Key string
}

// SendResult is the send response: {session, userMessage, assistantMessage}.
type SendResult struct {
	Session          Session `json:"session"`
	UserMessage      Message `json:"userMessage"`
	AssistantMessage Message `json:"assistantMessage"`
}
