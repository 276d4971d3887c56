// Package share is share links: an owner makes a link to one recording, anyone
// holding it may view that recording (and chat about it) without an account,
// until it expires or the owner revokes it. Viewer assembles what they see.
//
// Tokens are 256 random bits, handed out once, when the link is made. The
// store keeps only their SHA-256 (the link's id), so a copy of the data
// directory opens no link: an owner's list shows each link by its last
// characters and revokes it by id.
package share

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"slices"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
)

// The share-view errors of spec §2 and §4, by status.
var (
	ErrNoToken  = apperr.New(apperr.Invalid, "NO_SHARE_TOKEN", "No share token provided")
	ErrInvalid  = apperr.New(apperr.Unauthenticated, "INVALID_SHARE_TOKEN", "This share link is invalid or has been revoked.")
	ErrExpired  = apperr.New(apperr.Gone, "SHARE_EXPIRED", "This share link has expired and is no longer valid.")
	ErrNotFound = apperr.New(apperr.NotFound, "SHARED_RECORDING_NOT_FOUND", "This recording may have been deleted or the share link may be invalid.")
)

// Link is one share link. Token and URL are known only to the answer that
// created it; afterwards the link is named by ID and Hint.
type Link struct {
	ID          string `json:"id"`
	Token       string `json:"token,omitempty"`
	URL         string `json:"url,omitempty"`
	Hint        string `json:"hint"`
	RecordingID string `json:"recordingId"`
	// HighlightID makes the link a clip's: it opens only that highlight's
	// moment, on the clip routes only. "" (absent) is a recording's link.
	HighlightID string     `json:"highlightId,omitempty"`
	OwnerUID    string     `json:"-"`
	CreatedAt   time.Time  `json:"createdAt"`
	ExpiresAt   *time.Time `json:"expiresAt"`
	RevokedAt   *time.Time `json:"revokedAt,omitempty"`
	// Protected: opening the link asks for its password (the hash is never answered).
	Protected bool `json:"protected"`
	// AllowDownload: the shared page offers the audio as a file; off, it only plays.
	AllowDownload bool `json:"allowDownload"`
	// Views counts the link's public opens; LastViewedAt is the latest. No
	// visitor's address or anything else about them is kept.
	Views        int64      `json:"views"`
	LastViewedAt *time.Time `json:"lastViewedAt"`
}

// stored is a Link as kept in the store: the owner and the password's
// argon2id hash are kept, unlike in answers. AllowDownload shadows the
// Link's field so a link stored before the setting existed reads as allowed.
type stored struct {
	Link
	Owner         string `json:"owner"`
	PasswordHash  string `json:"passwordHash,omitempty"`
	AllowDownload *bool  `json:"allowDownload,omitempty"`
}

// link is the stored link as answers show it, its derived fields filled in.
func (st stored) link() Link {
	l := st.Link
	l.OwnerUID = st.Owner
	l.Protected = st.PasswordHash != ""
	l.AllowDownload = st.AllowDownload == nil || *st.AllowDownload
	return l
}

// Recordings is what links need of the recordings feature: does the owner have
// this recording (and it is not deleted)?
type Recordings interface {
	Exists(ctx context.Context, ownerUID, recordingID string) (bool, error)
}

// Service creates, lists, revokes and resolves links.
type Service struct {
	db         *store.DB
	recordings Recordings
	publicURL  string
	now        func() time.Time
	limit      int64 // share links one user keeps unrevoked; 0: no limit
	outbox     events.Outbox
	passwords  *hasher
	unlocks    unlocks
}

// SetOutbox hands each new link, in its transaction, to o (the webhooks'
// queue) as share.created; call it before serving.
func (s *Service) SetOutbox(o events.Outbox) { s.outbox = o }

// SetLimit caps the links one user keeps unrevoked (0: no limit); call it
// before serving.
func (s *Service) SetLimit(n int64) { s.limit = n }

// NewService returns the share-link service; publicURL makes the links' addresses.
func NewService(db *store.DB, r Recordings, publicURL string, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, recordings: r, publicURL: publicURL, now: now, passwords: newHasher(),
		unlocks: newUnlocks(nil, now, DefaultAttempts)}
}

