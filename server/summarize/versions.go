package summarize

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// MaxVersions bounds the summary versions one recording keeps, those being
// made included: each is a whole summary with its maps.
const MaxVersions = 20

// Statuses of a version; a finished one is a summarization ("completed").
const (
	statusPending = "pending"
	statusRunning = "running"
	statusFailed  = "failed"
)

// asked is a version being made (or that failed), kept under
// resum/<uid>/<recordingId>/<summarizationId> until it is written.
type asked struct {
	TemplateID string    `json:"templateId"`
	Language   string    `json:"language"`
	Status     string    `json:"status"`
	Error      string    `json:"error,omitempty"`
	CreatedAt  time.Time `json:"createdAt"`
}

func askedKey(uid, rid, sid string) []byte { return store.Key("resum", uid, rid, sid) }

// Version is one summary version as the API lists it.
type Version struct {
	ID          string  `json:"id"`
	RecordingID string  `json:"recordingId"`
	TemplateID  *string `json:"templateId"`
	Language    *string `json:"language"`
	Engine      *string `json:"engine"`
	Status      string  `json:"status"`
	Error       string  `json:"error,omitempty"`
	CreatedAt   string  `json:"createdAt"`
	Current     bool    `json:"current"`
	V2Summary   string  `json:"v2Summary"`
}

