package export_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/tests/servertest"
)

func upload(t *testing.T, c *servertest.Client, obj map[string]any) {
	t.Helper()
	c.MustOK("POST", "/api/v1/recordings", obj)
}

// TestExport_EachFormatIsADownloadNamedAfterTheTitle: every format answers
// its content type and an attachment named after the title; the content is
// the recording's.
func TestExport_EachFormatIsADownloadNamedAfterTheTitle(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	upload(t, alice, map[string]any{
		"recording":      map[string]any{"id": "r1", "title": "Café: plans/ideas", "recordingAt": "2026-11-17T09:30:00Z"},
		"speakers":       map[string]any{"SPEAKER_00": map[string]any{"speakerProfile": map[string]any{"name": "Ana"}}},
		"summarizations": map[string]any{"s1": map[string]any{"v2Summary": "## Plan\nOpen in **May**."}},
		"transcription":  map[string]any{"segments": []any{map[string]any{"speaker": "SPEAKER_00", "text": "We open in May.", "start_time": 61.5, "end_time": 64}}},
	})
	for format, want := range map[string]struct{ contentType, body string }{
		"md":   {"text/markdown; charset=utf-8", "**1:01** **Ana:** We open in May."},
		"txt":  {"text/plain; charset=utf-8", "[1:01] Ana: We open in May."},
		"srt":  {"application/x-subrip; charset=utf-8", "1\n00:01:01,500 --> 00:01:04,000\nAna: We open in May."},
		"vtt":  {"text/vtt; charset=utf-8", "WEBVTT - Café: plans/ideas\n\n1\n00:01:01.500 --> 00:01:04.000"},
		"json": {"application/json; charset=utf-8", `"id": "r1"`},
	} {
		r := alice.MustOK("GET", "/api/v1/recordings/r1/export?format="+format, nil)
		if got := r.Header.Get("Content-Type"); got != want.contentType {
			t.Errorf("%s: Content-Type %q", format, got)
		}
		wantCD := `attachment; filename="Caf_ plans ideas.` + format + `"; filename*=UTF-8''Caf%C3%A9%20plans%20ideas.` + format
		if got := r.Header.Get("Content-Disposition"); got != wantCD {
			t.Errorf("%s: Content-Disposition %q, want %q", format, got, wantCD)
		}
		if !strings.Contains(string(r.Body), want.body) {
			t.Errorf("%s: body lacks %q:\n%s", format, want.body, r.Body)
		}
	}
}

func TestExport_Refusals(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	upload(t, alice, map[string]any{"recording": map[string]any{"id": "r1", "title": ""}})

	r := alice.Do("GET", "/api/v1/recordings/r1/export?format=pdf", nil)
	var e struct {
		Success bool
		Message string
		Code    string
	}
	r.JSON(t, &e)
	if r.Status != http.StatusBadRequest || e.Success || e.Code != "UNKNOWN_EXPORT_FORMAT" || !strings.Contains(e.Message, "md, txt, srt, vtt or json") {
		t.Fatalf("unknown format: %d %s", r.Status, r.Body)
	}
	if r := alice.Do("GET", "/api/v1/recordings/r1/export", nil); r.Status != http.StatusBadRequest {
		t.Fatalf("no format: %d %s", r.Status, r.Body)
	}
	if r := alice.Do("GET", "/api/v1/recordings/nope/export?format=md", nil); r.Status != http.StatusNotFound {
		t.Fatalf("missing recording: %d %s", r.Status, r.Body)
	}
	if r := s.NewClient(t).Do("GET", "/api/v1/recordings/r1/export?format=md", nil); r.Status != http.StatusUnauthorized {
		t.Fatalf("signed out: %d %s", r.Status, r.Body)
	}
	// An empty title still makes a file name.
	md := alice.MustOK("GET", "/api/v1/recordings/r1/export?format=md", nil)
	if cd := md.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="Untitled Recording.md"`) {
		t.Fatalf("empty title: %q", cd)
	}
}

// TestBackup_OneImportObjectPerRecordingOfTheCaller: the zip holds each of
// the caller's live recordings once, as import JSON, after the library of
// the caller's folders (parents first) and own templates, and nothing of
// others.
func TestBackup_OneImportObjectPerRecordingOfTheCaller(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	bob := s.SignIn(t, "bob@example.com")
	for _, id := range []string{"a1", "a2", "a3"} {
		upload(t, alice, map[string]any{"recording": map[string]any{"id": id, "title": "Alice " + id}})
	}
	upload(t, bob, map[string]any{"recording": map[string]any{"id": "b1", "title": "Bob's"}})
	alice.MustOK("DELETE", "/api/v1/recordings/a3", nil)
	var tpl, top struct{ Data struct{ ID string } }
	alice.MustOK("POST", "/api/v1/templates", map[string]any{"name": "Mine", "sections": []map[string]string{{"heading": "Points"}}}, &tpl)
	alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Z top", "templateId": tpl.Data.ID}, &top)
	alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "A child", "parent_id": top.Data.ID})
	bob.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Bob's folder"})
	bob.MustOK("POST", "/api/v1/templates", map[string]any{"name": "Bob's", "sections": []map[string]string{{"heading": "Points"}}})

	r := alice.MustOK("GET", "/api/v1/export/backup", nil)
	if r.Header.Get("Content-Type") != "application/zip" || !strings.HasPrefix(r.Header.Get("Content-Disposition"), `attachment; filename="pocket-backup-`) {
		t.Fatalf("headers: %v", r.Header)
	}
	zr, err := zip.NewReader(bytes.NewReader(r.Body), int64(len(r.Body)))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) == 0 || zr.File[0].Name != "library.json" {
		t.Fatalf("the backup does not start with library.json")
	}
	wantLibrary(t, zr.File[0], top.Data.ID, tpl.Data.ID)
	var ids []string
	for _, f := range zr.File[1:] {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		rc.Close()
		var obj struct{ Recording struct{ ID, Title string } }
		if err := json.Unmarshal(b, &obj); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		ids = append(ids, obj.Recording.ID)
	}
	if strings.Join(ids, ",") != "a1,a2" {
		t.Fatalf("backup holds %v, want alice's live recordings a1,a2", ids)
	}
}

// wantLibrary: the library lists alice's folders, the parent before its
// child (though it sorts after it by name), the parent naming her template,
// and her own template alone (no built-in, nothing of bob's).
func wantLibrary(t *testing.T, f *zip.File, topID, tplID string) {
	t.Helper()
	rc, _ := f.Open()
	b, _ := io.ReadAll(rc)
	rc.Close()
	var lib struct {
		Folders []struct {
			ID, Name   string
			ParentID   *string `json:"parent_id"`
			TemplateID *string `json:"templateId"`
		}
		Templates []struct{ ID, Name string }
	}
	if err := json.Unmarshal(b, &lib); err != nil {
		t.Fatal(err)
	}
	if len(lib.Folders) != 2 || lib.Folders[0].ID != topID || lib.Folders[0].TemplateID == nil || *lib.Folders[0].TemplateID != tplID ||
		lib.Folders[1].Name != "A child" || lib.Folders[1].ParentID == nil || *lib.Folders[1].ParentID != topID {
		t.Fatalf("library folders: %s", b)
	}
	if len(lib.Templates) != 1 || lib.Templates[0].ID != tplID || lib.Templates[0].Name != "Mine" {
		t.Fatalf("library templates: %s", b)
	}
}
