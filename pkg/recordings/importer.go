package recordings

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/ids"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/quota"
	"github.com/pocket-companion/pocket/pkg/store"
)

// ImportResult says what an import did: Created (a new recording), Replaced (a
// stored one was older by the duplicate rule), or neither (the stored one was
// as new or newer, or was deleted by its owner, and was kept).
type ImportResult struct {
	ID       string `json:"id"`
	Created  bool   `json:"created"`
	Replaced bool   `json:"replaced"`
}

// Import stores one recording in the import format
// {recording, speakers, summarizations, transcription, metadata}. Every field
// is optional and kept exactly as given; recording.id (or a top-level id) names
// it, else a random id is generated. Re-importing an id replaces the stored
// recording only when the incoming one is newer by the spec's duplicate rule,
// so fixtures with duplicates resolve as the client merges them. A recording
// the owner soft-deleted stays deleted.
//
// Import is the operator's path (tests, and ImportEach's retries): it is
// counted in the owner's usage but never refused by a quota. Devices upload
// through Upload.
func (s *Service) Import(ctx context.Context, uid string, raw []byte) (ImportResult, error) {
	return s.importOne(ctx, uid, raw, importLimits{})
}

// Upload is Import for a device's upload: it counts towards the day's
// uploads and is refused past the owner's limits (recordings, bytes, folders
// it would create, uploads a day), storing nothing then. attach, when not
// nil, runs in the same transaction once the recording is filed (the
// upload's audio metadata, so its bytes are checked with the recording's).
func (s *Service) Upload(ctx context.Context, uid string, raw []byte, attach func(x *store.Txn, id string) error) (ImportResult, error) {
	return s.importOne(ctx, uid, raw, importLimits{Limits: s.limits, upload: true, attach: attach})
}

// importLimits say how one import is counted: against which limits (none
// for the operator), as a device upload or not, and what else it writes.
type importLimits struct {
	quota.Limits
	upload bool
	attach func(x *store.Txn, id string) error
}

func (s *Service) importOne(ctx context.Context, uid string, raw []byte, il importLimits) (ImportResult, error) {
	if err := CheckOwner(ctx, uid); err != nil {
		return ImportResult{}, err
	}
	st, err := parseImport(raw)
	if err != nil {
		return ImportResult{}, err
	}
	st.derive()
	var res ImportResult
	err = s.db.Update(func(x *store.Txn) error {
		before, err := quota.Load(x, uid)
		if err != nil {
			return err
		}
		if res, err = s.importIn(x, uid, st, writePostings, il.Limits); err != nil {
			return err
		}
		return s.chargeUpload(x, uid, res, before, il)
	})
	if err != nil {
		return ImportResult{}, err
	}
	s.afterImport(uid, st, res)
	return res, nil
}

// chargeUpload finishes an upload's transaction: its audio, the day's count
// and the limits on what the user keeps (people named by an upload are
// counted, never refused: the device heard them).
func (s *Service) chargeUpload(x *store.Txn, uid string, res ImportResult, before quota.Usage, il importLimits) error {
	if il.attach != nil {
		if err := il.attach(x, res.ID); err != nil {
			return err
		}
	}
	if il.upload && (res.Created || res.Replaced) {
		if err := quota.CountUpload(x, uid, il.Limits, s.now()); err != nil {
			return err
		}
	}
	kept := il.Limits
	kept.Speakers = 0
	return quota.Check(x, uid, before, kept)
}

// importIn files one parsed recording in the transaction x, its postings
// by writeP; folders it names are made within lim.
func (s *Service) importIn(x *store.Txn, uid string, st *stored, writeP postingsWriter, lim quota.Limits) (ImportResult, error) {
	res := ImportResult{ID: st.ID}
	st.Book.ImportedAt = s.now().UTC()
	old, err := load(x, uid, st.ID)
	if err != nil && !errors.Is(err, apperr.ErrNotFound) {
		return res, err
	}
	if old != nil {
		if old.Book.DeletedAt != nil {
			return res, nil
		}
		if !newer(st.Book.Sort, old.Book.Sort) {
			return res, s.importedIn(x, uid, st) // a backup restored over its own recordings brings back what was deleted of their highlights
		}
		st.Book.ImportedAt = old.Book.ImportedAt // keeps fallback orders stable
	}
	if st.Book.FolderID, err = s.importFolder(x, uid, st.recordingObject(), lim); err != nil {
		return res, err
	}
	res.Created, res.Replaced = old == nil, old != nil
	if err := putWith(x, uid, st, old, writeP); err != nil {
		return res, err
	}
	typ := events.RecordingCreated
	if old != nil {
		typ = events.RecordingUpdated
	}
	if err := s.changed(x, uid, st.ID, false, typ); err != nil {
		return res, err
	}
	return res, s.importedIn(x, uid, st)
}

