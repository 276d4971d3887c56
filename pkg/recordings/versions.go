package recordings

import (
	"context"
	"fmt"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/store"
)

// SummaryVersion is one summarization of a recording as the versions list
// shows it; the first is the current one, the one the detail shows.
type SummaryVersion struct {
	ID         string
	TemplateID string // "" for the default shape or a device's summary
	Language   string
	Engine     string // the generatedBy of a server's summary; "" for a device's
	Status     string
	CreatedAt  string
	V2Summary  string
	Current    bool
}

// SummaryVersions lists the recording's summarizations, the current first.
func (s *Service) SummaryVersions(ctx context.Context, uid, recordingID string) ([]SummaryVersion, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	var out []SummaryVersion
	err := s.db.View(func(x *store.Txn) error {
		st, err := loadLive(x, uid, recordingID)
		if err != nil {
			return err
		}
		for i, sv := range loose.Summarizations(st.Summarizations) {
			out = append(out, versionOf(sv, i == 0))
		}
		return nil
	})
	return out, err
}

func versionOf(sv loose.IDValue, current bool) SummaryVersion {
	obj, _ := loose.ParseObject(loose.Unwrap(sv.Value))
	md := loose.SummaryMarkdown(loose.Summary(sv.Value))
	status := loose.Text(obj.Get("status"))
	if status == "" {
		status = "completed"
	}
	return SummaryVersion{
		ID: sv.ID, TemplateID: loose.Text(obj.Get("templateId")), Language: loose.Text(obj.Get("language")),
		Engine: loose.Text(obj.Get("generatedBy")), Status: status, CreatedAt: loose.Text(obj.Get("createdAt")),
		V2Summary: md, Current: current,
	}
}

// SetCurrentSummarization makes the recording's summarization sid the one
// the detail and the list show (the first of the map), bumps updatedAt so
// devices take the change, and publishes it.
func (s *Service) SetCurrentSummarization(ctx context.Context, uid, recordingID, sid string) error {
	if err := CheckOwner(ctx, uid); err != nil {
		return err
	}
	err := s.db.Update(func(x *store.Txn) error {
		old, err := loadLive(x, uid, recordingID)
		if err != nil {
			return err
		}
		all := loose.Summarizations(old.Summarizations)
		reordered := loose.Object{}
		for _, sv := range all {
			if sv.ID == sid {
				reordered = append(loose.Object{{Key: sv.ID, Value: sv.Value}}, reordered...)
			} else if sv.ID != "" {
				reordered = append(reordered, loose.Member{Key: sv.ID, Value: sv.Value})
			}
		}
		if len(reordered) == 0 || reordered[0].Key != sid {
			return apperr.Missing("Summary version")
		}
		if len(all) > 0 && all[0].ID == sid {
			return nil // already current: nothing changes
		}
		sums, _ := reordered.MarshalJSON()
		return s.putSummarizations(x, uid, recordingID, old, sums)
	})
	if err != nil {
		return fmt.Errorf("recordings: pick the summary of %s: %w", recordingID, err)
	}
	return nil
}
