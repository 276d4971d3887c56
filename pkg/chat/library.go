package chat

import (
	"context"
	"sort"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/ids"
	"github.com/pocket-companion/pocket/pkg/library"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Library conversations ask across all of an owner's recordings. They are
// sessions like the per-recording ones (same messages, history, question
// keys and rate limit) without a recording: any number per owner, listed
// under chat/lib/<scope>/<sessionId>. Share-link visitors cannot have one.

// Retriever finds the passages of an owner's library for a question.
type Retriever interface {
	Retrieve(ctx context.Context, uid, question string, k int, scope recordings.Scope) ([]library.Hit, error)
}

// LibraryTitle names a library conversation until its first question does.
const LibraryTitle = "All recordings"

// libraryPassages is how many passages an engine is given; passages scoring
// under libraryRelevance of the best are left out as noise.
const (
	libraryPassages  = 8
	libraryRelevance = library.Relevance
)

// LibrarySendInput is one question across the library.
type LibrarySendInput struct {
	SessionID string // optional: the conversation to continue; empty starts one
	Message   string
	Key       string // see SendInput.Key
	// Scope narrows retrieval to part of the library (the zero Scope: all
	// of it); every source of the answer lies inside it. It is per question:
	// the conversation's metadata.scope remembers the latest one.
	Scope recordings.Scope
}

func libraryKey(scope, sessionID string) []byte { return store.Key("chat", "lib", scope, sessionID) }
func libraryPrefix(scope string) []byte         { return store.Prefix("chat", "lib", scope) }

var errLibraryOwnersOnly = apperr.New(apperr.Forbidden, "LIBRARY_OWNERS_ONLY", "Only the owner can ask across their recordings.")

// owner resolves a for the library: owners only.
func (s *Service) libraryOwner(ctx context.Context, a Access) (who, error) {
	if a.Token != "" {
		return who{}, errLibraryOwnersOnly
	}
	return s.resolve(ctx, a)
}

// LibrarySessions lists the owner's library conversations, latest activity first.
func (s *Service) LibrarySessions(ctx context.Context, a Access) ([]Session, error) {
	w, err := s.libraryOwner(ctx, a)
	if err != nil {
		return nil, err
	}
	out := []Session{}
	err = s.opts.DB.View(func(x *store.Txn) error {
		return x.Scan(libraryPrefix(w.scope), nil, false, false, func(k, _ []byte) (bool, error) {
			id := string(k[len(libraryPrefix(w.scope)):])
			st, err := loadSession(x, id)
			if err != nil {
				return false, err
			}
			out = append(out, st.Session)
			return true, nil
		})
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].UpdatedAt.After(out[j].UpdatedAt) })
	return out, err
}

// NewLibrarySession starts an empty library conversation.
func (s *Service) NewLibrarySession(ctx context.Context, a Access) (Session, error) {
	w, err := s.libraryOwner(ctx, a)
	if err != nil {
		return Session{}, err
	}
	st, err := s.createLibrarySession(w, "")
	if err != nil {
		return Session{}, err
	}
	return st.Session, nil
}

func (s *Service) createLibrarySession(w who, title string) (*storedSession, error) {
	now := s.opts.Now().UTC()
	if title == "" {
		title = LibraryTitle
	}
	uid := w.ownerUID
	st := &storedSession{
		Session: Session{
			ID: ids.UUID(), UserID: &uid, Title: title, CreatedAt: now, UpdatedAt: now,
			Metadata: map[string]any{"shared": false, "language": "en", "library": true},
		},
		Scope: w.scope, OwnerUID: w.ownerUID, Library: true,
	}
	err := s.opts.DB.Update(func(x *store.Txn) error {
		if err := x.SetJSON(sessionKey(st.ID), st); err != nil {
			return err
		}
		return x.Set(libraryKey(w.scope, st.ID), nil)
	})
	return st, err
}

// SendLibrary asks a question across the owner's recordings: retrieval
// finds the passages (the owner's only), the engine answers from them and
// cites them. Without a session id a new conversation is started, titled
// by its first question.
func (s *Service) SendLibrary(ctx context.Context, a Access, in LibrarySendInput) (SendResult, error) {
	text, err := validateText(in.Message)
	if err != nil {
		return SendResult{}, err
	}
	w, err := s.libraryOwner(ctx, a)
	if err != nil {
		return SendResult{}, err
	}
	if err := s.opts.Recordings.CheckScope(ctx, w.ownerUID, in.Scope); err != nil {
		return SendResult{}, err
	}
	lib, ok := s.opts.Engine.(engine.LibraryEngine)
	if !ok || s.opts.Library == nil {
		return SendResult{}, ErrEngineFailed
	}
	var st *storedSession
	if in.SessionID == "" {
		st, err = s.createLibrarySession(w, titleOf(text))
	} else {
		st, err = s.sessionOf(ctx, w, in.SessionID)
		if err == nil && !st.Library {
			err = errSessionNotFound
		}
	}
	if err == nil {
		err = s.rememberScope(st, in.Scope)
	}
	if err != nil {
		return SendResult{}, err
	}
	return s.exchange(ctx, w, st, text, in.Key, func(actx context.Context, q engine.Question) (engine.Answer, error) {
		hits, err := s.opts.Library.Retrieve(actx, w.ownerUID, retrievalQuery(q), libraryPassages, in.Scope)
		if err != nil {
			return engine.Answer{}, err
		}
		return lib.AnswerLibrary(actx, relevant(hits), q)
	})
}

// rememberScope keeps the question's scope as the conversation's
// metadata.scope (none: the whole library), so reopening it shows the scope
// it was asked in.
func (s *Service) rememberScope(st *storedSession, scope recordings.Scope) error {
	_, had := st.Metadata["scope"]
	if !had && !scope.Active() {
		return nil
	}
	return s.opts.DB.Update(func(x *store.Txn) error {
		cur, err := loadSession(x, st.ID)
		if err != nil {
			return err
		}
		if scope.Active() {
			cur.Metadata["scope"] = scope
		} else {
			delete(cur.Metadata, "scope")
		}
		return x.SetJSON(sessionKey(cur.ID), cur)
	})
}

// retrievalQuery is what to look for: the question, and for a short
// follow-up ("and when?") the previous question's words too.
func retrievalQuery(q engine.Question) string {
	if len(strings.Fields(q.Text)) > 4 {
		return q.Text
	}
	for i := len(q.History) - 1; i >= 0; i-- {
		if q.History[i].Role == RoleUser {
			return q.Text + " " + q.History[i].Content
		}
	}
	return q.Text
}

// relevant keeps the passages that score near the best.
func relevant(hits []library.Hit) []engine.Passage {
	var out []engine.Passage
	for _, h := range hits {
		if h.Score >= libraryRelevance*hits[0].Score {
			out = append(out, h.Passage)
		}
	}
	return out
}

// titleOf names a conversation by its first question.
func titleOf(question string) string {
	r := []rune(strings.Join(strings.Fields(question), " "))
	if len(r) > 80 {
		return string(r[:79]) + "…"
	}
	return string(r)
}