func (s *Service) afterImport(uid string, st *stored, res ImportResult) {
	if (res.Created || res.Replaced) && !st.Book.HasSummary {
		s.notifyNeedsSummary(uid, st.ID)
	}
}

// importFields are the members of the import object; others are ignored.
var importFields = []string{"recording", "speakers", "summarizations", "transcription", "metadata"}

// parseImport checks only what must hold for the server to file the
// recording; the loose shapes inside are the readers' business (pkg/loose).
func parseImport(raw []byte) (*stored, error) {
	obj, ok := loose.ParseObject(raw)
	if !ok {
		if json.Valid(raw) {
			return nil, apperr.Invalidf("The import must be a JSON object with recording, speakers, summarizations, transcription and metadata")
		}
		return nil, apperr.Invalidf("The import is not valid JSON")
	}
	if !namesARecording(obj) {
		return nil, apperr.Invalidf("The import must be a JSON object with recording, speakers, summarizations, transcription and metadata")
	}
	st := &stored{}
	fields := []*json.RawMessage{&st.Recording, &st.Speakers, &st.Summarizations, &st.Transcription, &st.Metadata}
	for i, name := range importFields {
		if v := obj.Get(name); v != nil {
			*fields[i] = v
		}
	}
	rec, hasRec := loose.ParseObject(st.Recording)
	if !loose.IsNull(st.Recording) && !hasRec {
		return nil, apperr.Invalidf("recording must be an object")
	}
	id, err := importID(rec.Get("id"), obj.Get("id"))
	if err != nil {
		return nil, err
	}
	st.ID = id
	for _, m := range obj {
		if m.Key == ExtraHighlights {
			st.extras = append(st.extras, m)
		}
	}
	return st, nil
}

// namesARecording is whether obj can be a recording: it has a member of the
// import object (or a top-level id), or no members at all (a device's empty
// upload is a recording still to be filled). An object made only of other
// members, such as another tool's JSON file in an imported directory, would
// otherwise be filed as an empty recording.
func namesARecording(obj loose.Object) bool {
	if len(obj) == 0 {
		return true
	}
	for _, name := range importFields {
		if obj.Get(name) != nil {
			return true
		}
	}
	return obj.Get("id") != nil
}

// importID takes recording.id, else a top-level id, else makes one. An empty
// string counts as absent (devices send "" before the provider assigns one).
func importID(values ...json.RawMessage) (string, error) {
	for _, v := range values {
		if loose.IsNull(v) {
			continue
		}
		id, ok := loose.String(v)
		if !ok {
			return "", apperr.Invalidf("recording.id must be a string")
		}
		if id = strings.TrimSpace(id); id == "" {
			continue
		}
		if !okID(id) {
			return "", apperr.Invalidf("recording.id must be at most 200 characters, without '/' or control characters")
		}
		return id, nil
	}
	return ids.UUID(), nil
}

// importFolder files the recording in the folder it names: an existing folder
// id (folderId, folder_id or folder.id), else a folder by name, created when
// missing.
func (s *Service) importFolder(x *store.Txn, uid string, rec loose.Object, lim quota.Limits) (string, error) {
	folder := rec.Get("folder")
	fobj, _ := loose.ParseObject(folder)
	for _, raw := range []json.RawMessage{rec.First("folderId", "folder_id"), fobj.Get("id")} {
		if id, ok := loose.String(raw); ok && id != "" {
			if f, err := getFolder(x, uid, id); err == nil {
				return f.ID, nil
			}
		}
	}
	name, ok := loose.String(fobj.Get("name"))
	if !ok {
		name, _ = loose.String(folder)
	}
	// A folder given by id and name that this library lacks (a backup
	// restored into a fresh data directory) is made with that id, so the
	// restored recordings sit in the folder they were in; a name already
	// taken answers the folder that has it.
	if id, ok := loose.String(fobj.Get("id")); ok && okID(id) && strings.TrimSpace(name) != "" {
		if f, err := s.createFolderIn(x, uid, id, name, "", lim); err == nil {
			return f.ID, nil
		}
	}
	f, err := s.folderNamed(x, uid, name, lim)
	return f.ID, err
}
