package syncer

import (
	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/store"
)

// entity names what a mutation touched, so its answer can carry the
// server's current version of it.
type entity struct {
	kind changelog.Kind
	id   string
}

// operation is a mutation checked and ready to apply.
type operation struct {
	target entity
	apply  func(s *Service, x *store.Txn, uid string) (entity, error)
	ask    *syncv1.AskQuestion
}

// opOf checks the mutation's shape; what depends on stored data (does the
// recording exist, is the name free) is checked when it is applied.
func opOf(m *syncv1.Mutation) (operation, error) {
	switch op := m.GetOp().(type) {
	case *syncv1.Mutation_UpdateRecording:
		return updateRecording(op.UpdateRecording)
	case *syncv1.Mutation_DeleteRecording:
		id := op.DeleteRecording.GetId()
		return onRecording(id, func(s *Service, x *store.Txn, uid string) error {
			return s.recs.DeleteIn(x, uid, id, false)
		}), nil
	case *syncv1.Mutation_CreateFolder:
		c := op.CreateFolder
		return onFolder(c.GetId(), func(s *Service, x *store.Txn, uid string) (string, error) {
			f, err := s.recs.CreateFolderIn(x, uid, c.GetId(), c.GetName(), c.GetParentId())
			return f.ID, err
		}), nil
	case *syncv1.Mutation_RenameFolder:
		r := op.RenameFolder
		return onFolder(r.GetId(), func(s *Service, x *store.Txn, uid string) (string, error) {
			f, err := s.recs.RenameFolderIn(x, uid, r.GetId(), r.GetName())
			return f.ID, err
		}), nil
	case *syncv1.Mutation_DeleteFolder:
		id := op.DeleteFolder.GetId()
		return onFolder(id, func(s *Service, x *store.Txn, uid string) (string, error) {
			return id, s.recs.DeleteFolderIn(x, uid, id)
		}), nil
	case *syncv1.Mutation_RenameSpeaker:
		r := op.RenameSpeaker
		return onRecording(r.GetRecordingId(), func(s *Service, x *store.Txn, uid string) error {
			return s.recs.RenameSpeakerIn(x, uid, r.GetRecordingId(), r.GetSpeaker(), r.GetName())
		}), nil
	case *syncv1.Mutation_AskQuestion:
		q := op.AskQuestion
		return operation{target: entity{changelog.Recording, q.GetRecordingId()}, ask: q}, nil
	}
	return operation{}, apperr.New(apperr.Invalid, "EMPTY_MUTATION", "The mutation names no change")
}

func updateRecording(u *syncv1.UpdateRecording) (operation, error) {
	p, err := PatchOf(u)
	if err != nil {
		return operation{}, err
	}
	id := u.GetId()
	return onRecording(id, func(s *Service, x *store.Txn, uid string) error {
		_, err := s.recs.UpdateIn(x, uid, id, p)
		return err
	}), nil
}

func onRecording(id string, fn func(*Service, *store.Txn, string) error) operation {
	target := entity{changelog.Recording, id}
	return operation{target: target, apply: func(s *Service, x *store.Txn, uid string) (entity, error) {
		return target, fn(s, x, uid)
	}}
}

// onFolder: a created folder may be answered with another id (a folder of
// the same name that existed already), which is then what the answer shows.
func onFolder(id string, fn func(*Service, *store.Txn, string) (string, error)) operation {
	return operation{target: entity{changelog.Folder, id}, apply: func(s *Service, x *store.Txn, uid string) (entity, error) {
		got, err := fn(s, x, uid)
		return entity{changelog.Folder, got}, err
	}}
}
