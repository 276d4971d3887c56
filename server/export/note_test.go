package export_test

import (
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/tests/servertest"
)

// The owner's note goes into every document they take away: a section of
// the Markdown and text exports, and the recording's note member in JSON
// (which imports back with it).
func TestExport_CarriesTheOwnersNote(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	upload(t, alice, map[string]any{"recording": map[string]any{"id": "r1", "title": "Plans"}})
	alice.MustOK("PUT", "/api/v1/recordings/r1/note", map[string]any{"markdown": "# Next\n\nBook the **venue**"})
	for format, want := range map[string]string{
		"md":   "## Notes\n\n## Next\n\nBook the **venue**",
		"txt":  "NOTES\n\nNext\nBook the venue",
		"json": `"note": "# Next\n\nBook the **venue**"`,
	} {
		r := alice.MustOK("GET", "/api/v1/recordings/r1/export?format="+format, nil)
		if !strings.Contains(string(r.Body), want) {
			t.Errorf("%s lacks %q:\n%s", format, want, r.Body)
		}
	}
}
