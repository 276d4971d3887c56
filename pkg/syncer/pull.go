// Package syncer is incremental sync of a user's library: Pull reads the
// change log after a device's cursor with each entity's current state, in
// one snapshot; Push applies a device's queued edits, each at most once.
// One engine (Service) keeps those rules over a Backend: the embedded
// provider's store, or a relay's mirror of its upstream (server/relaysync).
// It speaks the protobuf messages of pocket.sync.v1 but knows nothing of
// Connect or HTTP (server/sync is the transport).
package syncer

import (
	"context"
	"fmt"

	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
)

// Page sizes of Pull.
const (
	DefaultPullLimit = 500
	MaxPullLimit     = 2000
)

// Pull answers the caller's changes after cursor, once the backend has
// brought the log up to date (or tried: a relay past its budget answers
// from its mirror as it is, and the device hears of the rest later).
func (s *Service) Pull(ctx context.Context, uid, cursor string, limit int) (*syncv1.PullResponse, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return nil, err
	}
	s.backend.CatchUp(ctx, uid)
	if limit <= 0 {
		limit = DefaultPullLimit
	}
	limit = min(limit, MaxPullLimit)
	out := &syncv1.PullResponse{}
	err := s.db.View(func(x *store.Txn) error {
		page, err := changelog.Read(x, uid, cursor, limit)
		if err != nil {
			return err
		}
		out.Cursor, out.HasMore, out.Resync = page.Cursor, page.HasMore, page.Resync
		out.Changes, err = changesOf(x, s.backend, uid, page.Entries)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("syncer: pull: %w", err)
	}
	return out, nil
}

// changesOf is each entry with its entity's state as of the snapshot x. The
// recordings are read together (one statement on PostgreSQL, where a point
// read each made a pull of 10,000 a round trip per recording).
func changesOf(x *store.Txn, ents Entities, uid string, entries []changelog.Entry) ([]*syncv1.Change, error) {
	var ids []string
	for _, e := range entries {
		if !e.Deleted && e.Kind == changelog.Recording {
			ids = append(ids, e.ID)
		}
	}
	recs, err := ents.RecordingsIn(x, uid, ids)
	if err != nil {
		return nil, err
	}
	changes := make([]*syncv1.Change, 0, len(entries))
	for _, e := range entries {
		c, err := changeOf(x, ents, recs, uid, e)
		if err != nil {
			return nil, err
		}
		changes = append(changes, c)
	}
	return changes, nil
}

// changeOf is the entry with its entity's state: recs holds the live
// recordings among the entries, folders are read from x. An upsert whose
// entity is gone in x cannot happen (the delete would have replaced the
// entry), but is answered as a tombstone all the same.
func changeOf(x *store.Txn, ents Entities, recs map[string]recordings.State, uid string, e changelog.Entry) (*syncv1.Change, error) {
	c := &syncv1.Change{Seq: e.Seq}
	if !e.Deleted {
		switch e.Kind {
		case changelog.Recording:
			if st, ok := recs[e.ID]; ok {
				c.Entity = &syncv1.Change_Recording{Recording: recordingState(st, e.Seq)}
				return c, nil
			}
		case changelog.Folder:
			f, ok, err := ents.FolderIn(x, uid, e.ID)
			if err != nil || ok {
				c.Entity = &syncv1.Change_Folder{Folder: folderState(f, e.Seq)}
				return c, err
			}
		case changelog.Highlight:
			h, ok, err := ents.HighlightIn(x, uid, e.ID)
			if err != nil || ok {
				c.Entity = &syncv1.Change_Highlight{Highlight: highlightState(h, e.Seq)}
				return c, err
			}
		case changelog.Template:
			t, ok, err := ents.TemplateIn(x, uid, e.ID)
			if err != nil || ok {
				c.Entity = &syncv1.Change_Template{Template: templateState(t, e.Seq)}
				return c, err
			}
		}
	}
	c.Entity = &syncv1.Change_Tombstone{Tombstone: &syncv1.Tombstone{
		Kind: kindOf(e.Kind), Id: e.ID, DeletedAtMs: e.At, Version: e.Seq,
	}}
	return c, nil
}

// currentOf is the latest change of one entity, for Push's answers; nil when
// the log has nothing of it.
func currentOf(x *store.Txn, ents Entities, uid string, kind changelog.Kind, id string) (*syncv1.Change, error) {
	e, ok, err := changelog.Latest(x, uid, kind, id)
	if err != nil || !ok {
		return nil, err
	}
	changes, err := changesOf(x, ents, uid, []changelog.Entry{e})
	if err != nil {
		return nil, err
	}
	return changes[0], nil
}

func recordingState(st recordings.State, seq uint64) *syncv1.RecordingState {
	return &syncv1.RecordingState{
		Id: st.ID, ItemJson: string(st.Item), SpeakersJson: string(st.Speakers),
		FolderId: st.FolderID, Empty: st.Empty, Version: seq,
	}
}

func folderState(f recordings.Folder, seq uint64) *syncv1.FolderState {
	out := &syncv1.FolderState{Id: f.ID, Name: f.Name, CreatedAtMs: f.CreatedAt.UnixMilli(), Version: seq}
	if f.ParentID != nil {
		out.ParentId = *f.ParentID
	}
	if f.TemplateID != nil {
		out.TemplateId = *f.TemplateID
	}
	return out
}

func highlightState(h highlights.Highlight, seq uint64) *syncv1.HighlightState {
	return &syncv1.HighlightState{
		Id: h.ID, RecordingId: h.RecordingID, Start: h.Start, End: h.End, Text: h.Text, Note: h.Note,
		Speakers: h.Speakers, CreatedAtMs: h.CreatedAt.UnixMilli(), UpdatedAtMs: h.UpdatedAt.UnixMilli(), Version: seq,
	}
}

func templateState(t templates.Template, seq uint64) *syncv1.TemplateState {
	out := &syncv1.TemplateState{Id: t.ID, Name: t.Name, Version: seq}
	for _, s := range t.Sections {
		out.Sections = append(out.Sections, &syncv1.TemplateSection{Heading: s.Heading, Instruction: s.Instruction})
	}
	if t.CreatedAt != nil {
		out.CreatedAtMs = t.CreatedAt.UnixMilli()
	}
	if t.UpdatedAt != nil {
		out.UpdatedAtMs = t.UpdatedAt.UnixMilli()
	}
	return out
}

func kindOf(k changelog.Kind) syncv1.EntityKind {
	switch k {
	case changelog.Template:
		return syncv1.EntityKind_ENTITY_KIND_TEMPLATE
	case changelog.Folder:
		return syncv1.EntityKind_ENTITY_KIND_FOLDER
	case changelog.Highlight:
		return syncv1.EntityKind_ENTITY_KIND_HIGHLIGHT
	}
	return syncv1.EntityKind_ENTITY_KIND_RECORDING
}
