package share

import (
	"context"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
)

// ErrRevokedEdit is an edit of a revoked link: it opens nothing any more.
var ErrRevokedEdit = apperr.New(apperr.Conflict, "SHARE_REVOKED", "This share link has been revoked and can no longer be changed.")

// Edit is a change to a link's settings; a nil field is left as it is.
type Edit struct {
	// Password: nil, unchanged; "" clears it; otherwise the new password.
	Password *string
	// AllowDownload: nil, unchanged.
	AllowDownload *bool
}

// Edit changes the owner's link, named by its token or its id. A new or
// cleared password ends every unlock made with the old one.
func (s *Service) Edit(ctx context.Context, ownerUID, tokenOrID string, e Edit) (Link, error) {
	hash := ""
	if e.Password != nil && *e.Password != "" {
		h, err := s.passwords.hash(ctx, *e.Password)
		if err != nil {
			return Link{}, err
		}
		hash = h
	}
	var out stored
	err := s.db.Update(func(x *store.Txn) error {
		st, err := ownLink(x, ownerUID, tokenOrID)
		if err != nil {
			return err
		}
		if st.RevokedAt != nil {
			return ErrRevokedEdit
		}
		if e.Password != nil {
			st.PasswordHash = hash
		}
		if e.AllowDownload != nil {
			allow := *e.AllowDownload
			st.AllowDownload = &allow
		}
		out = st
		return x.SetJSON(linkKey(st.ID), st)
	})
	if err != nil {
		return Link{}, err
	}
	return out.link(), nil
}
