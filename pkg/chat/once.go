package chat

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/store"
)

// asked is what a question key recorded: where its question and answer are.
// It is written with the question (and updated with the answer) in the same
// transactions, so a send that crashed half-way is found and finished.
type asked struct {
	SessionID string `json:"s"`
	Question  uint64 `json:"q"`
	Answer    uint64 `json:"a,omitempty"` // message seq + 1 of a good answer; 0: none yet
	present   bool
}

func (a asked) found() bool    { return a.present }
func (a asked) answered() bool { return a.present && a.Answer > 0 }

// askedKey is chat/q/<scope>/<sha256(key)>: keys are the device's, of any
// characters, and a scope keeps one person's keys apart from another's.
func askedKey(scope, key string) []byte {
	sum := sha256.Sum256([]byte(key))
	return store.Key("chat", "q", scope, hex.EncodeToString(sum[:]))
}

func (s *Service) askedBefore(scope, key string) (asked, error) {
	if key == "" {
		return asked{}, nil
	}
	var a asked
	err := s.opts.DB.View(func(x *store.Txn) error { return x.GetJSON(askedKey(scope, key), &a) })
	if errors.Is(err, store.ErrNotFound) {
		return asked{}, nil
	}
	a.present = err == nil
	return a, err
}

func rememberQuestion(x *store.Txn, scope, key, sessionID string, seq uint64) error {
	if key == "" {
		return nil
	}
	return x.SetJSON(askedKey(scope, key), asked{SessionID: sessionID, Question: seq})
}

// rememberAnswer records a good answer; a failed one leaves the key
// unanswered, so the device's retry asks again.
func rememberAnswer(x *store.Txn, scope, key string, seq uint64, ok bool) error {
	if key == "" || !ok {
		return nil
	}
	var a asked
	if err := x.GetJSON(askedKey(scope, key), &a); err != nil {
		return err
	}
	a.Answer = seq + 1
	return x.SetJSON(askedKey(scope, key), a)
}

// storedExchange answers a key asked and answered before.
func (s *Service) storedExchange(a asked, err error) (SendResult, error) {
	if err != nil {
		return SendResult{}, err
	}
	var res SendResult
	err = s.opts.DB.View(func(x *store.Txn) error {
		st, err := loadSession(x, a.SessionID)
		if err != nil {
			return err
		}
		res.Session = st.Session
		if err := x.GetJSON(messageKey(a.SessionID, a.Question), &res.UserMessage); err != nil {
			return err
		}
		return x.GetJSON(messageKey(a.SessionID, a.Answer-1), &res.AssistantMessage)
	})
	return res, err
}

// questionAt reloads a stored question that has no good answer yet, with
// the turns before it.
func (s *Service) questionAt(a asked) (Message, []engine.Turn, error) {
	var q Message
	var history []engine.Turn
	err := s.opts.DB.View(func(x *store.Txn) error {
		if err := x.GetJSON(messageKey(a.SessionID, a.Question), &q); err != nil {
			return err
		}
		prev, err := messagesBefore(x, a.SessionID, a.Question, historyMessages)
		for _, m := range prev {
			if m.Error == nil {
				history = append(history, engine.Turn{Role: m.Role, Content: m.Content})
			}
		}
		return err
	})
	return q, history, err
}

// messagesBefore returns up to n messages written before seq, oldest first.
func messagesBefore(x *store.Txn, sessionID string, seq uint64, n int) ([]Message, error) {
	if seq == 0 {
		return nil, nil
	}
	return messagesUpTo(x, sessionID, messageKey(sessionID, seq-1), n)
}
