package recordings

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	recs "github.com/pocket-companion/pocket/pkg/recordings"
)

// detailNote is the detail's recording.note ("" when it has none).
func (e *env) detailNote(token, id string) string {
	e.t.Helper()
	a := e.want(e.do("GET", "/api/v1/recordings/"+id, token, nil), http.StatusOK)
	rec, _ := dataMap(a)["recording"].(map[string]any)
	note, _ := rec["note"].(string)
	return note
}

func noteBody(markdown string) []byte {
	b, _ := json.Marshal(map[string]string{"markdown": markdown})
	return b
}

func TestNote_SetShownInTheDetailAndCleared(t *testing.T) {
	e := newEnv(t)
	id := e.upload("alice-token", fixture(t, "01-weekly-product-sync.json"))
	md := "# Follow up\n\n- ask **Priya** about the *budget*"
	a := e.want(e.do("PUT", "/api/v1/recordings/"+id+"/note", "alice-token", noteBody(md)), http.StatusOK)
	if d := dataMap(a); d["recordingId"] != id || d["note"] != md {
		t.Fatalf("answer %s", a.raw)
	}
	if got := e.detailNote("alice-token", id); got != md {
		t.Fatalf("detail note %q", got)
	}
	e.want(e.do("PUT", "/api/v1/recordings/"+id+"/note", "alice-token", noteBody("")), http.StatusOK)
	if got := e.detailNote("alice-token", id); got != "" {
		t.Fatalf("cleared note reads %q", got)
	}
}

func TestNote_OnlyTheOwnerWritesIt(t *testing.T) {
	e := newEnv(t)
	id := e.upload("alice-token", fixture(t, "01-weekly-product-sync.json"))
	e.want(e.do("PUT", "/api/v1/recordings/"+id+"/note", "alice-token", noteBody("mine")), http.StatusOK)
	// Another user's recording does not exist for them, and stays as it was.
	a := e.want(e.do("PUT", "/api/v1/recordings/"+id+"/note", "bob-token", noteBody("theirs")), http.StatusNotFound)
	if a.body["code"] != "NOT_FOUND" {
		t.Fatalf("bob's write %s", a.raw)
	}
	e.want(e.do("PUT", "/api/v1/recordings/nope/note", "alice-token", noteBody("x")), http.StatusNotFound)
	e.want(e.do("PUT", "/api/v1/recordings/"+id+"/note", "", noteBody("x")), http.StatusUnauthorized)
	if got := e.detailNote("alice-token", id); got != "mine" {
		t.Fatalf("note after refused writes %q", got)
	}
}

func TestNote_BadBodiesAndTheLimit(t *testing.T) {
	e := newEnv(t)
	id := e.upload("alice-token", fixture(t, "01-weekly-product-sync.json"))
	atLimit := strings.Repeat("é", recs.MaxNoteBytes/2) // two bytes each: exactly the limit
	e.want(e.do("PUT", "/api/v1/recordings/"+id+"/note", "alice-token", noteBody(atLimit)), http.StatusOK)
	tests := []struct {
		name   string
		body   []byte
		status int
		code   string
	}{
		{"no markdown", []byte(`{"note":"x"}`), http.StatusBadRequest, "INVALID_ARGUMENT"},
		{"markdown not a string", []byte(`{"markdown":5}`), http.StatusBadRequest, "INVALID_ARGUMENT"},
		{"not JSON", []byte(`markdown`), http.StatusBadRequest, "INVALID_ARGUMENT"},
		{"one byte past the limit", noteBody(atLimit + "x"), http.StatusRequestEntityTooLarge, "NOTE_TOO_LARGE"},
		{"a body past the route's bound", noteBody(strings.Repeat("x", 8*recs.MaxNoteBytes)), http.StatusRequestEntityTooLarge, "BODY_TOO_LARGE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := e.want(e.do("PUT", "/api/v1/recordings/"+id+"/note", "alice-token", tt.body), tt.status)
			if a.body["code"] != tt.code {
				t.Fatalf("code %v: %s", a.body["code"], a.raw)
			}
		})
	}
	if got := e.detailNote("alice-token", id); got != atLimit {
		t.Fatalf("a refused write changed the note (%d bytes)", len(got))
	}
}

func TestNote_SearchFindsAWordOnlyInTheNote(t *testing.T) {
	e := newEnv(t)
	id := e.upload("alice-token", fixture(t, "01-weekly-product-sync.json"))
	a := e.want(e.do("GET", "/api/v1/recordings/search?q=zanzibar", "alice-token", nil), http.StatusOK)
	if strings.Contains(string(a.raw), id) {
		t.Fatalf("found before the note: %s", a.raw)
	}
	e.want(e.do("PUT", "/api/v1/recordings/"+id+"/note", "alice-token", noteBody("Offsite in Zanzibar next spring")), http.StatusOK)
	a = e.want(e.do("GET", "/api/v1/recordings/search?q=zanzibar", "alice-token", nil), http.StatusOK)
	if !strings.Contains(string(a.raw), id) {
		t.Fatalf("search after the note: %s", a.raw)
	}
	// Another user's search never sees it.
	a = e.want(e.do("GET", "/api/v1/recordings/search?q=zanzibar", "bob-token", nil), http.StatusOK)
	if strings.Contains(string(a.raw), id) {
		t.Fatalf("bob's search: %s", a.raw)
	}
}
