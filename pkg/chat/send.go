package chat

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/ids"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Limits on what one send may carry and take.
const (
	MaxMessageRunes = 4000
	historyMessages = 12
	// answerTimeout bounds one answer. It runs detached from the request, so an
	// answer that arrives after the person closed the tab is still kept.
	answerTimeout = 3 * time.Minute
)

// ErrEngineFailed is the send error when the AI engine could not answer.
var ErrEngineFailed = apperr.New(apperr.Unavailable, "AI_UNAVAILABLE", "The AI engine could not answer right now. Please try again.")

// Send stores the question, asks the engine and stores the answer. If the
// engine fails, the question and a failed assistant message (with error set)
// are still stored, so the history shows what happened, and the call fails
// with ErrEngineFailed.
func (s *Service) Send(ctx context.Context, a Access, in SendInput) (SendResult, error) {
	text, err := validate(in)
	if err != nil {
		return SendResult{}, err
	}
	w, err := s.resolve(ctx, a)
	if err != nil {
		return SendResult{}, err
	}
	d, err := s.recording(ctx, w, in.RecordingID)
	if err != nil {
		return SendResult{}, err
	}
	if w.shared {
		if err := s.allowVisitor(w, a.Client); err != nil {
			return SendResult{}, err
		}
	}
	st, err := s.target(ctx, w, d, in.SessionID)
	if err != nil {
		return SendResult{}, err
	}
	rec := engine.NewRecording(engine.Stored{ID: d.ID, Recording: d.Recording, Speakers: d.Speakers, Summarizations: d.Summarizations, Transcription: d.Transcription})
	res, err := s.exchange(ctx, w, st, text, in.Key, func(actx context.Context, q engine.Question) (engine.Answer, error) {
		return s.opts.Engine.Answer(actx, rec, q)
	})
	if err == nil || errors.Is(err, ErrEngineFailed) {
		if !w.shared && s.opts.Bus != nil {
			s.opts.Bus.Publish(events.Event{Type: events.ChatMessage, UserID: w.ownerUID, RecordingID: d.ID})
		}
	}
	return res, err
}

// exchange is one question and answer in session st: a question key sent
// before is answered from the store, otherwise the rate limit is checked,
// the question stored, answer asked for (detached from the request, so an
// answer that arrives after the tab closed is kept) and stored. If the
// engine fails, a failed assistant message is stored and the call fails
// with ErrEngineFailed.
func (s *Service) exchange(ctx context.Context, w who, st *storedSession, text, key string, answer func(context.Context, engine.Question) (engine.Answer, error)) (SendResult, error) {
	unlock := s.lock(st.ID)
	defer unlock()

	asked, err := s.askedBefore(w.scope, key)
	if err != nil || asked.answered() {
		return s.storedExchange(asked, err)
	}
	if err := s.allow(w); err != nil {
		return SendResult{}, err
	}
	var userMsg Message
	var history []engine.Turn
	if asked.found() {
		userMsg, history, err = s.questionAt(asked)
	} else {
		userMsg, history, err = s.storeQuestion(st.ID, text, w.scope, key)
	}
	if err != nil {
		return SendResult{}, err
	}
	actx, cancel := context.WithTimeout(context.WithoutCancel(ctx), answerTimeout)
	defer cancel()
	a, answerErr := answer(actx, engine.Question{Text: userMsg.Content, History: history})
	if answerErr != nil {
		s.opts.Log.Error("chat: the engine failed", "engine", s.opts.Engine.Name(), "session", st.ID, "err", answerErr)
	}
	session, reply, err := s.storeAnswer(st.ID, a, answerErr, w.scope, key)
	if err != nil {
		return SendResult{}, err
	}
	if answerErr != nil {
		return SendResult{}, ErrEngineFailed
	}
	return SendResult{Session: session, UserMessage: userMsg, AssistantMessage: reply}, nil
}

func validate(in SendInput) (string, error) {
	if strings.TrimSpace(in.RecordingID) == "" {
		return "", apperr.Invalidf("recordingId is required")
	}
	return validateText(in.Message)
}

