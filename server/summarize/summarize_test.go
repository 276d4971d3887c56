package summarize_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx"

	"github.com/pocket-companion/pocket/pkg/events"
	"github.com/pocket-companion/pocket/pkg/identity"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
	"github.com/pocket-companion/pocket/tests/servertest"
)

// waitBound is how long a background summary may take in these tests: the
// local engine needs milliseconds; the rest is scheduling on a busy machine.
const waitBound = 15 * time.Second

// birthdayNote is fixture 08, a voice note uploaded without a summarization;
// untitled drops its title and description.
func birthdayNote(t *testing.T, id string, untitled bool) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "recordings", "08-voice-note-birthday-ideas.json"))
	if err != nil {
		t.Fatal(err)
	}
	var obj map[string]any
	if err := json.Unmarshal(raw, &obj); err != nil {
		t.Fatal(err)
	}
	rec := obj["recording"].(map[string]any)
	rec["id"] = id
	if untitled {
		delete(rec, "title")
		delete(rec, "name")
		delete(rec, "description")
	}
	return obj
}

type detail struct {
	Data struct {
		Recording      map[string]json.RawMessage
		Summarizations json.RawMessage
	}
}

func TestSummarize_UploadWithoutSummaryGetsOneAndSummaryReady(t *testing.T) {
	var bus *events.Bus
	s := servertest.Start(t, nil, fx.Populate(&bus))
	sub := bus.Subscribe(64)
	t.Cleanup(sub.Close)
	alice := s.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", birthdayNote(t, "note-1", false))
	alice.MustOK("POST", "/api/v1/recordings", birthdayNote(t, "note-2", true))

	ready := map[string]bool{}
	deadline := time.After(waitBound)
	for len(ready) < 2 {
		select {
		case e := <-sub.C:
			if e.Type == events.SummaryReady {
				ready[e.RecordingID] = true
			}
		case <-deadline:
			t.Fatalf("summary.ready within %v: got %v", waitBound, ready)
		}
	}

	var d detail
	alice.MustOK("GET", "/api/v1/recordings/note-1?include=all", nil, &d)
	_, sum, ok := loose.FirstSummarization(d.Data.Summarizations)
	md, _ := loose.String(loose.Summary(sum))
	if !ok || !strings.Contains(md, "## Key points") || len(loose.Tasks(loose.ActionItems(sum))) == 0 {
		t.Fatalf("summarization %s", d.Data.Summarizations)
	}
	if string(d.Data.Recording["title"]) != `"Mom's 60th – gift ideas"` {
		t.Fatalf("an existing title must stay: %s", d.Data.Recording["title"])
	}
	alice.MustOK("GET", "/api/v1/recordings/note-2?include=all", nil, &d)
	if title := loose.Text(d.Data.Recording["title"]); title == "" || loose.Text(d.Data.Recording["description"]) == "" {
		t.Fatalf("a missing title and description are filled: %s", d.Data.Recording)
	}
	var item struct{ Data []map[string]json.RawMessage }
	alice.MustOK("GET", "/api/v1/recordings/dashboard", nil, &item)
	for _, it := range item.Data {
		if it["summarization"] == nil {
			t.Fatalf("the list shows the new summary: %s", it["id"])
		}
	}
}

func TestSummarize_ExistingOrEmptySummarizationsAreLeftAlone(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	withEmpty := birthdayNote(t, "empty-summary", false)
	withEmpty["summarizations"] = map[string]any{"s1": map[string]any{"v2Summary": "  "}}
	alice.MustOK("POST", "/api/v1/recordings", withEmpty)
	alice.MustOK("POST", "/api/v1/recordings", map[string]any{"recording": map[string]any{"id": "silent", "title": "Silence", "duration": 14}})
	alice.MustOK("POST", "/api/v1/recordings", birthdayNote(t, "marker", false))
	waitForSummary(t, alice, "marker") // the queue is FIFO: the others were looked at first
	for _, id := range []string{"empty-summary", "silent"} {
		var d detail
		alice.MustOK("GET", "/api/v1/recordings/"+id+"?include=all", nil, &d)
		if strings.Contains(string(d.Data.Summarizations), "Key points") {
			t.Fatalf("%s was summarised: %s", id, d.Data.Summarizations)
		}
	}
}

// TestSummarize_CatchesUpOnStartAfterPocketImport imports into the data
// directory with the server stopped, as `pocket import` does, then starts it.
func TestSummarize_CatchesUpOnStartAfterPocketImport(t *testing.T) {
	s := servertest.Start(t, nil)
	idToken := s.SignIn(t, "alice@example.com").IDToken
	cfg := s.Cfg
	s.Stop()

	db := servertest.OpenStore(t, cfg)
	users := identity.NewUsers(db, nil)
	u, err := users.Ensure(context.Background(), "alice@example.com", identity.User{})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(birthdayNote(t, "imported", false))
	if _, err := recordings.NewService(db, nil, nil).Import(context.Background(), u.UID, raw); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s = servertest.StartConfig(t, cfg)
	waitForSummary(t, s.WithToken(t, idToken), "imported")
}

func waitForSummary(t *testing.T, c *servertest.Client, id string) {
	t.Helper()
	deadline := time.Now().Add(waitBound)
	for time.Now().Before(deadline) {
		var d detail
		c.MustOK("GET", "/api/v1/recordings/"+id+"?include=all", nil, &d)
		if _, _, ok := loose.FirstSummarization(d.Data.Summarizations); ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s has no summary after %v", id, waitBound)
}
