package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pocket-companion/pocket/pkg/audio"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/importfile"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
	"github.com/pocket-companion/pocket/tests/enginetest"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// TestBackup_RestoresExactlyIntoAFreshDataDirectory seeds the fixtures for a
// user, edits some (a speaker named, a recording moved into a new folder),
// downloads the backup, imports the zip with `pocket import` into an empty
// data directory and finds every recording as it was: same ids, detail
// (recording, speakers, summarizations, transcription, metadata) and folder
// by id and name, each import object byte for byte as backed up. The
// library's folders come back too (with their creation times), an empty one, a
// nested one and their summary templates (a built-in and the user's own),
// and the user's own template with them.
func TestBackup_RestoresExactlyIntoAFreshDataDirectory(t *testing.T) {
	s := servertest.Start(t, nil)
	const email = "restore@example.com"
	c := s.SignIn(t, email)
	items, err := importfile.Read(enginetest.Dir(t))
	if err != nil {
		t.Fatal(err)
	}
	withAudio := map[string]string{} // recording id -> sha256 of its sound
	for _, it := range items {
		if id, sum := uploadItem(t, c, it); sum != "" {
			withAudio[id] = sum
		}
	}
	if len(withAudio) == 0 {
		t.Fatal("no fixture came with audio: the backup's audio goes untested")
	}
	var folder struct{ Data struct{ ID string } }
	c.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Kept for later"}, &folder)
	c.MustOK("PUT", "/api/v1/recordings/rec_02_one_on_one_leo", map[string]any{"folder_id": folder.Data.ID})
	c.MustOK("PUT", "/api/v1/recordings/rec_01_weekly_sync/speakers", map[string]any{"speaker": "SPEAKER_01", "name": "Renamed Person"})
	const note = "Ask about the **Wombatwise** contract"
	c.MustOK("PUT", "/api/v1/recordings/rec_01_weekly_sync/note", map[string]any{"markdown": note})
	var hl struct {
		Data struct{ ID, Text, Note string }
	}
	c.MustOK("POST", "/api/v1/recordings/rec_01_weekly_sync/highlights", map[string]any{"start": 0, "end": 5, "note": "the agenda"}, &hl)
	seedLibrary(t, c, folder.Data.ID)
	var origFolders struct{ Data []recordings.Folder }
	c.MustOK("GET", "/api/v1/folders", nil, &origFolders)
	var origTemplates struct{ Data []templates.Template }
	c.MustOK("GET", "/api/v1/templates", nil, &origTemplates)

	backup := c.MustOK("GET", "/api/v1/export/backup", nil).Body
	zipPath := filepath.Join(t.TempDir(), "backup.zip")
	if err := os.WriteFile(zipPath, backup, 0o600); err != nil {
		t.Fatal(err)
	}
	entries, sounds := zipEntries(t, backup)
	if len(entries) != 25 {
		t.Fatalf("the backup holds %d recordings, want the 25 distinct fixtures", len(entries))
	}
	if len(sounds) != len(withAudio) {
		t.Fatalf("the backup holds %d audio files, want %d", len(sounds), len(withAudio))
	}

	fresh := t.TempDir()
	var out bytes.Buffer
	if err := runImport([]string{"--user", email, "--data-dir", fresh, zipPath}, &out, io.Discard); err != nil {
		t.Fatalf("pocket import of the backup: %v\n%s", err, out.String())
	}
	db, err := store.Open(store.Options{Dir: fresh + "/db", Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	owner, err := identity.NewUsers(db, nil).Ensure(ctx, email, identity.User{})
	if err != nil {
		t.Fatal(err)
	}
	svc := recordings.NewService(db, events.NewBus(), nil)
	hls := highlights.New(db, svc, nil, 0)
	restored, err := hls.OfRecording(ctx, owner.UID, "rec_01_weekly_sync")
	if err != nil || len(restored) != 1 || restored[0].ID != hl.Data.ID || restored[0].Note != "the agenda" || restored[0].Text != hl.Data.Text {
		t.Fatalf("restored highlights %+v (%v), want the one made, %+v", restored, err, hl.Data)
	}
	ids, err := svc.LiveIDs(ctx, owner.UID)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for id := range entries {
		want = append(want, id)
	}
	slices.Sort(want)
	if !slices.Equal(ids, want) {
		t.Fatalf("restored ids %v, want %v", ids, want)
	}
	folders, _ := svc.Folders(ctx, owner.UID)
	wantSameFolders(t, origFolders.Data, folders)
	restoredTemplates, err := templates.NewStore(db, 0).List(ctx, owner.UID)
	if err != nil || !sameJSON(mustJSON(t, origTemplates.Data), mustJSON(t, restoredTemplates)) {
		t.Fatalf("restored templates %+v (%v), want %+v", restoredTemplates, err, origTemplates.Data)
	}
	wantRestoredNote(t, svc, owner.UID, "rec_01_weekly_sync", note, "wombatwise")
	for _, id := range ids {
		again, d, err := svc.ImportObject(ctx, owner.UID, id)
		if err == nil {
			again, err = hls.WithHighlights(ctx, owner.UID, id, again)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, entries[id]) {
			t.Fatalf("%s was restored differently:\nbackup:   %s\nrestored: %s", id, entries[id], again)
		}
		var orig struct{ Data recordings.Detail }
		c.MustOK("GET", "/api/v1/recordings/"+id, nil, &orig)
		for name, pair := range map[string][2]json.RawMessage{
			"speakers":       {orig.Data.Speakers, d.Speakers},
			"summarizations": {orig.Data.Summarizations, d.Summarizations},
			"transcription":  {orig.Data.Transcription, d.Transcription},
			"metadata":       {orig.Data.Metadata, d.Metadata},
		} {
			if !sameJSON(pair[0], pair[1]) {
				t.Fatalf("%s: %s differ:\n%s\n%s", id, name, pair[0], pair[1])
			}
		}
		if got := restoredAudio(t, db, owner.UID, id); got != withAudio[id] {
			t.Fatalf("%s: restored audio sha256 %q, want %q", id, got, withAudio[id])
		}
		if id == "rec_02_one_on_one_leo" && (d.FolderID != folder.Data.ID || !hasFolder(folders, folder.Data.ID, "Kept for later")) {
			t.Fatalf("the moved recording is in folder %q, want %q (Kept for later) among %v", d.FolderID, folder.Data.ID, folders)
		}
	}
}

// zipEntries reads the backup: recordings by id, and audio entries by name.
func zipEntries(t *testing.T, b []byte) (map[string][]byte, []string) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	var sounds []string
	if len(zr.File) == 0 || zr.File[0].Name != importfile.LibraryFile {
		t.Fatalf("the backup does not start with %s", importfile.LibraryFile)
	}
	for _, f := range zr.File[1:] {
		rc, _ := f.Open()
		body, _ := io.ReadAll(rc)
		rc.Close()
		if filepath.Ext(f.Name) != ".json" {
			sounds = append(sounds, f.Name)
			continue
		}
		var obj struct{ Recording struct{ ID string } }
		if err := json.Unmarshal(body, &obj); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		out[obj.Recording.ID] = body
	}
	return out, sounds
}

// uploadItem uploads a fixture as a device does: with its audio as a
// multipart upload when it has some. It returns the id and the sound's sha256.
func uploadItem(t *testing.T, c *servertest.Client, it importfile.Item) (string, string) {
	t.Helper()
	var obj struct{ Recording struct{ ID string } }
	if err := json.Unmarshal(it.Data, &obj); err != nil {
		t.Fatal(err)
	}
	if it.OpenAudio == nil {
		c.MustOK("POST", "/api/v1/recordings", []byte(it.Data))
		return obj.Recording.ID, ""
	}
	sound, err := os.ReadFile(it.Audio)
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	part, _ := mw.CreateFormFile("recording", "r.json")
	_, _ = part.Write(it.Data)
	part, _ = mw.CreateFormFile("audio", filepath.Base(it.Audio))
	_, _ = part.Write(sound)
	mw.Close()
	if r := c.DoWith("POST", "/api/v1/recordings", body.Bytes(), http.Header{"Content-Type": {mw.FormDataContentType()}}); r.Status/100 != 2 {
		t.Fatalf("upload of %s with audio = %d %s", it.Source, r.Status, r.Body)
	}
	sum := sha256.Sum256(sound)
	return obj.Recording.ID, hex.EncodeToString(sum[:])
}

// restoredAudio is the sha256 of the audio kept for a recording ("" for none).
func restoredAudio(t *testing.T, db *store.DB, uid, id string) string {
	t.Helper()
	var m *audio.Meta
	err := db.View(func(x *store.Txn) (err error) { m, err = audio.LoadMeta(x, uid, id); return })
	if err != nil || m == nil {
		return ""
	}
	return m.SHA256
}

// sameJSON compares two members as JSON; absent is null, as the API writes it.
func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(orNull(a), &x) != nil || json.Unmarshal(orNull(b), &y) != nil {
		return false
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}

func hasFolder(fs []recordings.Folder, id, name string) bool {
	return slices.ContainsFunc(fs, func(f recordings.Folder) bool { return f.ID == id && f.Name == name })
}

func orNull(v json.RawMessage) json.RawMessage {
	if v == nil {
		return json.RawMessage("null")
	}
	return v
}

// wantRestoredNote: the restored recording has its note again, and search
// in the restored library finds it by a word only the note holds.
func wantRestoredNote(t *testing.T, svc *recordings.Service, uid, id, note, word string) {
	t.Helper()
	d, err := svc.Detail(context.Background(), uid, id)
	if err != nil {
		t.Fatal(err)
	}
	var rec struct{ Note string }
	if err := json.Unmarshal(d.Recording, &rec); err != nil || rec.Note != note {
		t.Fatalf("restored note %q (%v), want %q", rec.Note, err, note)
	}
	found, err := svc.Search(context.Background(), uid, recordings.SearchQuery{Q: word})
	if err != nil || found.Total != 1 || !bytes.Contains(found.Data[0], []byte(id)) {
		t.Fatalf("search of the restored library for %q: %d results (%v)", word, found.Total, err)
	}
}
