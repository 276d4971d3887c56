package recordings

import (
	"net/http"
	"strings"
	"testing"
)

func TestFolderEdits_RenameAndDeleteOverREST(t *testing.T) {
	e := newEnv(t)
	a := e.want(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"name":"Work"}`)), http.StatusCreated)
	id := dataMap(a)["id"].(string)
	e.want(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"name":"Home"}`)), http.StatusCreated)

	a = e.want(e.do("PUT", "/api/v1/folders/"+id, "alice-token", []byte(`{"name":"Office"}`)), http.StatusOK)
	if dataMap(a)["name"] != "Office" || dataMap(a)["id"] != id {
		t.Fatalf("rename answered %s", a.raw)
	}
	e.want(e.do("PUT", "/api/v1/folders/"+id, "alice-token", []byte(`{"name":"home"}`)), http.StatusConflict)
	e.want(e.do("PUT", "/api/v1/folders/"+id, "alice-token", []byte(`{"name":""}`)), http.StatusBadRequest)
	// Another user's folder does not exist for them.
	e.want(e.do("PUT", "/api/v1/folders/"+id, "bob-token", []byte(`{"name":"Mine"}`)), http.StatusNotFound)
	e.want(e.do("DELETE", "/api/v1/folders/"+id, "bob-token", nil), http.StatusNotFound)

	e.want(e.do("DELETE", "/api/v1/folders/"+id, "alice-token", nil), http.StatusOK)
	e.want(e.do("DELETE", "/api/v1/folders/"+id, "alice-token", nil), http.StatusNotFound)
	a = e.want(e.do("GET", "/api/v1/folders", "alice-token", nil), http.StatusOK)
	if l := dataList(a); len(l) != 1 {
		t.Fatalf("folders after delete %s", a.raw)
	}
}

func TestSpeakerRename_OverREST(t *testing.T) {
	e := newEnv(t)
	id := e.upload("alice-token", fixture(t, "01-weekly-product-sync.json"))
	e.want(e.do("PUT", "/api/v1/recordings/"+id+"/speakers", "alice-token", []byte(`{"speaker":"SPEAKER_00","name":"Priya R."}`)), http.StatusOK)
	a := e.want(e.do("GET", "/api/v1/recordings/"+id, "alice-token", nil), http.StatusOK)
	if !strings.Contains(string(a.raw), "Priya R.") {
		t.Fatalf("detail after a rename %s", a.raw)
	}
	e.want(e.do("PUT", "/api/v1/recordings/"+id+"/speakers", "alice-token", []byte(`{"speaker":"SPEAKER_42","name":"Nobody"}`)), http.StatusNotFound)
	e.want(e.do("PUT", "/api/v1/recordings/"+id+"/speakers", "alice-token", []byte(`{"speaker":"","name":"Nobody"}`)), http.StatusBadRequest)
	e.want(e.do("PUT", "/api/v1/recordings/"+id+"/speakers", "bob-token", []byte(`{"speaker":"SPEAKER_00","name":"Mine"}`)), http.StatusNotFound)
}

func TestFolderCreate_WithTheDevicesIDKeepsIt(t *testing.T) {
	e := newEnv(t)
	body := []byte(`{"id":"dev-folder-1","name":"Trips"}`)
	a := e.want(e.do("POST", "/api/v1/folders", "alice-token", body), http.StatusCreated)
	if dataMap(a)["id"] != "dev-folder-1" || dataMap(a)["name"] != "Trips" {
		t.Fatalf("create with an id answered %s", a.raw)
	}
	// A device that never heard the answer sends it again: the same folder, not a second one.
	e.want(e.do("POST", "/api/v1/folders", "alice-token", body), http.StatusCreated)
	// Another device's create of a name already there gets the folder the user has.
	a = e.want(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"id":"dev-folder-2","name":"trips"}`)), http.StatusCreated)
	if dataMap(a)["id"] != "dev-folder-1" {
		t.Fatalf("a taken name answered %s", a.raw)
	}
	e.want(e.do("POST", "/api/v1/folders", "alice-token", []byte(`{"id":"a/b","name":"Bad"}`)), http.StatusBadRequest)
	// Another user's id space is their own.
	e.want(e.do("POST", "/api/v1/folders", "bob-token", body), http.StatusCreated)
	a = e.want(e.do("GET", "/api/v1/folders", "alice-token", nil), http.StatusOK)
	if l := dataList(a); len(l) != 1 {
		t.Fatalf("alice's folders %s", a.raw)
	}
}
