package recordings

import (
	"context"
	"errors"
	"time"

	"github.com/pocket-companion/pocket/pkg/store"
)

// Views counts how often the owner opened a recording. It lives in its own
// key so a view never rewrites the (possibly large) recording.
type Views struct {
	Count        int64     `json:"count"`
	LastViewedAt time.Time `json:"lastViewedAt"`
}

// MarkViewed counts a view and stores its time.
func (s *Service) MarkViewed(ctx context.Context, uid, id string) error {
	if err := CheckOwner(ctx, uid); err != nil {
		return err
	}
	return s.db.Update(func(x *store.Txn) error {
		if _, err := loadLive(x, uid, id); err != nil {
			return err
		}
		v, err := readViews(x, uid, id)
		if err != nil {
			return err
		}
		v.Count++
		v.LastViewedAt = s.now().UTC()
		return x.SetJSON(viewKey(uid, id), v)
	})
}

// ViewStats returns the recording's view count and last view time.
func (s *Service) ViewStats(ctx context.Context, uid, id string) (Views, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return Views{}, err
	}
	var v Views
	err := s.db.View(func(x *store.Txn) error {
		if _, err := loadLive(x, uid, id); err != nil {
			return err
		}
		var err error
		v, err = readViews(x, uid, id)
		return err
	})
	return v, err
}

func readViews(x *store.Txn, uid, id string) (Views, error) {
	var v Views
	err := x.GetJSON(viewKey(uid, id), &v)
	if errors.Is(err, store.ErrNotFound) {
		return Views{}, nil
	}
	return v, err
}
