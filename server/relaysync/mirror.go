package relaysync

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
)

// The mirror is the relay's copy of each user's library at the upstream, as
// last listed. It is never served as REST (the REST relay has its own cache):
// it is what the change log's entries point at.
//
// Keys (see pkg/store), beside the change log's own (pkg/changelog):
//
//	mrec/<uid>/<id>     -> mirroredRecording
//	mfold/<uid>/<id>    -> mirroredFolder
//	mtpl/<uid>/<id>     -> mirroredTemplate (the user's own; built-ins are everyone's)
//	mbase/<uid>         -> "1" once a complete listing was recorded
//	malias/<uid>/<id>   -> upstream folder id of a folder a device created offline

func mrecKey(uid, id string) []byte   { return store.Key("mrec", uid, id) }
func mfoldKey(uid, id string) []byte  { return store.Key("mfold", uid, id) }
func mtplKey(uid, id string) []byte   { return store.Key("mtpl", uid, id) }
func mtplPrefix(uid string) []byte    { return store.Prefix("mtpl", uid) }
func mbaseKey(uid string) []byte      { return store.Key("mbase", uid) }
func maliasKey(uid, id string) []byte { return store.Key("malias", uid, id) }
func mrecPrefix(uid string) []byte    { return store.Prefix("mrec", uid) }
func mfoldPrefix(uid string) []byte   { return store.Prefix("mfold", uid) }
func hashOf(b []byte) string          { s := sha256.Sum256(b); return hex.EncodeToString(s[:16]) }
func foldHash(f recordings.Folder) string {
	fields := []any{f.ID, f.Name, f.ParentID}
	if f.TemplateID != nil { // only then: folders mirrored before keep their hash
		fields = append(fields, *f.TemplateID)
	}
	b, _ := json.Marshal(fields)
	return hashOf(b)
}

// mirroredRecording is one list item as the upstream last answered it, with
// what a device keeps beside it.
type mirroredRecording struct {
	Hash       string          `json:"h"`
	Item       json.RawMessage `json:"i"`
	FolderID   string          `json:"f,omitempty"`
	Empty      bool            `json:"e,omitempty"`
	HasSummary bool            `json:"s,omitempty"`
	// Speakers come from a detail, fetched only when the relay needed one
	// (after a speaker rename); a list item has none.
	Speakers json.RawMessage `json:"sp,omitempty"`
}

type mirroredFolder struct {
	Hash   string            `json:"h"`
	Folder recordings.Folder `json:"f"`
}

// mirroredTemplate is one of the user's own templates as the upstream last
// listed it.
type mirroredTemplate struct {
	Hash     string             `json:"h"`
	Template templates.Template `json:"t"`
}

func tplHash(t templates.Template) string { b, _ := json.Marshal(t); return hashOf(b) }

// readItem derives what the embedded provider keeps beside a list item, as
// far as the item tells. Empty is "no summary content, no transcript text
// and no duration" there; a list item carries no transcript, so a recording
// with transcript text but neither summary nor duration is taken as empty
// here (the upstream lists it with include_empty=true, and the device hides
// it until it gains a summary or a duration).
func readItem(item json.RawMessage, folders map[string]recordings.Folder) mirroredRecording {
	obj, _ := loose.ParseObject(item)
	hasSummary := loose.HasContent(loose.Summary(obj.Get("summarization")))
	d, ok := loose.Number(obj.Get("duration"))
	hasDuration := ok && d > 0 && d <= 1e9 && !math.IsNaN(d)
	return mirroredRecording{
		Hash: hashOf(item), Item: item, HasSummary: hasSummary,
		Empty: !hasSummary && !hasDuration, FolderID: folderOf(obj, folders),
	}
}

// folderOf reads the item's folder as the embedded import does: an id it
// names (folderId, folder_id, folder.id), else a folder by name.
func folderOf(obj loose.Object, folders map[string]recordings.Folder) string {
	fobj, _ := loose.ParseObject(obj.Get("folder"))
	for _, raw := range []json.RawMessage{obj.First("folderId", "folder_id"), fobj.Get("id")} {
		if id, ok := loose.String(raw); ok && id != "" {
			return id
		}
	}
	name, ok := loose.String(fobj.Get("name"))
	if !ok {
		name, _ = loose.String(obj.Get("folder"))
	}
	for _, f := range folders {
		if name != "" && f.Name == name && f.ParentID == nil {
			return f.ID
		}
	}
	return ""
}

