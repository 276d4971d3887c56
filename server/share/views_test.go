package share_test

import (
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/tests/servertest"
)

// Each public open of a link counts, and the owner's list shows the count
// and the last open; refused opens (no password yet) do not count.
func TestViews_EachOpenIsCountedAndListed(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	l := protectedLink(t, owner)
	listed := func() shareLink {
		t.Helper()
		var list struct{ Data []shareLink }
		owner.MustOK("GET", "/api/v1/recordings/r1/shares", nil, &list)
		return list.Data[0]
	}
	if got := listed(); got.Views != 0 || got.LastViewedAt != nil {
		t.Fatalf("a new link = %+v, want no views", got)
	}
	visitor := s.NewClient(t)
	visitor.Do("GET", "/api/v1/share/shared/recording?token="+l.Token, nil) // refused: no password
	unlock(visitor, l.Token, secret)
	for range 3 {
		visitor.MustOK("GET", "/api/v1/share/shared/recording?token="+l.Token, nil)
	}
	visitor.MustOK("GET", "/api/v1/share/"+l.Token+"/audio", nil) // playing is not another open
	got := listed()
	if got.Views != 3 || got.LastViewedAt == nil {
		t.Fatalf("after 3 opens the link lists %+v", got)
	}
}

// allowDownload is on by default; off, the audio still plays inline but a
// download is refused, and the shared view tells the page to offer none.
func TestDownload_SettingDecidesWhetherTheAudioIsAFile(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	owner.UploadWithAudio("r1", "Quarterly plan", servertest.FakeOgg)
	var l shareLink
	owner.MustOK("POST", "/api/v1/recordings/r1/share", nil, &l)
	if !l.AllowDownload {
		t.Fatalf("a recording's link does not allow downloads by default: %+v", l)
	}
	visitor := s.NewClient(t)
	audio := "/api/v1/share/" + l.Token + "/audio"
	viewAllows := func() bool {
		var v struct{ Data struct{ AllowDownload bool } }
		visitor.MustOK("GET", "/api/v1/share/shared/recording?token="+l.Token, nil, &v)
		return v.Data.AllowDownload
	}
	if r := visitor.MustOK("GET", audio, nil); r.Header.Get("Content-Disposition") != "inline" {
		t.Fatalf("playback disposition %q", r.Header.Get("Content-Disposition"))
	}
	if r := visitor.MustOK("GET", audio+"?download=1", nil); !strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("download disposition %q", r.Header.Get("Content-Disposition"))
	}
	if !viewAllows() {
		t.Fatal("the view says no download for a link that allows it")
	}

	var edited struct{ Data shareLink }
	owner.MustOK("PATCH", "/api/v1/share/"+l.ID, map[string]any{"allowDownload": false}, &edited)
	if edited.Data.AllowDownload || edited.Data.Protected {
		t.Fatalf("edited = %+v", edited.Data)
	}
	if r := visitor.MustOK("GET", audio, nil); r.Header.Get("Content-Disposition") != "inline" {
		t.Fatalf("playback without downloads: disposition %q", r.Header.Get("Content-Disposition"))
	}
	r := visitor.Do("GET", audio+"?download=1", nil)
	if r.Status != 403 || errorOf(t, r).Code != "DOWNLOAD_NOT_ALLOWED" {
		t.Fatalf("download without permission = %d %s", r.Status, r.Body)
	}
	if viewAllows() {
		t.Fatal("the view offers a download the link does not allow")
	}
	var off shareLink
	owner.MustOK("POST", "/api/v1/recordings/r1/share", map[string]any{"allowDownload": false}, &off)
	if off.AllowDownload {
		t.Fatalf("created with allowDownload false: %+v", off)
	}
}
