package syncer

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/changelog"
	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// library replays pulled changes the way a device keeps them.
type library struct {
	recordings map[string]*syncv1.RecordingState
	folders    map[string]*syncv1.FolderState
}

func newLibrary() *library {
	return &library{recordings: map[string]*syncv1.RecordingState{}, folders: map[string]*syncv1.FolderState{}}
}

func (l *library) apply(changes []*syncv1.Change) {
	for _, c := range changes {
		switch {
		case c.GetRecording() != nil:
			l.recordings[c.GetRecording().GetId()] = c.GetRecording()
		case c.GetFolder() != nil:
			l.folders[c.GetFolder().GetId()] = c.GetFolder()
		case c.GetTombstone().GetKind() == syncv1.EntityKind_ENTITY_KIND_FOLDER:
			delete(l.folders, c.GetTombstone().GetId())
		default:
			delete(l.recordings, c.GetTombstone().GetId())
		}
	}
}

func (l *library) title(t *testing.T, id string) string {
	t.Helper()
	var item map[string]any
	if err := json.Unmarshal([]byte(l.recordings[id].GetItemJson()), &item); err != nil {
		t.Fatalf("item of %s: %v", id, err)
	}
	s, _ := item["title"].(string)
	return s
}

func TestPull_AnEmptyDeviceGetsTheWholeLibraryInPages(t *testing.T) {
	e := newEnv(t)
	ids := e.importFixtures("u1")
	changes, _ := e.pullAll("u1", "", 7)
	lib := newLibrary()
	lib.apply(changes)
	var got []string
	for id, r := range lib.recordings {
		got = append(got, id)
		// The item is what the dashboard lists, byte for byte.
		want, err := e.recs.Item(ctx, "u1", id)
		if err != nil || string(want) != r.GetItemJson() {
			t.Fatalf("pulled item of %s differs from the dashboard's: %v", id, err)
		}
	}
	sort.Strings(got)
	sort.Strings(ids)
	if strings.Join(got, ",") != strings.Join(ids, ",") {
		t.Fatalf("pulled %v, want %v", got, ids)
	}
	folders, _ := e.recs.Folders(ctx, "u1")
	if len(lib.folders) != len(folders) || len(folders) == 0 {
		t.Fatalf("pulled %d folders, the library has %d", len(lib.folders), len(folders))
	}
}

func TestPull_RESTAndSyncEditsShareOneLog(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "One")
	e.importOne("u1", "r2", "Two")
	lib := newLibrary()
	changes, cursor := e.pullAll("u1", "", 100)
	lib.apply(changes)

	// A REST edit (through the recordings service) and a sync edit.
	title := "Renamed over REST"
	patch, _ := recordings.Patch{}.With("title", title)
	if _, err := e.recs.Update(ctx, "u1", "r1", patch); err != nil {
		t.Fatal(err)
	}
	wantApplied(t, e.push("u1", rename(key(), "r2", "Renamed over sync"))[0])
	changes, cursor = e.pullAll("u1", cursor, 100)
	if len(changes) != 2 {
		t.Fatalf("%d changes after two edits", len(changes))
	}
	lib.apply(changes)
	if lib.title(t, "r1") != title || lib.title(t, "r2") != "Renamed over sync" {
		t.Fatalf("titles %q, %q", lib.title(t, "r1"), lib.title(t, "r2"))
	}

	// Deletes, either way, arrive as tombstones.
	if err := e.recs.Delete(ctx, "u1", "r1", true); err != nil {
		t.Fatal(err)
	}
	wantApplied(t, e.push("u1", &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_DeleteRecording{DeleteRecording: &syncv1.DeleteRecording{Id: "r2"}}})[0])
	changes, _ = e.pullAll("u1", cursor, 100)
	lib.apply(changes)
	if len(lib.recordings) != 0 {
		t.Fatalf("deleted recordings still on the device: %v", lib.recordings)
	}
	for _, c := range changes {
		if c.GetTombstone() == nil || c.GetTombstone().GetDeletedAtMs() == 0 {
			t.Fatalf("change %v is not a dated tombstone", c)
		}
	}
}

