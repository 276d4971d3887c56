package templates_test

import (
	"net/http"
	"testing"

	"github.com/pocket-companion/pocket/tests/servertest"
)

type folder struct {
	ID         string
	Name       string
	TemplateID *string
}

func folderNamed(t *testing.T, c *servertest.Client, id string) folder {
	t.Helper()
	var list []folder
	data(t, c.MustOK("GET", "/api/v1/folders", nil), &list)
	for _, f := range list {
		if f.ID == id {
			return f
		}
	}
	t.Fatalf("folder %s is not listed: %+v", id, list)
	return folder{}
}

func templateOf(f folder) string {
	if f.TemplateID == nil {
		return "<none>"
	}
	return *f.TemplateID
}

// A folder names a template on create and on edit; a rename keeps it, null
// names none, and the list shows what was set.
func TestFolders_NameATemplateOnCreateAndEdit(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	var own template
	data(t, alice.MustOK("POST", "/api/v1/templates", standup), &own)

	r := alice.Do("POST", "/api/v1/folders", map[string]any{"name": "Standups", "templateId": own.ID})
	var made folder
	if data(t, r, &made); r.Status != http.StatusCreated || templateOf(made) != own.ID {
		t.Fatalf("create with a template = %d %s", r.Status, r.Body)
	}
	if got := templateOf(folderNamed(t, alice, made.ID)); got != own.ID {
		t.Fatalf("listed template = %s", got)
	}
	var edited folder
	data(t, alice.MustOK("PUT", "/api/v1/folders/"+made.ID, map[string]any{"name": "Dailies"}), &edited)
	if edited.Name != "Dailies" || templateOf(edited) != own.ID {
		t.Fatalf("a rename changed the template: %+v", edited)
	}
	data(t, alice.MustOK("PUT", "/api/v1/folders/"+made.ID, map[string]any{"templateId": "meeting"}), &edited)
	if edited.Name != "Dailies" || templateOf(edited) != "meeting" {
		t.Fatalf("after setting meeting: %+v", edited)
	}
	data(t, alice.MustOK("PUT", "/api/v1/folders/"+made.ID, map[string]any{"templateId": nil}), &edited)
	if got := templateOf(folderNamed(t, alice, made.ID)); got != "<none>" {
		t.Fatalf("after null the folder names %s", got)
	}
	var plain folder
	data(t, alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Plain"}), &plain)
	if plain.TemplateID != nil {
		t.Fatalf("a folder made without a template names %s", *plain.TemplateID)
	}
}

// Unknown and other users' templates are refused with UNKNOWN_TEMPLATE and
// change nothing (no folder is made, a rename sent with one is not kept);
// other users' folders are not found; signed out is 401.
func TestFolders_RefuseUnknownTemplatesOthersFoldersAndSignedOut(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	bob := s.SignIn(t, "bob@example.com")
	var bobs template
	data(t, bob.MustOK("POST", "/api/v1/templates", standup), &bobs)

	for _, id := range []string{"no-such-template", bobs.ID} {
		r := alice.Do("POST", "/api/v1/folders", map[string]any{"name": "Work", "templateId": id})
		if r.Status != http.StatusBadRequest || data(t, r, nil) != "UNKNOWN_TEMPLATE" {
			t.Fatalf("create naming %s = %d %s", id, r.Status, r.Body)
		}
	}
	var list []folder
	if data(t, alice.MustOK("GET", "/api/v1/folders", nil), &list); len(list) != 0 {
		t.Fatalf("a refused create left folders: %+v", list)
	}
	var f folder
	data(t, alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Work"}), &f)
	r := alice.Do("PUT", "/api/v1/folders/"+f.ID, map[string]any{"name": "Office", "templateId": bobs.ID})
	if r.Status != http.StatusBadRequest || data(t, r, nil) != "UNKNOWN_TEMPLATE" {
		t.Fatalf("edit naming bob's template = %d %s", r.Status, r.Body)
	}
	if got := folderNamed(t, alice, f.ID); got.Name != "Work" || got.TemplateID != nil {
		t.Fatalf("a refused edit changed the folder: %+v", got)
	}
	if r := alice.Do("PUT", "/api/v1/folders/"+f.ID, map[string]any{"templateId": 7}); r.Status != http.StatusBadRequest {
		t.Fatalf("a number as templateId = %d %s", r.Status, r.Body)
	}
	if r := alice.Do("PUT", "/api/v1/folders/"+f.ID, map[string]any{}); r.Status != http.StatusBadRequest {
		t.Fatalf("nothing to update = %d %s", r.Status, r.Body)
	}
	if r := bob.Do("PUT", "/api/v1/folders/"+f.ID, map[string]any{"templateId": "meeting"}); r.Status != http.StatusNotFound {
		t.Fatalf("bob sets alice's folder's template = %d %s", r.Status, r.Body)
	}
	if r := s.NewClient(t).Do("PUT", "/api/v1/folders/"+f.ID, map[string]any{"templateId": "meeting"}); r.Status != http.StatusUnauthorized {
		t.Fatalf("signed out = %d", r.Status)
	}
}

// Deleting a template clears it from the folders naming it (ADR 21): they
// summarise with the default again, and other folders keep theirs.
func TestFolders_DeletingATemplateClearsItFromFolders(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	var own template
	data(t, alice.MustOK("POST", "/api/v1/templates", standup), &own)
	var a, b folder
	data(t, alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "A", "templateId": own.ID}), &a)
	data(t, alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "B", "templateId": "lecture"}), &b)
	alice.MustOK("DELETE", "/api/v1/templates/"+own.ID, nil)
	if got := folderNamed(t, alice, a.ID); got.TemplateID != nil {
		t.Fatalf("folder A still names the deleted template %s", *got.TemplateID)
	}
	if got := templateOf(folderNamed(t, alice, b.ID)); got != "lecture" {
		t.Fatalf("folder B names %s", got)
	}
}
