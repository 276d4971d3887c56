package chat

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/ids"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/ratelimit"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/share"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Recordings is what chat needs of the recordings domain.
type Recordings interface {
	Detail(ctx context.Context, uid, id string) (recordings.Detail, error)
	CheckScope(ctx context.Context, uid string, scope recordings.Scope) error
}

// Links is what chat needs of share links.
type Links interface {
	Resolve(ctx context.Context, token string) (share.Link, error)
}

// Access says who is chatting: a signed-in owner (UID) or a share-link
// visitor (Token). Exactly one is set.
type Access struct {
	UID   string
	Token string
	// Visitor is a share-link visitor's own conversation key, made at random
	// by their browser, so everyone holding one link does not read each
	// other's questions. Empty: the link's one shared conversation, for
	// clients that send none.
	Visitor string
	// Client names a visitor's client address (httpx.ClientKey), which their
	// messages are counted against across links.
	Client string
}

// Options are the service's collaborators and limits.
type Options struct {
	DB         *store.DB
	Recordings Recordings
	Links      Links
	Engine     engine.Engine
	Library    Retriever    // library-wide questions; nil: not offered
	Bus        *events.Bus  // may be nil
	Log        *slog.Logger // may be nil
	Limits     Limits
	Now        func() time.Time
}

// Service runs conversations. It is safe for concurrent use.
type Service struct {
	opts                               Options
	owners, visitors, visitorAddresses *ratelimit.Limiter
	sessionLocks                       keyedLock // one send at a time per session
}

// NewService builds the service.
func NewService(o Options) *Service {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	o.Limits = o.Limits.withDefaults()
	return &Service{
		opts:     o,
		owners:   ratelimit.New(o.Limits.Owner, o.Now),
		visitors: ratelimit.New(o.Limits.Visitor, o.Now),

		visitorAddresses: ratelimit.New(o.Limits.VisitorAddress, o.Now),
	}
}

// who is a resolved Access: whose conversation, about whose recording.
type who struct {
	scope    string
	limitKey string // what the rate limit counts: the user, or the link (all its visitors)
	ownerUID string
	shared   bool
	link     share.Link
}

// resolve checks an Access. A visitor's token is checked on every call, so a
// revoked or expired link stops working at once (401 / 410).
func (s *Service) resolve(ctx context.Context, a Access) (who, error) {
	if a.Token != "" {
		got, err := s.opts.Links.Resolve(ctx, a.Token)
		if err != nil {
			return who{}, err
		}
		link := tokenScope(a.Token)
		return who{scope: link + visitorScope(a.Visitor), limitKey: link, ownerUID: got.OwnerUID, shared: true, link: got}, nil
	}
	if a.UID == "" {
		return who{}, apperr.New(apperr.Unauthenticated, "UNAUTHENTICATED", "Authentication required to ask questions about this recording.")
	}
	return who{scope: ownerScope(a.UID), limitKey: ownerScope(a.UID), ownerUID: a.UID}, nil
}

// recording loads the recording w may chat about; a visitor only the linked one.
func (s *Service) recording(ctx context.Context, w who, recordingID string) (recordings.Detail, error) {
	if w.shared && recordingID != w.link.RecordingID {
		return recordings.Detail{}, apperr.Missing("Recording")
	}
	d, err := s.opts.Recordings.Detail(ctx, w.ownerUID, recordingID)
	if apperr.Is(err, apperr.NotFound) {
		if w.shared {
			return d, share.ErrNotFound
		}
		return d, apperr.Missing("Recording")
	}
	return d, err
}

// Session returns the caller's conversation about a recording with the
// latest activity: an owner's is created on first use, a visitor's is
// answered empty and stored by their first message.
func (s *Service) Session(ctx context.Context, a Access, recordingID string) (Session, error) {
	w, err := s.resolve(ctx, a)
	if err != nil {
		return Session{}, err
	}
	d, err := s.recording(ctx, w, recordingID)
	if err != nil {
		return Session{}, err
	}
	if w.shared {
		return s.visitorSession(w, d)
	}
	st, err := s.latestOrCreate(w, d)
	if err != nil {
		return Session{}, err
	}
	return st.Session, nil
}

func (s *Service) newSession(w who, d recordings.Detail) *storedSession {
	now := s.opts.Now().UTC()
	title := loose.ReadRecording(d.Recording).Title
	if title == "" {
		title = "Untitled Recording"
	}
	id := ids.UUID()
	if w.shared {
		id = pendingID(w.scope, d.ID)
	}
	st := &storedSession{
		Session: Session{
			ID: id, RecordingID: d.ID, Title: title, CreatedAt: now, UpdatedAt: now,
			Metadata: map[string]any{"shared": w.shared, "language": "en"},
		},
		Scope: w.scope, OwnerUID: w.ownerUID,
	}
	if !w.shared {
		uid := w.ownerUID
		st.UserID = &uid
	}
	return st
}

// maxListedMessages bounds one history answer; older messages stay stored.
const maxListedMessages = 500

// Messages lists a session's messages, oldest first.
func (s *Service) Messages(ctx context.Context, a Access, sessionID string) ([]Message, error) {
	w, err := s.resolve(ctx, a)
	if err != nil {
		return nil, err
	}
	st, err := s.sessionOf(ctx, w, sessionID)
	if errors.Is(err, errSessionNotFound) && isPending(w, sessionID) {
		_, err = s.recording(ctx, w, w.link.RecordingID) // before the first message: nothing to read
		return []Message{}, err
	}
	if err != nil {
		return nil, err
	}
	var out []Message
	err = s.opts.DB.View(func(x *store.Txn) error {
		out, err = lastMessages(x, st.ID, maxListedMessages)
		return err
	})
	if out == nil {
		out = []Message{}
	}
	return out, err
}

// sessionOf loads a session that belongs to w and whose recording w may still
// see; anything else is not found.
func (s *Service) sessionOf(ctx context.Context, w who, sessionID string) (*storedSession, error) {
	var st *storedSession
	err := s.opts.DB.View(func(x *store.Txn) error {
		var err error
		st, err = loadSession(x, sessionID)
		return err
	})
	if err != nil {
		return nil, err
	}
	if st.Scope != w.scope || st.OwnerUID != w.ownerUID || (w.shared && (st.Library || st.RecordingID != w.link.RecordingID)) {
		return nil, errSessionNotFound
	}
	if st.Library { // about no one recording: the owner's scope is the check
		return st, nil
	}
	if _, err := s.recording(ctx, w, st.RecordingID); err != nil {
		return nil, err
	}
	return st, nil
}