func TestPull_OldCursorAfterPruneResyncs(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "One")
	_, old := e.pullAll("u1", "", 100)
	if err := e.recs.Delete(ctx, "u1", "r1", false); err != nil {
		t.Fatal(err)
	}
	if _, err := changelog.Prune(e.db, time.Now().Add(100*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	res, err := e.sync.Pull(ctx, "u1", old, 100)
	if err != nil || !res.Resync || len(res.Changes) != 0 {
		t.Fatalf("pull from before a pruned tombstone = %v, %v; want resync", res, err)
	}
}

func TestFolders_CreateMoveRenameDeleteSync(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "One")
	_, cursor := e.pullAll("u1", "", 100)
	fid := key()
	folder := "Work"
	moved := e.push("u1",
		&syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: fid, Name: "Work"}}},
		&syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: "r1", FolderId: &fid}}},
	)
	wantApplied(t, moved[0])
	wantApplied(t, moved[1])
	if f := e.item("u1", "r1")["folder"].(map[string]any); f["name"] != folder || f["id"] != fid {
		t.Fatalf("folder = %v", f)
	}
	wantApplied(t, e.push("u1", &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_RenameFolder{RenameFolder: &syncv1.RenameFolder{Id: fid, Name: "Clients"}}})[0])
	if f := e.item("u1", "r1")["folder"].(map[string]any); f["name"] != "Clients" {
		t.Fatalf("after rename the recording shows folder %v", f)
	}
	lib := newLibrary()
	changes, cursor := e.pullAll("u1", cursor, 100)
	lib.apply(changes)
	if lib.folders[fid].GetName() != "Clients" || lib.recordings["r1"].GetFolderId() != fid {
		t.Fatalf("device has folder %v and recording in %q", lib.folders[fid], lib.recordings["r1"].GetFolderId())
	}
	wantApplied(t, e.push("u1", &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_DeleteFolder{DeleteFolder: &syncv1.DeleteFolder{Id: fid}}})[0])
	changes, _ = e.pullAll("u1", cursor, 100)
	lib.apply(changes)
	if _, still := lib.folders[fid]; still || lib.recordings["r1"].GetFolderId() != "" {
		t.Fatalf("after delete: folder kept %v, recording in %q", still, lib.recordings["r1"].GetFolderId())
	}
	if _, has := e.item("u1", "r1")["folder"]; has {
		t.Fatal("the recording still names the deleted folder")
	}
}

func TestFolders_TwoDevicesCreatingOneNameShareTheFolder(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "One")
	a, b := key(), key()
	create := func(id string) *syncv1.Mutation {
		return &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: id, Name: "Ideas"}}}
	}
	wantApplied(t, e.push("u1", create(a))[0])
	second := e.push("u1", create(b), &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_UpdateRecording{UpdateRecording: &syncv1.UpdateRecording{Id: "r1", FolderId: &b}}})
	wantApplied(t, second[0])
	if got := second[0].Current.GetFolder().GetId(); got != a {
		t.Fatalf("the second device's folder is answered as %q; want the existing %q", got, a)
	}
	wantApplied(t, second[1])
	if f := e.item("u1", "r1")["folder"].(map[string]any); f["id"] != a {
		t.Fatalf("the recording moved into %v; want the shared folder", f)
	}
	if folders, _ := e.recs.Folders(ctx, "u1"); len(folders) != 1 {
		t.Fatalf("%d folders; want the one", len(folders))
	}
}

func TestRenameSpeaker_ShowsWhereverTheRecordingIsRead(t *testing.T) {
	e := newEnv(t)
	e.importOne("u1", "r1", "One")
	r := e.push("u1", &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_RenameSpeaker{RenameSpeaker: &syncv1.RenameSpeaker{
		RecordingId: "r1", Speaker: "SPEAKER_01", Name: "Dana Whitfield"}}})[0]
	wantApplied(t, r)
	d, err := e.recs.Detail(ctx, "u1", "r1")
	if err != nil {
		t.Fatal(err)
	}
	names := loose.SpeakerNames(d.Speakers, []string{"SPEAKER_00", "SPEAKER_01"})
	if names["SPEAKER_01"] != "Dana Whitfield" || names["SPEAKER_00"] != "Speaker 1" {
		t.Fatalf("names from the detail = %v", names)
	}
	pulled := loose.SpeakerNames([]byte(r.Current.GetRecording().GetSpeakersJson()), []string{"SPEAKER_00", "SPEAKER_01"})
	if pulled["SPEAKER_01"] != "Dana Whitfield" {
		t.Fatalf("names from the pushed answer = %v", pulled)
	}
	// An empty name restores what the recording came with.
	wantApplied(t, e.push("u1", &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_RenameSpeaker{RenameSpeaker: &syncv1.RenameSpeaker{
		RecordingId: "r1", Speaker: "SPEAKER_01", Name: ""}}})[0])
	d, _ = e.recs.Detail(ctx, "u1", "r1")
	if n := loose.SpeakerNames(d.Speakers, []string{"SPEAKER_00", "SPEAKER_01"}); n["SPEAKER_01"] != "Speaker 2" {
		t.Fatalf("after restoring, names = %v", n)
	}
}

func TestBackfill_LogsALibraryWrittenBeforeTheLog(t *testing.T) {
	e := newEnv(t)
	ids := e.importFixtures("u1")
	// Forget the log and the sync states, as a data directory from before
	// them would have neither.
	if err := e.db.Update(func(x *storeTxn) error { return dropPrefixes(x, "chead", "clog", "clast", "ctomb", "rsync") }); err != nil {
		t.Fatal(err)
	}
	if changes, _ := e.pullAll("u1", "", 100); len(changes) != 0 {
		t.Fatalf("the log still has %d entries", len(changes))
	}
	n, err := e.recs.BackfillChangeLog()
	if err != nil || n < len(ids) {
		t.Fatalf("backfill logged %d (%v); the library has %d recordings", n, err, len(ids))
	}
	lib := newLibrary()
	changes, _ := e.pullAll("u1", "", 100)
	lib.apply(changes)
	if len(lib.recordings) != len(ids) {
		t.Fatalf("after backfill a device pulls %d recordings, want %d", len(lib.recordings), len(ids))
	}
	if n, _ := e.recs.BackfillChangeLog(); n != 0 {
		t.Fatalf("a second backfill logged %d", n)
	}
}
