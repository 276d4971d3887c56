package recordings

import (
	"bytes"
	"slices"
	"testing"

	"github.com/pocket-companion/pocket/pkg/store"
)

func TestService_SurvivesReopeningFromDisk(t *testing.T) {
	dir := t.TempDir()
	open := func() (*Service, *store.DB) {
		db, err := store.Open(store.Options{Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		return NewService(db, nil, nil), db
	}
	s, db := open()
	raw := []byte(`{"recording":{"id":"r1","title":"Persisted","recordingAt":"2026-01-02T03:04:05"},"transcription":"{\"segments\":[{\"text\":\"durable words\"}]}"}`)
	mustImport(t, s, "u1", raw)
	f, _ := s.CreateFolder(ctx, "u1", "Kept", "")
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s, db = open()
	defer db.Close()
	d, err := s.Detail(ctx, "u1", "r1")
	if err != nil || !bytes.Equal(d.Transcription, []byte(`"{\"segments\":[{\"text\":\"durable words\"}]}"`)) {
		t.Fatalf("detail %s %v", d.Transcription, err)
	}
	if got := searchIDs(t, s, "u1", "durable"); !slices.Equal(got, []string{"r1"}) {
		t.Fatalf("search %v", got)
	}
	if got := allPages(t, s, "u1", DashboardQuery{}); !slices.Equal(got, []string{"r1"}) {
		t.Fatalf("dashboard %v", got)
	}
	if list, _ := s.Folders(ctx, "u1"); len(list) != 1 || list[0].ID != f.ID {
		t.Fatalf("folders %+v", list)
	}
}
