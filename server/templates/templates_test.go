package templates_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/pocket-companion/pocket/tests/servertest"
)

type template struct {
	ID       string
	Name     string
	Builtin  bool
	Sections []struct{ Heading, Instruction string }
}

// data decodes the API envelope's data into out and answers its code.
func data(t *testing.T, r servertest.Response, out any) string {
	t.Helper()
	var e struct {
		Code string
		Data json.RawMessage
	}
	r.JSON(t, &e)
	if out != nil {
		if err := json.Unmarshal(e.Data, out); err != nil {
			t.Fatalf("data %s: %v", r.Body, err)
		}
	}
	return e.Code
}

var standup = map[string]any{"name": "Standup", "sections": []map[string]string{
	{"heading": "Yesterday", "instruction": "What each person did."},
	{"heading": "Blockers", "instruction": "What is in the way."},
}}

func TestTemplates_CreateListReplaceDelete(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	r := alice.Do("POST", "/api/v1/templates", standup)
	var made template
	if data(t, r, &made); r.Status != http.StatusCreated || made.ID == "" || made.Builtin || len(made.Sections) != 2 {
		t.Fatalf("create = %d %s", r.Status, r.Body)
	}
	var list []template
	data(t, alice.MustOK("GET", "/api/v1/templates", nil), &list)
	want := []string{"General", "Meeting", "Lecture", "Interview", "One-on-one", "Call", "Standup"}
	if len(list) != len(want) {
		t.Fatalf("list %+v", list)
	}
	for i, name := range want {
		if list[i].Name != name || list[i].Builtin != (i < 6) || len(list[i].Sections) == 0 {
			t.Fatalf("list[%d] = %+v", i, list[i])
		}
	}
	var replaced template
	data(t, alice.MustOK("PUT", "/api/v1/templates/"+made.ID, map[string]any{"name": "Daily", "sections": []map[string]string{{"heading": "Done"}}}), &replaced)
	if replaced.Name != "Daily" || len(replaced.Sections) != 1 || replaced.Sections[0].Heading != "Done" {
		t.Fatalf("replaced %+v", replaced)
	}
	alice.MustOK("DELETE", "/api/v1/templates/"+made.ID, nil)
	if r := alice.Do("DELETE", "/api/v1/templates/"+made.ID, nil); r.Status != http.StatusNotFound {
		t.Fatalf("second delete = %d", r.Status)
	}
}

func TestTemplates_RefuseBadInputBuiltinsOthersAndSignedOut(t *testing.T) {
	s := servertest.StartEnv(t, map[string]string{"POCKET_QUOTA_TEMPLATES": "1"}, nil)
	alice := s.SignIn(t, "alice@example.com")
	bob := s.SignIn(t, "bob@example.com")
	for name, body := range map[string]any{
		"no name":     map[string]any{"sections": []map[string]string{{"heading": "A"}}},
		"no sections": map[string]any{"name": "T", "sections": []any{}},
		"not JSON":    []byte("{"),
	} {
		if r := alice.Do("POST", "/api/v1/templates", body); r.Status != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, r.Status, r.Body)
		}
	}
	if r := alice.Do("PUT", "/api/v1/templates/meeting", standup); r.Status != http.StatusForbidden || data(t, r, nil) != "BUILTIN_TEMPLATE" {
		t.Errorf("editing a built-in = %d %s", r.Status, r.Body)
	}
	if r := alice.Do("DELETE", "/api/v1/templates/general", nil); r.Status != http.StatusForbidden {
		t.Errorf("deleting a built-in = %d", r.Status)
	}
	var made template
	data(t, alice.MustOK("POST", "/api/v1/templates", standup), &made)
	if r := alice.Do("POST", "/api/v1/templates", standup); r.Status != http.StatusRequestEntityTooLarge || data(t, r, nil) != "QUOTA_TEMPLATES" {
		t.Errorf("beyond the quota = %d %s", r.Status, r.Body)
	}
	if r := bob.Do("PUT", "/api/v1/templates/"+made.ID, standup); r.Status != http.StatusNotFound {
		t.Errorf("bob edits alice's = %d", r.Status)
	}
	if r := bob.Do("DELETE", "/api/v1/templates/"+made.ID, nil); r.Status != http.StatusNotFound {
		t.Errorf("bob deletes alice's = %d", r.Status)
	}
	if r := s.NewClient(t).Do("GET", "/api/v1/templates", nil); r.Status != http.StatusUnauthorized {
		t.Errorf("signed out = %d", r.Status)
	}
}

// TestTemplates_CreateKeepsTheCallersIDAndAnswersARepeatWithTheFirst: a
// device's (or a relay's) id is kept; the same id posted again answers the
// template made the first time, unchanged, so a resend makes nothing new.
func TestTemplates_CreateKeepsTheCallersIDAndAnswersARepeatWithTheFirst(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	const id = "tpl_0000000000000001abcdef01"
	body := map[string]any{"id": id, "name": "Standup", "sections": []map[string]string{{"heading": "Yesterday"}}}
	var first, again template
	if r := alice.Do("POST", "/api/v1/templates", body); r.Status != http.StatusCreated || data(t, r, &first) != "" || first.ID != id {
		t.Fatalf("create with an id = %d %s", r.Status, r.Body)
	}
	body["name"] = "Renamed in the resend"
	if r := alice.Do("POST", "/api/v1/templates", body); r.Status != http.StatusCreated || data(t, r, &again) != "" || again.ID != id || again.Name != "Standup" {
		t.Fatalf("the same id again = %d %s, want the first template unchanged", r.Status, r.Body)
	}
	var list []template
	data(t, alice.MustOK("GET", "/api/v1/templates", nil), &list)
	if n := len(list) - 6; n != 1 || list[6].ID != id {
		t.Fatalf("alice has %d templates of her own, want 1: %+v", n, list)
	}
	for give, code := range map[string]string{"folder_1": "INVALID_ID", "tpl_a/b": "INVALID_ID", "meeting": "BUILTIN_TEMPLATE"} {
		body["id"] = give
		if r := alice.Do("POST", "/api/v1/templates", body); r.Status/100 != 4 || data(t, r, nil) != code {
			t.Errorf("id %q = %d %s, want %s", give, r.Status, r.Body, code)
		}
	}
}
