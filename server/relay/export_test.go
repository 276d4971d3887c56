package relay_test

import (
	"archive/zip"
	"bytes"
	"net/http"
	"strings"
	"testing"
)

// TestRelay_ExportsAreRelayedFreshAndOwnerOnly: a recording's export and the
// backup come from the upstream with their download headers, show an edit
// made a moment before (nothing cached per user), and another user gets 404
// and a backup without them.
func TestRelay_ExportsAreRelayedFreshAndOwnerOnly(t *testing.T) {
	p := startPair(t)
	alice := p.signIn(t, "alice@example.com")
	bob := p.signIn(t, "bob@example.com")
	importRecording(t, alice, "r1", "unicorn")
	importRecording(t, bob, "b1", "walrus")

	md := alice.MustOK("GET", "/api/v1/recordings/r1/export?format=md", nil)
	if !strings.Contains(string(md.Body), "# Plans unicorn") ||
		md.Header.Get("Content-Disposition") != `attachment; filename="Plans unicorn.md"; filename*=UTF-8''Plans%20unicorn.md` {
		t.Fatalf("export through the relay: %v %s", md.Header, md.Body)
	}
	alice.MustOK("PUT", "/api/v1/recordings/r1", map[string]any{"title": "Renamed"})
	if again := alice.MustOK("GET", "/api/v1/recordings/r1/export?format=md", nil); !strings.Contains(string(again.Body), "# Renamed") {
		t.Fatalf("the export after an edit is stale: %s", again.Body)
	}
	if r := bob.Do("GET", "/api/v1/recordings/r1/export?format=md", nil); r.Status != http.StatusNotFound {
		t.Fatalf("another user's export through the relay: %d %s", r.Status, r.Body)
	}

	backup := bob.MustOK("GET", "/api/v1/export/backup", nil)
	zr, err := zip.NewReader(bytes.NewReader(backup.Body), int64(len(backup.Body)))
	if err != nil || len(zr.File) != 2 || zr.File[0].Name != "library.json" {
		t.Fatalf("bob's backup through the relay: %v, %d entries, want his library and his recording", err, len(zr.File))
	}
	if backup.Header.Get("Content-Type") != "application/zip" || strings.Contains(string(backup.Body), "unicorn") {
		t.Fatalf("bob's backup: %v", backup.Header)
	}
}