// Options are what a new link may set beside its recording.
type Options struct {
	// ExpiresIn: 0, never; otherwise between MinExpiry and MaxExpiry.
	ExpiresIn time.Duration
	// Password, when not empty, is asked of every visitor (stored hashed).
	Password string
	// AllowDownload: nil is the default, on.
	AllowDownload *bool
}

// Create makes a link to the owner's recording, expiring after expiresIn (0:
// never; otherwise between MinExpiry and MaxExpiry), with no password.
func (s *Service) Create(ctx context.Context, ownerUID, recordingID string, expiresIn time.Duration) (Link, error) {
	return s.CreateWith(ctx, ownerUID, recordingID, Options{ExpiresIn: expiresIn})
}

// CreateWith makes a link to the owner's recording with o's settings.
func (s *Service) CreateWith(ctx context.Context, ownerUID, recordingID string, o Options) (Link, error) {
	return s.create(ctx, ownerUID, recordingID, "", o)
}

// create makes a recording's link, or with highlightID a clip's.
func (s *Service) create(ctx context.Context, ownerUID, recordingID, highlightID string, o Options) (Link, error) {
	if err := validExpiry(o.ExpiresIn); err != nil {
		return Link{}, err
	}
	if err := s.mustOwn(ctx, ownerUID, recordingID); err != nil {
		return Link{}, err
	}
	st := stored{Owner: ownerUID, AllowDownload: o.AllowDownload}
	if o.Password != "" {
		hash, err := s.passwords.hash(ctx, o.Password)
		if err != nil {
			return Link{}, err
		}
		st.PasswordHash = hash
	}
	token, err := newToken()
	if err != nil {
		return Link{}, err
	}
	now := s.now().UTC()
	st.Link = Link{ID: LinkID(token), Hint: hintOf(token), RecordingID: recordingID, HighlightID: highlightID, CreatedAt: now}
	if o.ExpiresIn > 0 {
		at := now.Add(o.ExpiresIn)
		st.ExpiresAt = &at
	}
	err = s.db.Update(func(x *store.Txn) error {
		if err := s.addLink(x, st); err != nil || s.outbox == nil {
			return err
		}
		return s.outbox.AddIn(x, events.Event{Type: events.ShareCreated, UserID: ownerUID, RecordingID: recordingID,
			LinkID: st.ID, ExpiresAt: st.ExpiresAt, At: now})
	})
	link := st.link()
	link.Token, link.URL = token, s.url(token, highlightID != "")
	return link, err
}

// addLink stores a new link, counted in the owner's usage and refused past
// their limit.
func (s *Service) addLink(x *store.Txn, st stored) error {
	before, err := quota.Load(x, st.Owner)
	if err != nil {
		return err
	}
	if err := putLink(x, st); err != nil {
		return err
	}
	if err := quota.Charge(x, st.Owner, quota.Delta{ShareLinks: 1}); err != nil {
		return err
	}
	return quota.Check(x, st.Owner, before, quota.Limits{ShareLinks: s.limit})
}

// putLink writes a link (never its token) and the owner's index entry.
func putLink(x *store.Txn, st stored) error {
	st.Token, st.URL = "", ""
	st.Protected, st.Link.AllowDownload = false, false // derived on reading (stored.link)
	if err := x.SetJSON(linkKey(st.ID), st); err != nil {
		return err
	}
	if st.HighlightID != "" {
		if err := x.Set(clipKey(st.Owner, st.HighlightID, st.ID), nil); err != nil {
			return err
		}
	}
	return x.Set(store.Key("shareby", st.Owner, st.RecordingID, st.ID), nil)
}

// List returns the links of the owner's recording, newest first, revoked ones included.
func (s *Service) List(ctx context.Context, ownerUID, recordingID string) ([]Link, error) {
	if err := s.mustOwn(ctx, ownerUID, recordingID); err != nil {
		return nil, err
	}
	links := []Link{}
	err := s.db.View(func(x *store.Txn) error {
		prefix := store.Prefix("shareby", ownerUID, recordingID)
		return x.Scan(prefix, nil, false, false, func(k, _ []byte) (bool, error) {
			var st stored
			if err := x.GetJSON(linkKey(string(k[len(prefix):])), &st); err != nil {
				return false, err
			}
			links = append(links, st.link())
			return true, nil
		})
	})
	sortNewestFirst(links)
	return links, err
}

