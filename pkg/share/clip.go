package share

import (
	"context"
	"errors"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// A clip is a share link to one highlight: the same record as a
// recording's link (password, expiry, views, download setting, revoking),
// with the highlight's id. Its token opens only the clip routes, and a
// recording's token opens none of them.

// ErrClipNotFound is a clip route's answer to a token that opens no clip: a
// recording's link, or a clip whose highlight or recording is gone.
var ErrClipNotFound = apperr.New(apperr.NotFound, "SHARED_CLIP_NOT_FOUND",
	"This clip may have been deleted or the share link may be invalid.")

// Moment is the highlight a clip opens, as its owner has it.
type Moment struct {
	HighlightID, RecordingID string
}

// CreateClip makes a clip's link to the owner's highlight (the caller has
// read it as the owner's). Downloading its audio is off unless o says on.
func (s *Service) CreateClip(ctx context.Context, ownerUID string, m Moment, o Options) (Link, error) {
	if m.HighlightID == "" {
		return Link{}, apperr.Missing("Highlight")
	}
	if o.AllowDownload == nil {
		off := false
		o.AllowDownload = &off
	}
	return s.create(ctx, ownerUID, m.RecordingID, m.HighlightID, o)
}

// ResolveClip is Resolve for a clip's token: a recording's token is
// ErrClipNotFound, and so is a clip whose recording is gone.
func (s *Service) ResolveClip(ctx context.Context, token string) (Link, error) {
	st, err := s.live(token)
	if err != nil {
		return Link{}, err
	}
	if st.HighlightID == "" {
		return Link{}, ErrClipNotFound
	}
	link, err := s.opened(ctx, st)
	if apperr.Is(err, apperr.NotFound) {
		return Link{}, ErrClipNotFound
	}
	return link, err
}

// ResolveAudio is Resolve for the audio route, which plays either kind: a
// recording's link its recording, a clip's link (HighlightID set) its range.
func (s *Service) ResolveAudio(ctx context.Context, token string) (Link, error) {
	st, err := s.live(token)
	if err != nil {
		return Link{}, err
	}
	if st.HighlightID == "" {
		return s.opened(ctx, st)
	}
	return s.ResolveClip(ctx, token)
}

// RevokeClipsIn revokes the live clip links of the owner's highlight, in
// the transaction that deletes it (highlights.Service.OnDeleteIn): a
// deleted highlight, or a deleted recording's, opens nothing any more.
func (s *Service) RevokeClipsIn(x *store.Txn, ownerUID, highlightID string) error {
	prefix := store.Prefix("shareclip", ownerUID, highlightID)
	var ids []string
	err := x.Scan(prefix, nil, false, false, func(k, _ []byte) (bool, error) {
		ids = append(ids, string(k[len(prefix):]))
		return true, nil
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		st, err := lookup(x, id)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if err == nil && st.RevokedAt == nil {
			if err := s.revokeIn(x, st); err != nil {
				return err
			}
		}
		if err := x.Delete(clipKey(ownerUID, highlightID, id)); err != nil {
			return err
		}
	}
	return nil
}

// clipKey indexes a clip's link by its highlight, for RevokeClipsIn.
func clipKey(owner, highlightID, linkID string) []byte {
	return store.Key("shareclip", owner, highlightID, linkID)
}
