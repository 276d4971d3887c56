package recordings

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/loose"
)

// FieldKind says what values an editable field takes.
type FieldKind int

// The kinds of editable field.
const (
	// TextField is a string of at most Max characters; null clears it ("").
	TextField FieldKind = iota
	// FlagField is true or false; null is false. The dashboard and search
	// filter on it (a query parameter named as the field) from the index.
	FlagField
)

// Field is one field of a recording its owner edits, declared once: the
// member of the recording object it sets (so the list item, the detail and
// a relay's mirror carry it as they carry any member), the REST PUT body's
// member and the JSON name of its pocket.sync.v1.UpdateRecording field all
// are Name. The folder is not one: a move files the recording elsewhere
// (FolderChange).
type Field struct {
	Name string
	Kind FieldKind
	Max  int // TextField: characters (0: bounded by MaxBytes only)
	// MaxBytes: a TextField's UTF-8 bytes at most; longer is TooLarge (413),
	// a stored resource rather than a typo (the note).
	MaxBytes int
	// Private: the owner's own, never shown to a share-link visitor
	// (Shareable drops it from the recording a shared page shows).
	Private bool
	Bit     byte // FlagField: its bit in index entries (index.go), fixed once shipped
	// Hides: a FlagField that, on, takes the recording out of the app's list
	// (and the server's first paint of it) until the list asks for it.
	Hides bool
	// Toggle: a FlagField's button, as the app labels it off and on (the
	// server's first paint draws it; pwa/src/data/sync/recordingFields.ts).
	Toggle [2]string
}

// Fields are the editable fields. Adding one here, to UpdateRecording in
// proto/pocket/sync/v1/sync.proto and to the app's table is all it takes
// for it to be edited through REST and sync, offline too, by both backends.
var Fields = []Field{
	{Name: "title", Kind: TextField, Max: MaxTitle},
	{Name: "description", Kind: TextField, Max: MaxDescription},
	{Name: "starred", Kind: FlagField, Bit: 1 << 2, Toggle: [2]string{"Star", "Unstar"}},
	{Name: "archived", Kind: FlagField, Bit: 1 << 3, Toggle: [2]string{"Archive", "Unarchive"}, Hides: true},
	// The owner's markdown note: searched with the description, exported and
	// backed up as a member of the recording (docs/adr/0017-notes.md).
	{Name: "note", Kind: TextField, MaxBytes: MaxNoteBytes, Private: true},
}

// Limits on edited text, in characters.
const (
	MaxTitle       = 500
	MaxDescription = 10000
	// MaxNoteBytes bounds a note (64 KiB of UTF-8): past it 413 NOTE_TOO_LARGE.
	MaxNoteBytes = 64 << 10
)

// Listed is the flag filter of the app's plain list: every hiding flag off.
func Listed() map[string]bool {
	flags := map[string]bool{}
	for _, f := range Fields {
		if f.Hides {
			flags[f.Name] = false
		}
	}
	return flags
}

// FieldNamed is the editable field called name.
func FieldNamed(name string) (Field, bool) {
	i := slices.IndexFunc(Fields, func(f Field) bool { return f.Name == name })
	if i < 0 {
		return Field{}, false
	}
	return Fields[i], true
}

// Patch is an edit of a recording; what it leaves out stays as it is.
type Patch struct {
	// Values are the fields' new values (JSON), by Field.Name, checked.
	Values map[string]json.RawMessage
	Folder *FolderChange
}

// With is p with field name set to v (a string for a TextField, a bool for
// a FlagField), or an error naming what is wrong with it.
func (p Patch) With(name string, v any) (Patch, error) {
	f, ok := FieldNamed(name)
	if !ok {
		return p, apperr.New(apperr.Invalid, "UNKNOWN_FIELD", fmt.Sprintf("A recording has no editable field %q", name))
	}
	if err := f.check(v); err != nil {
		return p, err
	}
	raw, _ := json.Marshal(v)
	values := make(map[string]json.RawMessage, len(p.Values)+1)
	for k, old := range p.Values {
		values[k] = old
	}
	values[name] = raw
	p.Values = values
	return p, nil
}

func (f Field) check(v any) error {
	switch f.Kind {
	case TextField:
		s, ok := v.(string)
		if !ok {
			return apperr.Invalidf("%s must be a string", f.Name)
		}
		if f.MaxBytes > 0 && len(s) > f.MaxBytes {
			return apperr.New(apperr.TooLarge, strings.ToUpper(f.Name)+"_TOO_LARGE",
				fmt.Sprintf("The %s must be at most %d KiB", f.Name, f.MaxBytes>>10))
		}
		if f.Max > 0 && utf8.RuneCountInString(s) > f.Max {
			return apperr.Invalidf("%s must be at most %d characters", f.Name, f.Max)
		}
	case FlagField:
		if _, ok := v.(bool); !ok {
			return apperr.Invalidf("%s must be true or false", f.Name)
		}
	}
	return nil
}