// validateText checks a question's text and returns it trimmed.
func validateText(message string) (string, error) {
	text := strings.TrimSpace(message)
	if text == "" {
		return "", apperr.New(apperr.Invalid, "EMPTY_MESSAGE", "Message must not be empty")
	}
	if n := utf8.RuneCountInString(text); n > MaxMessageRunes {
		return "", apperr.Newf(apperr.TooLarge, "MESSAGE_TOO_LONG", "Message is too long (%d characters); the limit is %d characters", n, MaxMessageRunes)
	}
	return text, nil
}

// target is the session to write to: the one named, if it is the caller's
// and about this recording, else the caller's latest about the recording
// (a visitor's first message stores theirs).
func (s *Service) target(ctx context.Context, w who, d recordings.Detail, sessionID string) (*storedSession, error) {
	if sessionID == "" || isPending(w, sessionID) {
		return s.latestOrCreate(w, d)
	}
	st, err := s.sessionOf(ctx, w, sessionID)
	if err != nil {
		return nil, err
	}
	if st.RecordingID != d.ID {
		return nil, errSessionNotFound
	}
	return st, nil
}

// storeQuestion writes the user's message and returns it with the turns
// before it (failed answers left out: they carry no content to build on).
func (s *Service) storeQuestion(sessionID, text, scope, key string) (Message, []engine.Turn, error) {
	now := s.opts.Now().UTC()
	msg := Message{ID: ids.UUID(), SessionID: sessionID, Role: RoleUser, Content: text, CreatedAt: now, UpdatedAt: now}
	var history []engine.Turn
	err := s.opts.DB.Update(func(x *store.Txn) error {
		history = nil
		st, err := loadSession(x, sessionID)
		if err != nil {
			return err
		}
		prev, err := lastMessages(x, sessionID, historyMessages)
		if err != nil {
			return err
		}
		for _, m := range prev {
			if m.Error == nil {
				history = append(history, engine.Turn{Role: m.Role, Content: m.Content})
			}
		}
		if st.Count == 0 && st.UserID != nil { // an owner's conversation is named by its first question
			st.Title = titleOf(text)
		}
		if err := appendMessage(x, st, msg); err != nil {
			return err
		}
		if err := rememberQuestion(x, scope, key, st.ID, st.Count-1); err != nil {
			return err
		}
		return x.SetJSON(sessionKey(st.ID), st)
	})
	return msg, history, err
}

// storeAnswer writes the assistant's message, or a failed one, and touches
// the session.
func (s *Service) storeAnswer(sessionID string, a engine.Answer, answerErr error, scope, key string) (Session, Message, error) {
	now := s.opts.Now().UTC()
	msg := Message{ID: ids.UUID(), SessionID: sessionID, Role: RoleAssistant, Content: a.Text, Sources: a.Sources, CreatedAt: now, UpdatedAt: now}
	if answerErr != nil {
		reason := "The AI engine could not answer."
		msg.Content, msg.Error, msg.Sources = FailureText, &reason, nil
	}
	var session Session
	err := s.opts.DB.Update(func(x *store.Txn) error {
		st, err := loadSession(x, sessionID)
		if err != nil {
			return err
		}
		if err := appendMessage(x, st, msg); err != nil {
			return err
		}
		if err := rememberAnswer(x, scope, key, st.Count-1, answerErr == nil); err != nil {
			return err
		}
		st.LastMessageAt, st.UpdatedAt = &now, now
		st.Metadata["engine"] = s.opts.Engine.Name()
		session = st.Session
		return x.SetJSON(sessionKey(st.ID), st)
	})
	if err != nil {
		return Session{}, Message{}, fmt.Errorf("chat: store answer: %w", err)
	}
	return session, msg, nil
}

// allow counts an owner's message (a visitor's was counted by allowVisitor
// before their conversation was looked up).
func (s *Service) allow(w who) error {
	if w.shared {
		return nil
	}
	if ok, wait := s.owners.Allow(w.limitKey); !ok {
		return tooManyMessages(wait)
	}
	return nil
}

func (s *Service) lock(sessionID string) func() {
	return s.sessionLocks.lock(sessionID)
}
