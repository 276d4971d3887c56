package share_test

import (
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/tests/servertest"
)

// The owner's note is theirs alone: a share link's answer, and the shared
// page the server paints, show the recording without it.
func TestShare_TheOwnersNoteNeverReachesAVisitor(t *testing.T) {
	s := servertest.Start(t, nil)
	owner := s.SignIn(t, "owner@example.com")
	owner.MustOK("POST", "/api/v1/recordings", sample)
	owner.MustOK("PUT", "/api/v1/recordings/r1/note", map[string]any{"markdown": "Private: salary is Quokkaberry"})
	if r := owner.MustOK("GET", "/api/v1/recordings/r1", nil); !strings.Contains(string(r.Body), "Quokkaberry") {
		t.Fatalf("the owner's detail lacks the note: %s", r.Body)
	}
	var l link
	owner.MustOK("POST", "/api/v1/recordings/r1/share", nil, &l)

	visitor := s.NewClient(t)
	r := visitor.MustOK("GET", "/api/v1/share/shared/recording?token="+l.Token, nil)
	if strings.Contains(string(r.Body), "Quokkaberry") || strings.Contains(string(r.Body), `"note"`) {
		t.Fatalf("the shared view carries the note: %s", r.Body)
	}
	if !strings.Contains(string(r.Body), "Quarterly plan") {
		t.Fatalf("the shared view lost the recording: %s", r.Body)
	}
	page := visitor.Do("GET", "/shared/recording?token="+l.Token, nil)
	if strings.Contains(string(page.Body), "Quokkaberry") {
		t.Fatalf("the shared page carries the note")
	}
}