// RecordingsIn reads the mirror for pkg/syncer (Pull, and Push's answers):
// the recordings of ids it holds, in one read of the store.
func (s *Service) RecordingsIn(x *store.Txn, uid string, ids []string) (map[string]recordings.State, error) {
	keys := make([][]byte, len(ids))
	for i, id := range ids {
		keys[i] = mrecKey(uid, id)
	}
	values, err := x.GetMany(keys)
	if err != nil {
		return nil, err
	}
	states := make(map[string]recordings.State, len(values))
	for i, id := range ids {
		b, ok := values[string(keys[i])]
		if !ok {
			continue
		}
		var r mirroredRecording
		if err := json.Unmarshal(b, &r); err != nil {
			return nil, fmt.Errorf("relaysync: mirrored recording %s: %w", id, err)
		}
		states[id] = recordings.State{ID: id, Item: r.Item, Speakers: r.Speakers, FolderID: r.FolderID, Empty: r.Empty}
	}
	return states, nil
}

// FolderIn reads a folder of the mirror for pkg/syncer.
// HighlightIn: the mirror keeps no highlights (the upstream's REST API
// serves them; sync refuses their edits: requestOf).
func (*Service) HighlightIn(*store.Txn, string, string) (highlights.Highlight, bool, error) {
	return highlights.Highlight{}, false, nil
}

// TemplateIn reads one of the user's templates of the mirror for pkg/syncer.
func (s *Service) TemplateIn(x *store.Txn, uid, id string) (templates.Template, bool, error) {
	var t mirroredTemplate
	if ok, err := getJSON(x, mtplKey(uid, id), &t); !ok || err != nil {
		return templates.Template{}, false, err
	}
	return t.Template, true, nil
}

func (s *Service) FolderIn(x *store.Txn, uid, id string) (recordings.Folder, bool, error) {
	var f mirroredFolder
	if ok, err := getJSON(x, mfoldKey(uid, id), &f); !ok || err != nil {
		return recordings.Folder{}, false, err
	}
	return f.Folder, true, nil
}

func getJSON(x *store.Txn, key []byte, v any) (bool, error) {
	err := x.GetJSON(key, v)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// mirrored is the user's whole mirror, for a diff.
type mirrored struct {
	recs    map[string]mirroredRecording
	folders map[string]mirroredFolder
	tpls    map[string]mirroredTemplate
	base    bool
}

func loadMirror(x *store.Txn, uid string) (mirrored, error) {
	m := mirrored{recs: map[string]mirroredRecording{}, folders: map[string]mirroredFolder{}, tpls: map[string]mirroredTemplate{}}
	err := x.Scan(mrecPrefix(uid), nil, false, true, func(k, v []byte) (bool, error) {
		var r mirroredRecording
		if err := json.Unmarshal(v, &r); err != nil {
			return false, err
		}
		m.recs[string(k[len(mrecPrefix(uid)):])] = r
		return true, nil
	})
	if err != nil {
		return m, err
	}
	err = x.Scan(mfoldPrefix(uid), nil, false, true, func(k, v []byte) (bool, error) {
		var f mirroredFolder
		if err := json.Unmarshal(v, &f); err != nil {
			return false, err
		}
		m.folders[f.Folder.ID] = f
		return true, nil
	})
	if err != nil {
		return m, err
	}
	err = x.Scan(mtplPrefix(uid), nil, false, true, func(_, v []byte) (bool, error) {
		var t mirroredTemplate
		if err := json.Unmarshal(v, &t); err != nil {
			return false, err
		}
		m.tpls[t.Template.ID] = t
		return true, nil
	})
	if err != nil {
		return m, err
	}
	m.base, err = x.Has(mbaseKey(uid))
	return m, err
}
