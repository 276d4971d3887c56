package relaysync

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
)

// outcome is what one refresh found.
type outcome struct {
	changed   bool
	announced bool // not the user's first listing
	// unsummarized are recordings first seen in this refresh without a
	// summary: an upload the upstream will summarise (see watch.go).
	unsummarized []string
}

// refresh lists the upstream for uid and records what changed since the
// last listing: mirror, change log and events. Only a complete listing
// removes anything. One refresh of a user runs at a time. invalidate drops
// the REST relay's cache of the user when something changed: not after a
// write the REST relay passed on (it dropped it then, and the reads it has
// cached since are fresh), nor for the first listing (nothing changed).
func (s *Service) refresh(ctx context.Context, uid, token string, invalidate bool) (outcome, error) {
	if err := recordings.CheckOwner(ctx, uid); err != nil {
		return outcome{}, err
	}
	u := s.user(uid)
	u.refreshing.Lock()
	defer u.refreshing.Unlock()
	return s.refreshLocked(ctx, uid, token, invalidate, u)
}

// refreshLocked is refresh with u.refreshing held.
func (s *Service) refreshLocked(ctx context.Context, uid, token string, invalidate bool, u *userState) (outcome, error) {
	u.mu.Lock()
	cost := 1 + max(1, u.pages) // the folders and as many pages as last time
	started := u.announced      // changes announced before this listing began
	withTemplates := u.templatesDue || s.opts.Now().Sub(u.templatesAt) >= s.opts.TemplateEvery
	if withTemplates {
		cost++
	}
	u.mu.Unlock()
	if !s.budget.take(uid, cost) {
		return outcome{}, errBudget
	}
	l, listErr := s.list(ctx, uid, token, cost, withTemplates)
	if !l.foldersListed {
		return outcome{}, listErr
	}
	out, err := s.record(uid, l)
	if err != nil {
		return out, fmt.Errorf("relaysync: record the listing of %s: %w", uid, err)
	}
	u.mu.Lock()
	u.lastRefresh = s.opts.Now()
	if l.templatesAnswered {
		u.templatesAt, u.templatesDue = u.lastRefresh, false
	}
	if l.itemsComplete {
		u.pages = l.pages
	}
	if listErr == nil {
		u.covered = max(u.covered, started)
	}
	u.mu.Unlock()
	if len(out.unsummarized) > 0 {
		s.hold(uid, token, expiryOf(token, s.opts.Now()))
		s.watch(uid, out.unsummarized)
	}
	if out.changed && out.announced && invalidate && s.inval != nil {
		s.inval.InvalidateUser(uid)
	}
	return out, listErr
}

// change is one entity to write, log and announce.
type change struct {
	kind    changelog.Kind
	id      string
	deleted bool
	rec     *mirroredRecording
	folder  *mirroredFolder
	tpl     *mirroredTemplate
	types   []string
	// awaited: the summary of an upload this relay passed on (awaited.go),
	// announced even in a user's first listing.
	awaited bool
}

// record diffs the listing against the mirror and applies the difference.
func (s *Service) record(uid string, l listing) (outcome, error) {
	var m mirrored
	if err := s.db.View(func(x *store.Txn) (err error) { m, err = loadMirror(x, uid); return }); err != nil {
		return outcome{}, err
	}
	changes, out := diff(m, l)
	s.markAwaited(uid, changes)
	for _, c := range changes {
		if err := s.write(uid, c, m.base); err != nil {
			return out, err
		}
	}
	out.changed, out.announced = len(changes) > 0, m.base
	if !m.base {
		// The first listing: only uploads of the last minutes are watched
		// (a user's first call through this relay may be an upload), not a
		// library's old recordings.
		out.unsummarized = s.recent(l.items, out.unsummarized)
	}
	if !m.base && l.itemsComplete {
		err := s.db.Update(func(x *store.Txn) error { return x.Set(mbaseKey(uid), []byte("1")) })
		return out, err
	}
	return out, nil
}