func orNull(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// reLanguage is a BCP 47 tag's shape: a language and optional subtags.
var reLanguage = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$`)

// ParseLanguage checks an output language: "" (the transcript's) or a BCP
// 47 tag such as "en", "de" or "pt-BR".
func ParseLanguage(lang string) (string, error) {
	lang = strings.TrimSpace(lang)
	if lang != "" && !reLanguage.MatchString(lang) {
		return "", apperr.Invalidf("language must be a BCP 47 tag such as \"en\", \"de\" or \"pt-BR\"")
	}
	return lang, nil
}

// Regenerate asks for a new summary version of the recording with the
// template and language: a job any replica may take, answered at once with
// the pending version. Once written it is the current one.
func (s *Summarizer) Regenerate(ctx context.Context, uid, rid, templateID, lang string) (Version, error) {
	if _, err := s.templates.Get(ctx, uid, templateID); err != nil {
		return Version{}, err
	}
	have, err := s.Versions(ctx, uid, rid)
	if err != nil {
		return Version{}, err
	}
	if len(have) >= MaxVersions {
		return Version{}, apperr.Newf(apperr.TooLarge, "QUOTA_SUMMARY_VERSIONS",
			"This recording has %d summary versions, the most it keeps.", MaxVersions)
	}
	sid := newSummaryID()
	a := asked{TemplateID: templateID, Language: lang, Status: statusPending, CreatedAt: s.now().UTC().Truncate(time.Second)}
	j := job{uid: uid, id: rid, version: sid}
	err = s.db.Update(func(x *store.Txn) error {
		if err := x.SetJSON(askedKey(uid, rid, sid), a); err != nil {
			return err
		}
		return s.versions.AddIn(x, jobID(j))
	})
	if err != nil {
		return Version{}, err
	}
	s.push(j)
	return a.version(sid, rid), nil
}

func (a asked) version(sid, rid string) Version {
	return Version{ID: sid, RecordingID: rid, TemplateID: orNull(a.TemplateID), Language: orNull(a.Language),
		Status: a.Status, Error: a.Error, CreatedAt: a.CreatedAt.Format(time.RFC3339)}
}

// Versions lists the recording's versions: those being made (or failed),
// newest first, then its summarizations, the current one first.
func (s *Summarizer) Versions(ctx context.Context, uid, rid string) ([]Version, error) {
	done, err := s.recs.SummaryVersions(ctx, uid, rid)
	if err != nil {
		return nil, err
	}
	out := []Version{}
	err = s.db.View(func(x *store.Txn) error {
		return x.Scan(store.Prefix("resum", uid, rid), nil, false, true, func(k, v []byte) (bool, error) {
			var a asked
			if err := json.Unmarshal(v, &a); err != nil {
				return false, err
			}
			out = append(out, a.version(string(k[len(store.Prefix("resum", uid, rid)):]), rid))
			return true, nil
		})
	})
	slices.SortStableFunc(out, func(a, b Version) int { return strings.Compare(b.CreatedAt, a.CreatedAt) })
	for _, d := range done {
		out = append(out, Version{ID: d.ID, RecordingID: rid, TemplateID: orNull(d.TemplateID), Language: orNull(d.Language),
			Engine: orNull(d.Engine), Status: d.Status, CreatedAt: d.CreatedAt, Current: d.Current, V2Summary: d.V2Summary})
	}
	return out, err
}

// SetCurrent makes a written version the one the recording shows.
func (s *Summarizer) SetCurrent(ctx context.Context, uid, rid, sid string) error {
	return s.recs.SetCurrentSummarization(ctx, uid, rid, sid)
}

// errNotCancellable answers a cancel of a version already written.
var errNotCancellable = apperr.New(apperr.Conflict, "VERSION_WRITTEN", "This summary version is already written; pick another one as current instead.")

// Cancel stops a version being made (or dismisses one that failed): its job
// is dropped, and a worker that is writing it finds it gone and writes
// nothing.
func (s *Summarizer) Cancel(ctx context.Context, uid, rid, sid string) error {
	found := false
	err := s.db.Update(func(x *store.Txn) error {
		has, err := x.Has(askedKey(uid, rid, sid))
		if err != nil || !has {
			return err
		}
		found = true
		return x.Delete(askedKey(uid, rid, sid))
	})
	if err != nil {
		return err
	}
	if found {
		s.dropVersion(jobID(job{uid: uid, id: rid, version: sid}))
		return nil
	}
	done, err := s.recs.SummaryVersions(ctx, uid, rid)
	if err != nil {
		return err
	}
	if slices.ContainsFunc(done, func(v recordings.SummaryVersion) bool { return v.ID == sid }) {
		return errNotCancellable
	}
	return apperr.Missing("Summary version")
}

// errCancelled: the version was cancelled while it was being made.
var errCancelled = errors.New("summarize: the version was cancelled")

// makeVersion writes one asked-for version, which becomes the current one.
func (s *Summarizer) makeVersion(parent context.Context, j job, id string) error {
	ctx, cancel := context.WithTimeout(parent, s.opts.Timeout)
	defer cancel()
	a, ok, err := s.setStatus(j, statusRunning, "")
	if err != nil || !ok {
		if !ok {
			s.dropVersion(id) // cancelled before it ran
		}
		return err
	}
	d, err := s.recs.Detail(ctx, j.uid, j.id)
	if apperr.Is(err, apperr.NotFound) {
		s.giveUp(j, id, "The recording was deleted.")
		return nil
	}
	if err != nil {
		return err
	}
	tpl, err := s.templates.Get(ctx, j.uid, a.TemplateID)
	if apperr.Is(err, apperr.NotFound) {
		s.giveUp(j, id, "The template was deleted.")
		return nil
	}
	if err != nil {
		return err
	}
	rec := engine.NewRecording(engine.Stored{ID: d.ID, Recording: d.Recording, Speakers: d.Speakers, Summarizations: d.Summarizations, Transcription: d.Transcription})
	sum, err := s.engine.Summarize(ctx, rec, engine.SummaryOptions{Template: tpl.Engine(), Language: a.Language})
	if errors.Is(err, engine.ErrNoTranscript) {
		s.giveUp(j, id, "The recording has no transcript to summarise.")
		return nil
	}
	if err != nil {
		return err
	}
	sum.TemplateID, sum.Language = a.TemplateID, a.Language
	finish := func(x *store.Txn) error {
		if has, err := x.Has(askedKey(j.uid, j.id, j.version)); err != nil || !has {
			return errors.Join(err, errCancelled)
		}
		if err := x.Delete(askedKey(j.uid, j.id, j.version)); err != nil {
			return err
		}
		return s.versions.FinishIn(x, id)
	}
	err = s.recs.AddSummarizationIf(ctx, j.uid, j.id, j.version, sum.Summarization(j.version, d.ID, s.now()), finish)
	if errors.Is(err, errCancelled) {
		s.dropVersion(id)
		return nil
	}
	if err == nil {
		s.log.Info("summary version ready", "recording", j.id, "template", a.TemplateID, "engine", sum.GeneratedBy)
	}
	return err
}

// setStatus moves the version to status; ok is false when it is gone
// (cancelled).
func (s *Summarizer) setStatus(j job, status, msg string) (a asked, ok bool, err error) {
	err = s.db.Update(func(x *store.Txn) error {
		err := x.GetJSON(askedKey(j.uid, j.id, j.version), &a)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		ok = true
		a.Status, a.Error = status, msg
		return x.SetJSON(askedKey(j.uid, j.id, j.version), a)
	})
	return a, ok, err
}

// giveUp ends a job that will not succeed: a version is marked failed with
// why, for its owner to read (and dismiss); a first summary is dropped.
func (s *Summarizer) giveUp(j job, id, why string) {
	if j.version == "" {
		s.drop(id)
		return
	}
	if _, _, err := s.setStatus(j, statusFailed, why); err != nil {
		s.log.Error("could not mark a summary version failed", "recording", j.id, "err", err)
	}
	s.dropVersion(id)
}

func (s *Summarizer) dropVersion(id string) {
	if err := s.versions.Drop(id); err != nil {
		s.log.Error("could not drop a summary version job", "job", id, "err", err)
	}
}
