package syncer

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
)

// Asker answers an Ask Pocket question at most once per key: asked again
// with the same key, it answers the exchange it stored the first time.
type Asker interface {
	AskOnce(ctx context.Context, uid string, q Question) (json.RawMessage, error)
}

// Question is a queued Ask Pocket question.
type Question struct {
	Key         string
	RecordingID string
	SessionID   string
	Message     string
}

// Embedded is the embedded provider's store as a Backend: its writers log
// every change themselves (nothing to catch up), and each edit goes through
// pkg/recordings inside the ledger's transaction. ask may be nil (questions
// are then refused).
func Embedded(recs *recordings.Service, hls *highlights.Service, tpls *templates.Store, ask Asker) Backend {
	return embedded{recs: recs, hls: hls, tpls: tpls, ask: ask}
}

type embedded struct {
	recs *recordings.Service
	hls  *highlights.Service // nil: highlights are refused
	tpls *templates.Store    // nil: templates are refused
	ask  Asker
}

func (embedded) RecordingsIn(x *store.Txn, uid string, ids []string) (map[string]recordings.State, error) {
	return recordings.StatesIn(x, uid, ids)
}

func (embedded) FolderIn(x *store.Txn, uid, id string) (recordings.Folder, bool, error) {
	return recordings.FolderIn(x, uid, id)
}

func (embedded) HighlightIn(x *store.Txn, uid, id string) (highlights.Highlight, bool, error) {
	return highlights.HighlightIn(x, uid, id)
}

func (embedded) TemplateIn(x *store.Txn, uid, id string) (templates.Template, bool, error) {
	return templates.TemplateIn(x, uid, id)
}

func (embedded) CatchUp(context.Context, string) {}

func (b embedded) Begin(_ context.Context, uid string) Batch { return embeddedBatch{b, uid} }

type embeddedBatch struct {
	embedded
	uid string
}

func (embeddedBatch) End(context.Context) bool { return false }

func (b embeddedBatch) Apply(op Op) (Application, error) {
	if q := op.Mutation.GetAskQuestion(); q != nil {
		if b.ask == nil {
			return Application{}, apperr.New(apperr.Invalid, "UNSUPPORTED", "Questions cannot be queued on this server")
		}
		return Application{Outside: func(ctx context.Context) (Verdict, error) { return b.askOnce(ctx, op.Mutation.GetIdempotencyKey(), q) }}, nil
	}
	if op.Target.Kind == changelog.Highlight && b.hls == nil {
		return Application{}, apperr.New(apperr.Invalid, "UNSUPPORTED", "Highlights cannot be kept on this server")
	}
	if op.Target.Kind == changelog.Template && b.tpls == nil {
		return Application{}, apperr.New(apperr.Invalid, "UNSUPPORTED", "Templates cannot be synced with this server")
	}
	return Application{InLedger: func(x *store.Txn) (Target, error) { return b.applyIn(x, op) }}, nil
}

// askOnce asks a queued question. Answering takes seconds, too long to hold
// a transaction open, so exactly-once rests on the Asker: it stores the
// question under the key before answering, and a second call with the key
// answers what was stored. A crash before the key's record only makes the
// retry go through the Asker again.
func (b embeddedBatch) askOnce(ctx context.Context, key string, q *syncv1.AskQuestion) (Verdict, error) {
	reply, err := b.ask.AskOnce(ctx, b.uid, Question{Key: key, RecordingID: q.GetRecordingId(), SessionID: q.GetSessionId(), Message: q.GetMessage()})
	if err != nil {
		return Verdict{}, err
	}
	return Verdict{Outcome: syncv1.Outcome_OUTCOME_APPLIED, Answer: reply}, nil
}

// applyIn makes the edit through pkg/recordings in x. A created folder may
// be answered with another id (a folder of the same name that existed
// already), which is then what the answer shows.
func (b embeddedBatch) applyIn(x *store.Txn, op Op) (Target, error) {
	uid, recs := b.uid, b.recs
	switch m := op.Mutation.GetOp().(type) {
	case *syncv1.Mutation_UpdateRecording:
		_, err := recs.UpdateIn(x, uid, op.Target.ID, op.Patch)
		return op.Target, err
	case *syncv1.Mutation_DeleteRecording:
		return op.Target, recs.DeleteIn(x, uid, op.Target.ID, false)
	case *syncv1.Mutation_CreateFolder:
		c := m.CreateFolder
		f, err := recs.CreateFolderIn(x, uid, c.GetId(), c.GetName(), c.GetParentId())
		return Target{changelog.Folder, f.ID}, err
	case *syncv1.Mutation_RenameFolder:
		f, err := recs.RenameFolderIn(x, uid, op.Target.ID, m.RenameFolder.GetName())
		return Target{changelog.Folder, f.ID}, err
	case *syncv1.Mutation_DeleteFolder:
		return op.Target, recs.DeleteFolderIn(x, uid, op.Target.ID)
	case *syncv1.Mutation_SetFolderTemplate:
		f, err := recs.SetFolderTemplateIn(x, uid, op.Target.ID, m.SetFolderTemplate.GetTemplateId())
		return Target{changelog.Folder, f.ID}, err
	case *syncv1.Mutation_RenameSpeaker:
		r := m.RenameSpeaker
		return op.Target, recs.RenameSpeakerIn(x, uid, r.GetRecordingId(), r.GetSpeaker(), r.GetName())
	case *syncv1.Mutation_CreateHighlight:
		c := m.CreateHighlight
		_, err := b.hls.CreateIn(x, uid, highlights.NewHighlight{
			ID: c.GetId(), RecordingID: c.GetRecordingId(), Start: c.GetStart(), End: c.GetEnd(), Note: c.GetNote(),
		})
		return op.Target, err
	case *syncv1.Mutation_UpdateHighlight:
		_, err := b.hls.SetNoteIn(x, uid, op.Target.ID, m.UpdateHighlight.GetNote())
		return op.Target, err
	case *syncv1.Mutation_DeleteHighlight:
		return op.Target, b.hls.DeleteIn(x, uid, op.Target.ID)
	case *syncv1.Mutation_CreateTemplate:
		c := m.CreateTemplate
		d, err := draftOf(c.GetName(), c.GetSections())
		if err == nil {
			_, err = b.tpls.CreateIn(x, uid, op.Target.ID, d)
		}
		return op.Target, err
	case *syncv1.Mutation_UpdateTemplate:
		u := m.UpdateTemplate
		d, err := draftOf(u.GetName(), u.GetSections())
		if err == nil {
			_, err = b.tpls.UpdateIn(x, uid, op.Target.ID, d)
		}
		return op.Target, err
	case *syncv1.Mutation_DeleteTemplate:
		return op.Target, b.tpls.DeleteIn(x, uid, op.Target.ID)
	}
	return op.Target, errors.New("syncer: a mutation the engine checked names no edit")
}

// draftOf checks a template's name and sections as the REST API does
// (templates.Parse: the same refusals, with the same codes).
func draftOf(name string, sections []*syncv1.TemplateSection) (templates.Draft, error) {
	return templates.Parse(name, TemplateSections(sections))
}

// TemplateSections are a template mutation's sections as pkg/templates (and
// the REST API's JSON) has them.
func TemplateSections(in []*syncv1.TemplateSection) []templates.Section {
	out := make([]templates.Section, 0, len(in))
	for _, s := range in {
		out = append(out, templates.Section{Heading: s.GetHeading(), Instruction: s.GetInstruction()})
	}
	return out
}
