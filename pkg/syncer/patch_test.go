package syncer

import (
	"strings"
	"testing"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/reflect/protoreflect"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// The message and the table are one declaration: every field of the patch
// is an editable field of the same kind, and every editable field can be
// sent.
func TestPatchOf_TheMessageAndTheFieldTableName_TheSameFields(t *testing.T) {
	fields := (&syncv1.UpdateRecording{}).ProtoReflect().Descriptor().Fields()
	sent := map[string]bool{}
	for i := range fields.Len() {
		fd := fields.Get(i)
		if fd.Name() == "id" || fd.Name() == "folder_id" {
			continue
		}
		f, ok := recordings.FieldNamed(fd.JSONName())
		want := map[recordings.FieldKind]protoreflect.Kind{recordings.TextField: protoreflect.StringKind, recordings.FlagField: protoreflect.BoolKind}[f.Kind]
		if !ok || fd.Kind() != want || !fd.HasPresence() {
			t.Fatalf("UpdateRecording.%s (%v) has no editable field of its kind", fd.Name(), fd.Kind())
		}
		sent[f.Name] = true
	}
	for _, f := range recordings.Fields {
		if !sent[f.Name] {
			t.Fatalf("field %s cannot be sent: UpdateRecording lacks it", f.Name)
		}
	}
}

func TestPatchOf_ReadsEachFieldSet(t *testing.T) {
	yes, no, title, folder := true, false, "T", ""
	p, err := PatchOf(&syncv1.UpdateRecording{Id: "r1", Title: &title, Starred: &yes, Archived: &no, FolderId: &folder})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for k, v := range p.Values {
		got[k] = string(v)
	}
	if len(got) != 3 || got["title"] != `"T"` || got["starred"] != "true" || got["archived"] != "false" || p.Folder == nil || p.Folder.ID != "" {
		t.Fatalf("patch %v folder %+v", got, p.Folder)
	}
}

func TestPatchOf_Refuses(t *testing.T) {
	long := strings.Repeat("x", recordings.MaxTitle+1)
	tests := map[string]struct {
		u    *syncv1.UpdateRecording
		code string
		says string
	}{
		"nothing set":   {&syncv1.UpdateRecording{Id: "r1"}, "INVALID_ARGUMENT", "Nothing to update"},
		"a long title":  {&syncv1.UpdateRecording{Id: "r1", Title: &long}, "INVALID_ARGUMENT", "title must be at most"},
		"unknown field": {withUnknownField(&syncv1.UpdateRecording{Id: "r1", Title: new(string)}, 42), "UNKNOWN_FIELD", "field 42"},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			_, err := PatchOf(tt.u)
			code, msg := describe(err)
			if err == nil || code != tt.code || !strings.Contains(msg, tt.says) {
				t.Fatalf("err %v (%s: %s)", err, code, msg)
			}
		})
	}
}

// withUnknownField is u as a newer app would send it: with field n (a bool
// set true) this build does not know.
func withUnknownField(u *syncv1.UpdateRecording, n protowire.Number) *syncv1.UpdateRecording {
	raw := protowire.AppendVarint(protowire.AppendTag(nil, n, protowire.VarintType), 1)
	u.ProtoReflect().SetUnknown(raw)
	return u
}

func TestPush_StarAndArchiveAreAppliedAndPulled(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Original")
	yes := true
	r := e.push("u1", &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_UpdateRecording{
		UpdateRecording: &syncv1.UpdateRecording{Id: "r1", Starred: &yes, Archived: &yes}}})[0]
	wantApplied(t, r)
	if item := r.GetCurrent().GetRecording().GetItemJson(); !strings.Contains(item, `"starred":true`) || !strings.Contains(item, `"archived":true`) {
		t.Fatalf("current %s", item)
	}
	if got := e.item("u1", "r1"); got["starred"] != true || got["archived"] != true || got["title"] != "Original" {
		t.Fatalf("item %v", got)
	}
}

func TestPush_AnEditWithAFieldUnknownHereIsRefusedWhole(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "Original")
	title := "Renamed by a newer app"
	m := &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_UpdateRecording{
		UpdateRecording: withUnknownField(&syncv1.UpdateRecording{Id: "r1", Title: &title}, 99)}}
	wantRejected(t, e.push("u1", m)[0], "UNKNOWN_FIELD")
	if got := e.item("u1", "r1")["title"]; got != "Original" {
		t.Fatalf("title %v: part of a refused edit was applied", got)
	}
}