// Empty reports whether p changes nothing.
func (p Patch) Empty() bool { return len(p.Values) == 0 && p.Folder == nil }

// Text is the new value of a TextField p sets; ok is false when p leaves it.
func (p Patch) Text(name string) (s string, ok bool) {
	raw, ok := p.Values[name]
	return loose.Text(raw), ok
}

// setOn sets p's values on the recording object.
func (p Patch) setOn(rec loose.Object) loose.Object {
	for _, f := range Fields { // in the table's order: the same edit writes the same bytes
		if raw, ok := p.Values[f.Name]; ok {
			rec = rec.Set(f.Name, raw)
		}
	}
	return rec
}

// nothingToUpdate refuses an edit that sets nothing, naming what it may set.
func nothingToUpdate(folder string) error {
	names := make([]string, 0, len(Fields))
	for _, f := range Fields {
		names = append(names, f.Name)
	}
	return apperr.Invalidf("Nothing to update: send %s, %s", strings.Join(names, ", "), folder)
}

// NothingToUpdate is the refusal of a sync edit that sets nothing.
func NothingToUpdate() error { return nothingToUpdate("or folder_id") }

// ParsePatch reads a PUT body: each field of Fields by its name, and folder
// as {name} (or a name string, or null) or folder_id / folderId (null to
// clear). Other members are ignored; a body with none of these is invalid.
func ParsePatch(raw []byte) (Patch, error) {
	obj, ok := loose.ParseObject(raw)
	if !ok {
		return Patch{}, apperr.Invalidf("The body must be a JSON object")
	}
	var p Patch
	var err error
	for _, f := range Fields {
		v, present := f.read(obj)
		if !present {
			continue
		}
		if p, err = p.With(f.Name, v); err != nil {
			return p, err
		}
	}
	if p.Folder, err = folderChange(obj); err != nil {
		return p, err
	}
	if p.Empty() {
		return p, nothingToUpdate("folder or folder_id")
	}
	return p, nil
}

// read is the field's value in a REST body, null read as the kind's zero
// (a value of the wrong type is passed on for With to refuse).
func (f Field) read(obj loose.Object) (any, bool) {
	raw := obj.Get(f.Name)
	if raw == nil {
		return nil, false
	}
	if loose.IsNull(raw) {
		if f.Kind == FlagField {
			return false, true
		}
		return "", true
	}
	var v any
	_ = json.Unmarshal(raw, &v)
	return v, true
}

// FolderChange moves a recording: to the folder with ID, else to the top-level
// folder named Name (created when missing); both empty takes it out of any
// folder ("General").
type FolderChange struct {
	ID   string
	Name string
}

func folderChange(obj loose.Object) (*FolderChange, error) {
	for _, k := range []string{"folder_id", "folderId"} {
		if v := obj.Get(k); v != nil {
			if loose.IsNull(v) {
				return &FolderChange{}, nil
			}
			id, ok := loose.String(v)
			if !ok {
				return nil, apperr.Invalidf("%s must be a string", k)
			}
			return &FolderChange{ID: id}, nil
		}
	}
	v := obj.Get("folder")
	switch {
	case v == nil:
		return nil, nil
	case loose.IsNull(v):
		return &FolderChange{}, nil
	}
	if name, ok := loose.String(v); ok {
		return &FolderChange{Name: name}, nil
	}
	f, ok := loose.ParseObject(v)
	name, isStr := loose.String(f.Get("name"))
	if !ok || (!isStr && !loose.IsNull(f.Get("name"))) {
		return nil, apperr.Invalidf("folder must be an object with a name")
	}
	return &FolderChange{Name: name}, nil
}

// flagBits are the FlagFields set on the recording object, as index bits.
func flagBits(rec loose.Object) byte {
	var bits byte
	for _, f := range Fields {
		if f.Kind == FlagField && loose.Flag(rec.Get(f.Name)) {
			bits |= f.Bit
		}
	}
	return bits
}

// Shareable is a recording object without its Private members: what a
// share-link visitor may see of it. A recording that is not an object is
// passed on as it is (the shared page reads it as no recording).
func Shareable(recording json.RawMessage) json.RawMessage {
	obj, ok := loose.ParseObject(recording)
	if !ok {
		return recording
	}
	kept := obj[:0:0]
	for _, m := range obj {
		if f, ok := FieldNamed(m.Key); !ok || !f.Private {
			kept = append(kept, m)
		}
	}
	if len(kept) == len(obj) {
		return recording
	}
	out, err := kept.MarshalJSON()
	if err != nil {
		return recording
	}
	return out
}
