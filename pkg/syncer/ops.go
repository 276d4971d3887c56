package syncer

import (
	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
)

// check refuses what no backend is asked to apply: a missing or over-long
// key, an empty mutation, an update with nothing to set or a field this
// server does not know. What depends on stored data (does the recording
// exist, is the name free) is the backend's to answer.
func check(m *syncv1.Mutation) (Op, error) {
	if err := checkKey(m.GetIdempotencyKey()); err != nil {
		return Op{}, err
	}
	op := Op{Mutation: m}
	switch o := m.GetOp().(type) {
	case *syncv1.Mutation_UpdateRecording:
		p, err := PatchOf(o.UpdateRecording)
		op.Patch, op.Target = p, Target{changelog.Recording, o.UpdateRecording.GetId()}
		return op, err
	case *syncv1.Mutation_DeleteRecording:
		op.Target = Target{changelog.Recording, o.DeleteRecording.GetId()}
	case *syncv1.Mutation_CreateFolder:
		op.Target = Target{changelog.Folder, o.CreateFolder.GetId()}
	case *syncv1.Mutation_RenameFolder:
		op.Target = Target{changelog.Folder, o.RenameFolder.GetId()}
	case *syncv1.Mutation_DeleteFolder:
		op.Target = Target{changelog.Folder, o.DeleteFolder.GetId()}
	case *syncv1.Mutation_SetFolderTemplate:
		op.Target = Target{changelog.Folder, o.SetFolderTemplate.GetId()}
	case *syncv1.Mutation_RenameSpeaker:
		op.Target = Target{changelog.Recording, o.RenameSpeaker.GetRecordingId()}
	case *syncv1.Mutation_AskQuestion:
		op.Target = Target{changelog.Recording, o.AskQuestion.GetRecordingId()}
	case *syncv1.Mutation_CreateHighlight:
		if o.CreateHighlight.GetId() == "" {
			return Op{}, apperr.New(apperr.Invalid, "INVALID_ID", "A highlight made offline carries the id its device gave it")
		}
		op.Target = Target{changelog.Highlight, o.CreateHighlight.GetId()}
	case *syncv1.Mutation_UpdateHighlight:
		op.Target = Target{changelog.Highlight, o.UpdateHighlight.GetId()}
	case *syncv1.Mutation_DeleteHighlight:
		op.Target = Target{changelog.Highlight, o.DeleteHighlight.GetId()}
	case *syncv1.Mutation_CreateTemplate:
		op.Target = Target{changelog.Template, o.CreateTemplate.GetId()}
	case *syncv1.Mutation_UpdateTemplate:
		op.Target = Target{changelog.Template, o.UpdateTemplate.GetId()}
	case *syncv1.Mutation_DeleteTemplate:
		op.Target = Target{changelog.Template, o.DeleteTemplate.GetId()}
	default:
		return Op{}, apperr.New(apperr.Invalid, "EMPTY_MUTATION", "The mutation names no change")
	}
	return op, nil
}
