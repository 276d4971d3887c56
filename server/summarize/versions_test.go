package summarize_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/tests/servertest"
)

// fixture is a sample recording as a device uploads it, summary included.
func fixture(t *testing.T, name, id string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "fixtures", "recordings", name))
	if err != nil {
		t.Fatal(err)
	}
	var obj map[string]any
	if err := json.Unmarshal(raw, &obj); err != nil {
		t.Fatal(err)
	}
	obj["recording"].(map[string]any)["id"] = id
	return obj
}

type version struct {
	ID, Status, V2Summary, Error string
	TemplateID, Language, Engine *string
	Current                      bool
}

func versions(t *testing.T, c *servertest.Client, rid string) []version {
	t.Helper()
	var out struct{ Data []version }
	c.MustOK("GET", "/api/v1/recordings/"+rid+"/summaries", nil, &out)
	return out.Data
}

// waitCurrent waits until the current version is the one with id.
func waitCurrent(t *testing.T, c *servertest.Client, rid, id string) []version {
	t.Helper()
	for deadline := time.Now().Add(waitBound); time.Now().Before(deadline); time.Sleep(30 * time.Millisecond) {
		vs := versions(t, c, rid)
		for _, v := range vs {
			if v.ID == id && v.Current && v.Status == "completed" {
				return vs
			}
		}
	}
	t.Fatalf("version %s never became current: %+v", id, versions(t, c, rid))
	return nil
}

func headings(md string) []string {
	var out []string
	for _, l := range strings.Split(md, "\n") {
		if h, ok := strings.CutPrefix(l, "## "); ok {
			out = append(out, h)
		}
	}
	return out
}

// Regenerating with the Meeting template in German: 202 with a pending
// version, which is written as a job and becomes current with the
// template's headings; the device's summary stays as a version, and picking
// it makes it what the recording shows again.
func TestVersions_RegenerateListAndPickTheCurrentOne(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	alice.MustOK("POST", "/api/v1/recordings", fixture(t, "01-weekly-product-sync.json", "sync"))
	before := versions(t, alice, "sync")
	if len(before) != 1 || !before[0].Current || before[0].TemplateID != nil {
		t.Fatalf("versions before %+v", before)
	}
	r := alice.Do("POST", "/api/v1/recordings/sync/summaries", map[string]string{"templateId": "meeting", "language": "de"})
	var asked struct{ Data version }
	if r.JSON(t, &asked); r.Status != http.StatusAccepted || asked.Data.Status != "pending" || *asked.Data.TemplateID != "meeting" {
		t.Fatalf("regenerate = %d %s", r.Status, r.Body)
	}
	vs := waitCurrent(t, alice, "sync", asked.Data.ID)
	if len(vs) != 2 || vs[0].ID != asked.Data.ID || *vs[0].Language != "de" || *vs[0].Engine != "local" || vs[1].Current {
		t.Fatalf("versions %+v", vs)
	}
	if got := strings.Join(headings(vs[0].V2Summary), "|"); got != "Overview|Agenda|Decisions|Action items|Open questions" {
		t.Fatalf("headings %q", got)
	}
	var shown struct{ Data struct{ V2Summary string } }
	alice.MustOK("GET", "/api/v1/summarizations/by-recording/sync", nil, &shown)
	if !strings.HasPrefix(shown.Data.V2Summary, "## Overview") || !strings.Contains(shown.Data.V2Summary, "## Agenda") {
		t.Fatalf("the recording shows %q", shown.Data.V2Summary)
	}
	alice.MustOK("PUT", "/api/v1/recordings/sync/summaries/current", map[string]string{"id": before[0].ID})
	alice.MustOK("GET", "/api/v1/summarizations/by-recording/sync", nil, &shown)
	if vs := versions(t, alice, "sync"); !vs[0].Current || vs[0].ID != before[0].ID || strings.Contains(shown.Data.V2Summary, "## Agenda") {
		t.Fatalf("after picking the first: %+v, shows %q", vs, shown.Data.V2Summary)
	}
}

func TestVersions_RefuseUnknownTemplatesBadInputOthersAndSignedOut(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	bob := s.SignIn(t, "bob@example.com")
	alice.MustOK("POST", "/api/v1/recordings", fixture(t, "06-phone-call-landlord.json", "call"))
	for name, c := range map[string]struct {
		client       *servertest.Client
		method, path string
		body         any
		status       int
	}{
		"unknown template":    {alice, "POST", "/api/v1/recordings/call/summaries", map[string]string{"templateId": "tpl_nope"}, 404},
		"bad language":        {alice, "POST", "/api/v1/recordings/call/summaries", map[string]string{"templateId": "call", "language": "not a language"}, 400},
		"unknown recording":   {alice, "POST", "/api/v1/recordings/nope/summaries", map[string]string{"templateId": "call"}, 404},
		"another's recording": {bob, "POST", "/api/v1/recordings/call/summaries", map[string]string{"templateId": "call"}, 404},
		"another's list":      {bob, "GET", "/api/v1/recordings/call/summaries", nil, 404},
		"current without id":  {alice, "PUT", "/api/v1/recordings/call/summaries/current", map[string]string{}, 400},
		"current unknown":     {alice, "PUT", "/api/v1/recordings/call/summaries/current", map[string]string{"id": "sum_nope"}, 404},
		"cancel unknown":      {alice, "DELETE", "/api/v1/recordings/call/summaries/sum_nope", nil, 404},
		"signed out":          {s.NewClient(t), "GET", "/api/v1/recordings/call/summaries", nil, 401},
	} {
		if r := c.client.Do(c.method, c.path, c.body); r.Status != c.status {
			t.Errorf("%s: %d %s, want %d", name, r.Status, r.Body, c.status)
		}
	}
	written := versions(t, alice, "call")[0].ID
	if r := alice.Do("DELETE", "/api/v1/recordings/call/summaries/"+written, nil); r.Status != http.StatusConflict {
		t.Errorf("cancelling a written version: %d %s", r.Status, r.Body)
	}
}
