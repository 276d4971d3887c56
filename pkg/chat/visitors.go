package chat

import (
	"crypto/sha256"
	"fmt"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// A share-link visitor's conversation is stored at their first message, not
// when they open the chat: anyone holding a link can make up visitor keys,
// and each opening used to store a conversation. Until that message the
// visitor is answered an empty conversation under its future id, made from
// the visitor's scope and the recording, so the id the app holds is the one
// the first message stores (and the empty history it reads belongs to it).

// SweepEvery is how often the server removes expired visitor conversations
// (see SweepVisitors); a link that is full may have room again after it.
const SweepEvery = time.Hour

// pendingID is the id of a visitor's conversation before and after it is
// stored: a UUID (version 8, made from a name) of their scope and the
// recording. The scope holds hashes of the share token and the visitor key,
// so nobody without both can name it, and it is checked on every use anyway.
func pendingID(scope, recordingID string) string {
	sum := sha256.Sum256([]byte("chat-visitor\x00" + scope + "\x00" + recordingID))
	b := sum[:16]
	b[6] = b[6]&0x0f | 0x80
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// isPending reports whether sessionID is w's conversation-to-be about the
// linked recording.
func isPending(w who, sessionID string) bool {
	return w.shared && sessionID == pendingID(w.scope, w.link.RecordingID)
}

// visitorSession is the visitor's latest conversation about d or, before
// their first message, the empty one that message will store. Nothing is
// written.
func (s *Service) visitorSession(w who, d recordings.Detail) (Session, error) {
	var list []*storedSession
	err := s.opts.DB.View(func(x *store.Txn) (err error) {
		list, err = conversationsOf(x, w.scope, d.ID)
		return err
	})
	if err != nil {
		return Session{}, err
	}
	if len(list) > 0 {
		return list[0].Session, nil
	}
	return s.newSession(w, d).Session, nil
}

// roomForVisitor refuses a new visitor conversation once the link holds
// ConversationsPerLink of them (all its visitors' and its shared one, listed
// under chat/rec/<link scope>/...).
func (s *Service) roomForVisitor(x *store.Txn, w who) error {
	limit, n := s.opts.Limits.ConversationsPerLink, 0
	err := x.Scan(store.Prefix("chat", "rec", w.limitKey), nil, false, false, func(_, _ []byte) (bool, error) {
		n++
		return n < limit, nil
	})
	if err != nil || n < limit {
		return err
	}
	e := apperr.Newf(apperr.TooMany, "SHARE_CHAT_FULL",
		"This share link already has %d conversations, its limit. Please try again later.", limit)
	e.RetryAfter = SweepEvery
	return e
}

// allowVisitor counts a visitor's message against their client address
// (across links) and then their link. It runs before their conversation is
// made, so a refused message stores nothing.
func (s *Service) allowVisitor(w who, client string) error {
	if ok, wait := s.visitorAddresses.Allow(client); !ok {
		return tooManyMessages(wait)
	}
	if ok, wait := s.visitors.Allow(w.limitKey); !ok {
		return tooManyMessages(wait)
	}
	return nil
}

func tooManyMessages(wait time.Duration) error {
	e := apperr.Newf(apperr.TooMany, "RATE_LIMITED", "Too many messages. Please wait %d seconds before asking again.", int(wait.Seconds()+0.999))
	e.RetryAfter = wait
	return e
}
