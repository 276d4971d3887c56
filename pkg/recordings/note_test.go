package recordings

import (
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

func TestPatchWith_ANotePastItsBytesIsTooLarge(t *testing.T) {
	if _, err := (Patch{}).With("note", strings.Repeat("ü", MaxNoteBytes/2)); err != nil {
		t.Fatalf("a note at the limit: %v", err)
	}
	_, err := Patch{}.With("note", strings.Repeat("ü", MaxNoteBytes/2)+"!")
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.TooLarge || e.Code != "NOTE_TOO_LARGE" {
		t.Fatalf("a note past the limit: %v", err)
	}
}

func TestShareable_DropsPrivateMembersOnly(t *testing.T) {
	got := string(Shareable([]byte(`{"id":"r1","title":"T","note":"mine","description":"D"}`)))
	if got != `{"id":"r1","title":"T","description":"D"}` {
		t.Fatalf("shareable %s", got)
	}
	same := []byte(`{"id":"r1","title":"T"}`)
	if string(Shareable(same)) != string(same) {
		t.Fatalf("a recording without a note changed")
	}
}
