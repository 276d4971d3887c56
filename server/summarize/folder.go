package summarize

import (
	"context"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/engine"
)

// folderOptions are the summary options of a new recording in folderID: the
// folder's template when it names one (ADR 21), else the default summary.
// It is read when the job runs, so a recording moved into the folder before
// its summary was written gets the folder's template; a template deleted
// meanwhile falls back to the default rather than failing the summary.
func (s *Summarizer) folderOptions(ctx context.Context, uid, folderID string) (engine.SummaryOptions, error) {
	id, err := s.recs.FolderTemplate(ctx, uid, folderID)
	if err != nil || id == "" || s.templates == nil {
		return engine.SummaryOptions{}, err
	}
	tpl, err := s.templates.Get(ctx, uid, id)
	if apperr.Is(err, apperr.NotFound) {
		return engine.SummaryOptions{}, nil
	}
	if err != nil {
		return engine.SummaryOptions{}, err
	}
	return engine.SummaryOptions{Template: tpl.Engine()}, nil
}
