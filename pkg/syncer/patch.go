package syncer

import (
	"fmt"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/pocket-companion/pocket/pkg/apperr"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// PatchOf reads a recording edit as the patch both backends apply (the
// embedded store through recordings.UpdateIn, a relay as its REST body):
// every field set but id and folder_id is the recording member of its JSON
// name (recordings.Fields), so a field added to the message and to that
// table needs nothing here. A field this server does not know (a newer
// app's) is refused, not dropped: dropping it would answer APPLIED for an
// edit that was not made.
func PatchOf(u *syncv1.UpdateRecording) (recordings.Patch, error) {
	if n, ok := firstUnknownField(u.ProtoReflect().GetUnknown()); ok {
		return recordings.Patch{}, apperr.New(apperr.Invalid, "UNKNOWN_FIELD",
			fmt.Sprintf("This server does not know field %d of a recording edit: it is older than the app that made the edit", n))
	}
	var p recordings.Patch
	var err error
	u.ProtoReflect().Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch fd.Name() {
		case "id":
		case "folder_id":
			p.Folder = &recordings.FolderChange{ID: v.String()}
		default:
			p, err = p.With(fd.JSONName(), v.Interface())
		}
		return err == nil
	})
	if err == nil && p.Empty() {
		err = recordings.NothingToUpdate()
	}
	return p, err
}

// firstUnknownField is the number of the first field in raw (a message's
// unknown fields as protobuf keeps them).
func firstUnknownField(raw protoreflect.RawFields) (protowire.Number, bool) {
	if len(raw) == 0 {
		return 0, false
	}
	n, _, _ := protowire.ConsumeTag(raw)
	return n, true
}
