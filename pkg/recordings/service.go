// Package recordings is the recordings domain of the embedded provider: import
// (device upload), the dashboard list with stable keyset paging, ranked full-text
// search (pkg/search's engine, paged and filtered here), detail, edits,
// deletion, folders and summarizations. It knows nothing of HTTP or fx. Every
// method takes the owner's uid; a recording, folder or summarization of anyone
// else is reported as NotFound, never Forbidden, so the API does not reveal
// what exists.
//
// Storage (see the key schema in pkg/store): a recording is one `rec/` record
// holding the import object exactly as given plus bookkeeping, a pre-rendered
// list item under `ritem/`, one ordered `ridx/` key per sort field, and one
// `term/` posting per distinct search term (an import batch shares one key
// per term among its recordings: search.Block). All of them are written in
// one transaction, so lists, search and detail never disagree.
package recordings

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/changelog"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
)

// Service is the recordings domain. It is safe for concurrent use.
type Service struct {
	db  *store.DB
	bus *events.Bus
	now func() time.Time

	mu           sync.RWMutex
	needsSummary []func(ownerUID, id string)
	deleted      []func(ownerUID, id string)
	// deleteIn and importedHooks run inside the writing transaction.
	deleteIn      []func(x *store.Txn, ownerUID, id string) error
	importedHooks []func(x *store.Txn, ownerUID, id string, extras map[string]json.RawMessage) error

	// docCounts caches each user's number of listed recordings for search's
	// idf. A write that adds or removes a recording forgets the user's entry;
	// the next search recounts. It is only a ranking input, so a count that
	// races a write by one recording is harmless.
	docCounts sync.Map // uid -> int

	firstPages *firstPages

	// outbox takes each change's webhook deliveries in its transaction (nil: none).
	outbox events.Outbox

	// limits are the per-user quotas of what users add (quota.None: none,
	// as for pocket import); usage is counted either way.
	limits quota.Limits
}

// SetLimits sets the per-user quotas; call it before serving.
func (s *Service) SetLimits(l quota.Limits) { s.limits = l }

// SetOutbox hands every change of a recording, in its transaction, to o (the
// webhooks' queue); call it before serving.
func (s *Service) SetOutbox(o events.Outbox) { s.outbox = o }

// Limits are the per-user quotas the service enforces.
func (s *Service) Limits() quota.Limits { return s.limits }

// NewService builds the service. bus may be nil (no events); now defaults to
// time.Now and is injectable so tests control updatedAt and view times.
func NewService(db *store.DB, bus *events.Bus, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, bus: bus, now: now, firstPages: newFirstPages()}
}

// OnNeedsSummary registers fn to be told about every recording that was created
// or replaced without summary content (HasSummary false: no summarization, or a
// first summarization whose summary is empty by the spec's rule). The AI engine
// uses it to summarise in the background and then calls AddSummarization. fn is
// called synchronously after the write commits, so it must not block: hand the
// work to a queue.
func (s *Service) OnNeedsSummary(fn func(ownerUID, id string)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.needsSummary = append(s.needsSummary, fn)
}

func (s *Service) notifyNeedsSummary(uid, id string) { s.notify(&s.needsSummary, uid, id) }

// notify calls each hook of a list outside the lock, so a hook may register more.
func (s *Service) notify(list *[]func(ownerUID, id string), uid, id string) {
	s.mu.RLock()
	hooks := append([]func(string, string){}, *list...)
	s.mu.RUnlock()
	for _, fn := range hooks {
		fn(uid, id)
	}
}

// OnDeleted registers fn to be told, after the commit, of every recording
// deleted (soft or permanent): the audio files are removed this way.
func (s *Service) OnDeleted(fn func(ownerUID, id string)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deleted = append(s.deleted, fn)
}

func (s *Service) notifyDeleted(uid, id string) { s.notify(&s.deleted, uid, id) }

// OnDeleteIn registers fn to run in the transaction that deletes a
// recording (soft or permanent), so what belongs to it (its highlights) goes
// with it or not at all. Register before serving.
func (s *Service) OnDeleteIn(fn func(x *store.Txn, ownerUID, id string) error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deleteIn = append(s.deleteIn, fn)
}

