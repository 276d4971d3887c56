// Package share is share links: an owner makes a link to one recording, anyone
// holding it may view that recording (and chat about it) without an account,
// until it expires or the owner revokes it. Viewer assembles what they see.
//
// Tokens are 256 random bits. They are kept as given, not hashed: owners can
// see and copy their links again, as with any document-sharing link, and the
// whole store is already the owner's private data.
package share

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"slices"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// MaxExpiry bounds how far ahead a link may expire; 0 means the link never does.
const MaxExpiry = 10 * 365 * 24 * time.Hour

// The share-view errors of spec §2 and §4, by status.
var (
	ErrNoToken  = apperr.New(apperr.Invalid, "NO_SHARE_TOKEN", "No share token provided")
	ErrInvalid  = apperr.New(apperr.Unauthenticated, "INVALID_SHARE_TOKEN", "This share link is invalid or has been revoked.")
	ErrExpired  = apperr.New(apperr.Gone, "SHARE_EXPIRED", "This share link has expired and is no longer valid.")
	ErrNotFound = apperr.New(apperr.NotFound, "SHARED_RECORDING_NOT_FOUND", "This recording may have been deleted or the share link may be invalid.")
)

// Link is one share link.
type Link struct {
	Token       string     `json:"token"`
	URL         string     `json:"url"`
	RecordingID string     `json:"recordingId"`
	OwnerUID    string     `json:"-"`
	CreatedAt   time.Time  `json:"createdAt"`
	ExpiresAt   *time.Time `json:"expiresAt"`
	RevokedAt   *time.Time `json:"revokedAt,omitempty"`
}

// stored is a Link as kept in Badger (the owner is kept, unlike in answers).
type stored struct {
	Link
	Owner string `json:"owner"`
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
}

// NewService returns the share-link service; publicURL makes the links' addresses.
func NewService(db *store.DB, r Recordings, publicURL string, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, recordings: r, publicURL: publicURL, now: now}
}

// Create makes a link to the owner's recording, expiring after expiresIn (0: never).
func (s *Service) Create(ctx context.Context, ownerUID, recordingID string, expiresIn time.Duration) (Link, error) {
	if expiresIn < 0 || expiresIn > MaxExpiry {
		return Link{}, apperr.Invalidf("expiresIn must be between 1 second and 10 years, or left out for a link that never expires")
	}
	if err := s.mustOwn(ctx, ownerUID, recordingID); err != nil {
		return Link{}, err
	}
	token, err := newToken()
	if err != nil {
		return Link{}, err
	}
	now := s.now().UTC()
	link := Link{Token: token, URL: s.url(token), RecordingID: recordingID, OwnerUID: ownerUID, CreatedAt: now}
	if expiresIn > 0 {
		at := now.Add(expiresIn)
		link.ExpiresAt = &at
	}
	err = s.db.Update(func(x *store.Txn) error {
		if err := x.SetJSON(store.Key("share", token), stored{Link: link, Owner: ownerUID}); err != nil {
			return err
		}
		return x.Set(store.Key("shareby", ownerUID, recordingID, token), nil)
	})
	return link, err
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
			if err := x.GetJSON(store.Key("share", string(k[len(prefix):])), &st); err != nil {
				return false, err
			}
			links = append(links, st.Link)
			return true, nil
		})
	})
	sortNewestFirst(links)
	return links, err
}

// Revoke ends a link. Only its owner may; to anyone else it does not exist.
func (s *Service) Revoke(ctx context.Context, ownerUID, token string) error {
	return s.db.Update(func(x *store.Txn) error {
		var st stored
		err := x.GetJSON(store.Key("share", token), &st)
		if errors.Is(err, store.ErrNotFound) || (err == nil && st.Owner != ownerUID) {
			return apperr.Missing("Share link")
		}
		if err != nil || st.RevokedAt != nil {
			return err
		}
		at := s.now().UTC()
		st.RevokedAt = &at
		return x.SetJSON(store.Key("share", token), st)
	})
}

// Resolve checks a visitor's token and says whose recording it opens. The order
// of checks gives each failure its own status: invalid or revoked 401, expired
// 410, recording gone 404.
func (s *Service) Resolve(ctx context.Context, token string) (Link, error) {
	if token == "" {
		return Link{}, ErrNoToken
	}
	var st stored
	err := s.db.View(func(x *store.Txn) error { return x.GetJSON(store.Key("share", token), &st) })
	if errors.Is(err, store.ErrNotFound) {
		return Link{}, ErrInvalid
	}
	if err != nil {
		return Link{}, err
	}
	switch {
	case st.RevokedAt != nil:
		return Link{}, ErrInvalid
	case st.ExpiresAt != nil && !s.now().Before(*st.ExpiresAt):
		return Link{}, ErrExpired
	}
	ok, err := s.recordings.Exists(ctx, st.Owner, st.RecordingID)
	if err != nil {
		return Link{}, err
	}
	if !ok {
		return Link{}, ErrNotFound
	}
	st.Link.OwnerUID = st.Owner
	return st.Link, nil
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

func (s *Service) url(token string) string { return s.publicURL + "/shared/recording?token=" + token }

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