// diff lists the changes from mirror m to listing l, templates and folders
// first (a folder's template and a recording's folder then exist when a
// device applies it).
func diff(m mirrored, l listing) ([]change, outcome) {
	changes := diffTemplates(m, l)
	var out outcome
	byID := map[string]recordings.Folder{}
	for _, f := range l.folders {
		if !safeID(f.ID) {
			continue
		}
		byID[f.ID] = f
		old, had := m.folders[f.ID]
		mf := mirroredFolder{Hash: foldHash(f), Folder: f}
		if !had || old.Hash != mf.Hash {
			changes = append(changes, change{kind: changelog.Folder, id: f.ID, folder: &mf, types: []string{events.FolderUpdated}})
		}
	}
	for id := range m.folders {
		if _, ok := byID[id]; !ok {
			changes = append(changes, change{kind: changelog.Folder, id: id, deleted: true, types: []string{events.FolderDeleted}})
		}
	}
	listed := map[string]bool{}
	for _, item := range l.items {
		id := itemID(item)
		if !safeID(id) || listed[id] {
			continue
		}
		listed[id] = true
		r := readItem(item, byID)
		old, had := m.recs[id]
		switch {
		case !had:
			// An upload the upstream summarised before the relay first
			// listed it is only "created": a list cannot tell a summary
			// that came with the upload from one made since.
			changes = append(changes, change{kind: changelog.Recording, id: id, rec: &r, types: []string{events.RecordingCreated}})
			if !r.HasSummary {
				out.unsummarized = append(out.unsummarized, id)
			}
		case old.Hash != r.Hash || old.FolderID != r.FolderID:
			r.Speakers = old.Speakers
			types := []string{events.RecordingUpdated}
			if !old.HasSummary && r.HasSummary {
				types = []string{events.SummaryReady, events.RecordingUpdated}
			}
			changes = append(changes, change{kind: changelog.Recording, id: id, rec: &r, types: types})
		}
	}
	if l.itemsComplete {
		for id := range m.recs {
			if !listed[id] {
				changes = append(changes, change{kind: changelog.Recording, id: id, deleted: true, types: []string{events.RecordingDeleted}})
			}
		}
	}
	return changes, out
}

// diffTemplates lists the changes of the user's own templates.
func diffTemplates(m mirrored, l listing) []change {
	if !l.templatesListed {
		return nil
	}
	var changes []change
	listed := map[string]bool{}
	for _, t := range l.templates {
		if listed[t.ID] {
			continue
		}
		listed[t.ID] = true
		mt := mirroredTemplate{Hash: tplHash(t), Template: t}
		if old, had := m.tpls[t.ID]; !had || old.Hash != mt.Hash {
			changes = append(changes, change{kind: changelog.Template, id: t.ID, tpl: &mt, types: []string{events.TemplateUpdated}})
		}
	}
	for id := range m.tpls {
		if !listed[id] {
			changes = append(changes, change{kind: changelog.Template, id: id, deleted: true, types: []string{events.TemplateDeleted}})
		}
	}
	return changes
}

// write applies one change in its own transaction (a library of any size
// stays within Badger's limits) and announces it once committed. The first
// complete listing of a user (no baseline yet) is logged but not announced:
// nothing changed for their devices, which pull the log.
func (s *Service) write(uid string, c change, announce bool) error {
	var seq uint64
	err := s.db.Update(func(x *store.Txn) error {
		var err error
		key := mfoldKey(uid, c.id)
		var value any = c.folder
		switch c.kind {
		case changelog.Recording:
			key, value = mrecKey(uid, c.id), c.rec
		case changelog.Template:
			key, value = mtplKey(uid, c.id), c.tpl
		}
		if c.deleted {
			err = x.Delete(key)
		} else {
			err = x.SetJSON(key, value)
		}
		if err != nil {
			return err
		}
		seq, err = changelog.Append(x, uid, c.kind, c.id, c.deleted, s.opts.Now())
		return err
	})
	if err != nil || (!announce && !c.awaited) {
		return err
	}
	for _, typ := range c.types {
		e := events.Event{Type: typ, UserID: uid, Seq: seq}
		switch c.kind {
		case changelog.Folder:
			e.FolderID = c.id
		case changelog.Recording:
			e.RecordingID = c.id
		}
		s.publish(e)
	}
	return nil
}

func itemID(item json.RawMessage) string {
	obj, _ := loose.ParseObject(item)
	id, _ := loose.String(obj.Get("id"))
	return id
}

// safeID: an id that can be the last part of a store key.
func safeID(id string) bool {
	return id != "" && len(id) <= 200 && !strings.ContainsAny(id, "/\x00")
}

// isAuth reports a refused token (the caller drops it).
func isAuth(err error) bool { return errors.Is(err, errUnauthorized) }

// recentUpload is how old an unsummarised recording seen in a user's first
// listing may be and still be watched.
const recentUpload = 15 * time.Minute

// recent keeps the ids among ids whose item was created in the last minutes.
func (s *Service) recent(items []json.RawMessage, ids []string) []string {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	var out []string
	for _, item := range items {
		obj, _ := loose.ParseObject(item)
		id, _ := loose.String(obj.Get("id"))
		created, ok := loose.TimeValue(obj.First("createdAt", "created_at"))
		if want[id] && ok && s.opts.Now().Sub(created) < recentUpload {
			out = append(out, id)
		}
	}
	return out
}