func (s *Service) deletingIn(x *store.Txn, uid, id string) error {
	s.mu.RLock()
	hooks := append([]func(*store.Txn, string, string) error{}, s.deleteIn...)
	s.mu.RUnlock()
	for _, fn := range hooks {
		if err := fn(x, uid, id); err != nil {
			return err
		}
	}
	return nil
}

// ExtraHighlights is the import object's member that carries a recording's
// highlights (written by the backup and the JSON export, read back by
// whoever registered OnImportedIn: pkg/highlights).
const ExtraHighlights = "highlights"

// OnImportedIn registers fn to run in the transaction that files an imported
// recording (POST /api/v1/recordings, pocket import), with the import
// object's extra members (ExtraHighlights) as given (nil when absent).
func (s *Service) OnImportedIn(fn func(x *store.Txn, ownerUID, id string, extras map[string]json.RawMessage) error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.importedHooks = append(s.importedHooks, fn)
}

func (s *Service) importedIn(x *store.Txn, uid string, st *stored) error {
	if len(st.extras) == 0 {
		return nil
	}
	extras := make(map[string]json.RawMessage, len(st.extras))
	for _, m := range st.extras {
		extras[m.Key] = m.Value
	}
	s.mu.RLock()
	hooks := append([]func(*store.Txn, string, string, map[string]json.RawMessage) error{}, s.importedHooks...)
	s.mu.RUnlock()
	for _, fn := range hooks {
		if err := fn(x, uid, st.ID, extras); err != nil {
			return err
		}
	}
	return nil
}

// changed logs a write of the recording in x (the change log is what devices
// pull) and announces it with each of typs once x has committed.
func (s *Service) changed(x *store.Txn, uid, id string, deleted bool, typs ...string) error {
	seq, err := changelog.Append(x, uid, changelog.Recording, id, deleted, s.now())
	if err != nil {
		return fmt.Errorf("recordings: log change of %s: %w", id, err)
	}
	if s.outbox != nil {
		for _, typ := range typs {
			if err := s.outbox.AddIn(x, events.Event{Type: typ, UserID: uid, RecordingID: id, Seq: seq, At: s.now().UTC()}); err != nil {
				return fmt.Errorf("recordings: queue webhooks of %s: %w", id, err)
			}
		}
	}
	x.AfterCommit(func() {
		for _, typ := range typs {
			s.publish(events.Event{Type: typ, UserID: uid, RecordingID: id, Seq: seq})
		}
	})
	return nil
}

// folderChanged is changed for a folder.
func (s *Service) folderChanged(x *store.Txn, uid, id string, deleted bool) error {
	seq, err := changelog.Append(x, uid, changelog.Folder, id, deleted, s.now())
	if err != nil {
		return fmt.Errorf("recordings: log change of folder %s: %w", id, err)
	}
	typ := events.FolderUpdated
	if deleted {
		typ = events.FolderDeleted
	}
	x.AfterCommit(func() { s.publish(events.Event{Type: typ, UserID: uid, FolderID: id, Seq: seq}) })
	return nil
}

// publish announces a committed change (every write ends here, which is also
// where the cached library size is forgotten when it changed).
func (s *Service) publish(e events.Event) {
	if e.Type == events.RecordingCreated || e.Type == events.RecordingDeleted {
		s.docCounts.Delete(e.UserID)
	}
	if s.bus != nil {
		e.At = s.now().UTC()
		s.bus.Publish(e)
	}
}

// CheckOwner refuses calls that could address keys outside the caller's own
// prefix: an empty uid, or one containing the key separator. Every feature
// keyed by uid checks with it.
func CheckOwner(ctx context.Context, uid string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if uid == "" || strings.ContainsAny(uid, "/\x00") {
		return apperr.New(apperr.Unauthenticated, "UNAUTHENTICATED", "Authentication required")
	}
	return nil
}

// stamp is how the server writes timestamps into recordings (updatedAt).
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z07:00") }
