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
