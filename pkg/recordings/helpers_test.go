package recordings

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/tests/fakeclock"
	"github.com/pocket-companion/pocket/tests/storetest"
)

var ctx = context.Background()

func newService(t testing.TB) (*Service, *store.DB, *events.Bus) {
	t.Helper()
	db := storetest.Open(t)
	bus := events.NewBus()
	c := fakeclock.New(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC))
	return NewService(db, bus, c.Now), db, bus
}

var base = time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)

// rec builds an import object. fields override/extend the recording members;
// a "_summary" field becomes the first summarization's v2Summary and a
// "_transcript" field the only transcript segment.
func rec(id, title string, at time.Time, fields map[string]any) []byte {
	r := map[string]any{"title": title, "recordingAt": at.Format(time.RFC3339), "duration": 60}
	if id != "" {
		r["id"] = id
	}
	obj := map[string]any{"recording": r}
	for k, v := range fields {
		switch k {
		case "_summary":
			obj["summarizations"] = map[string]any{"sum_" + id: map[string]any{"v2Summary": v}}
		case "_transcript":
			obj["transcription"] = map[string]any{"segments": []any{map[string]any{"text": v, "speaker": "SPEAKER_00", "start_time": 0, "end_time": 5}}}
		default:
			if v == nil {
				delete(r, k)
			} else {
				r[k] = v
			}
		}
	}
	b, _ := json.Marshal(obj)
	return b
}

func mustImport(t testing.TB, s *Service, uid string, raw []byte) ImportResult {
	t.Helper()
	res, err := s.Import(ctx, uid, raw)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	return res
}

// itemIDs reads the ids of list items.
func itemIDs(t testing.TB, items []json.RawMessage) []string {
	t.Helper()
	out := make([]string, len(items))
	for i, it := range items {
		var v struct{ ID string }
		if err := json.Unmarshal(it, &v); err != nil {
			t.Fatalf("item %s: %v", it, err)
		}
		out[i] = v.ID
	}
	return out
}

// allPages pages the dashboard to its end.
func allPages(t testing.TB, s *Service, uid string, q DashboardQuery) []string {
	t.Helper()
	var ids []string
	for i := 0; i < 10000; i++ {
		p, err := s.Dashboard(ctx, uid, q)
		if err != nil {
			t.Fatalf("dashboard: %v", err)
		}
		ids = append(ids, itemIDs(t, p.Data)...)
		if p.NextCursor == "" {
			return ids
		}
		q.Cursor = p.NextCursor
	}
	t.Fatal("paging did not end")
	return nil
}

func wantKind(t testing.TB, err error, kind apperr.Kind) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != kind {
		t.Fatalf("got error %v, want kind %d", err, kind)
	}
}

func wantNotFound(t testing.TB, err error) {
	t.Helper()
	if !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("got %v, want NotFound", err)
	}
}

// fixtures reads the shared sample recordings (import format).
func fixtures(t testing.TB) map[string][]byte {
	t.Helper()
	files, _ := filepath.Glob("../../fixtures/recordings/*.json")
	if len(files) == 0 {
		t.Fatal("no fixtures in fixtures/recordings: the shared sample data is missing")
	}
	out := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = b
	}
	return out
}

// importFixtures imports every fixture in file-name order (reverse when asked).
func importFixtures(t testing.TB, s *Service, uid string, reverse bool) {
	t.Helper()
	fx := fixtures(t)
	names := make([]string, 0, len(fx))
	for n := range fx {
		names = append(names, n)
	}
	sort.Strings(names)
	if reverse {
		sort.Sort(sort.Reverse(sort.StringSlice(names)))
	}
	for _, n := range names {
		if _, err := s.Import(ctx, uid, fx[n]); err != nil {
			t.Fatalf("fixture %s: %v", n, err)
		}
	}
}

// folderID is the id of the user's folder named name ("" when none).
func folderID(t testing.TB, s *Service, uid, name string) string {
	t.Helper()
	folders, err := s.Folders(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range folders {
		if f.Name == name {
			return f.ID
		}
	}
	return ""
}