// Revoke ends a link, named by its token or by its id. Only its owner may; to
// anyone else it does not exist.
func (s *Service) Revoke(ctx context.Context, ownerUID, tokenOrID string) error {
	return s.db.Update(func(x *store.Txn) error {
		st, err := ownLink(x, ownerUID, tokenOrID)
		if err != nil || st.RevokedAt != nil {
			return err
		}
		return s.revokeIn(x, st)
	})
}

// revokeIn ends a live link and frees its place in the owner's usage.
func (s *Service) revokeIn(x *store.Txn, st stored) error {
	at := s.now().UTC()
	st.RevokedAt = &at
	if err := x.SetJSON(linkKey(st.ID), st); err != nil {
		return err
	}
	return quota.Charge(x, st.Owner, quota.Delta{ShareLinks: -1})
}

// ownLink reads the owner's link named by its token or its id; anyone else's
// is missing.
func ownLink(x *store.Txn, ownerUID, tokenOrID string) (stored, error) {
	st, err := lookup(x, LinkID(tokenOrID))
	if errors.Is(err, store.ErrNotFound) {
		st, err = lookup(x, tokenOrID)
	}
	if errors.Is(err, store.ErrNotFound) || (err == nil && st.Owner != ownerUID) {
		return stored{}, apperr.Missing("Share link")
	}
	return st, err
}

func lookup(x *store.Txn, id string) (stored, error) {
	var st stored
	err := x.GetJSON(linkKey(id), &st)
	return st, err
}

// Resolve checks a visitor's token and says whose recording it opens. The order
// of checks gives each failure its own status: invalid or revoked 401, expired
// 410, a clip's token 404 (it opens no recording), protected and not unlocked
// in ctx (WithCookies) 401 PASSWORD_REQUIRED, recording gone 404. Every public
// route resolves through here or ResolveClip, so none of them can skip the
// password.
func (s *Service) Resolve(ctx context.Context, token string) (Link, error) {
	st, err := s.live(token)
	if err != nil {
		return Link{}, err
	}
	if st.HighlightID != "" {
		return Link{}, ErrNotFound
	}
	return s.opened(ctx, st)
}

// opened is a live link once its password and its recording are checked.
func (s *Service) opened(ctx context.Context, st stored) (Link, error) {
	if st.PasswordHash != "" && !s.unlocks.opened(ctx, st) {
		return Link{}, ErrPasswordRequired
	}
	if err := s.recordingExists(ctx, st); err != nil {
		return Link{}, err
	}
	return st.link(), nil
}

// live reads the link behind token: unknown or revoked ErrInvalid, expired ErrExpired.
func (s *Service) live(token string) (stored, error) {
	if token == "" {
		return stored{}, ErrNoToken
	}
	var st stored
	err := s.db.View(func(x *store.Txn) (err error) {
		st, err = lookup(x, LinkID(token))
		return err
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		return stored{}, ErrInvalid
	case err != nil:
		return stored{}, err
	case st.RevokedAt != nil:
		return stored{}, ErrInvalid
	case st.ExpiresAt != nil && !s.now().Before(*st.ExpiresAt):
		return stored{}, ErrExpired
	}
	return st, nil
}

func (s *Service) recordingExists(ctx context.Context, st stored) error {
	ok, err := s.recordings.Exists(ctx, st.Owner, st.RecordingID)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotFound
	}
	return nil
}

func (s *Service) mustOwn(ctx context.Context, ownerUID, recordingID string) error {
	ok, err := s.recordings.Exists(ctx, ownerUID, recordingID)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.Missing("Recording")
	}
	return nil
}

// url is the visitor's page of a link: a recording's, or a clip's.
func (s *Service) url(token string, clip bool) string {
	if clip {
		return s.publicURL + "/shared/clip?token=" + token
	}
	return s.publicURL + "/shared/recording?token=" + token
}

// LinkID is what the store knows a link by: the SHA-256 of its token.
func LinkID(token string) string {
	sum := sha256.Sum256([]byte(token))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func linkKey(id string) []byte { return store.Key("share", id) }

// hintOf is enough of a token for its owner to tell links apart, and far too
// little to guess the rest (4 of 43 characters).
func hintOf(token string) string { return token[len(token)-4:] }

func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func sortNewestFirst(links []Link) {
	slices.SortStableFunc(links, func(a, b Link) int { return b.CreatedAt.Compare(a.CreatedAt) })
}
