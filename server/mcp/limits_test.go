package mcp

import (
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

func TestInFlight_BoundsEachUserApart(t *testing.T) {
	f := newInFlight(2)
	a1, err1 := f.enter("alice")
	_, err2 := f.enter("alice")
	if err1 != nil || err2 != nil {
		t.Fatalf("first two: %v %v", err1, err2)
	}
	if _, err := f.enter("alice"); !apperr.Is(err, apperr.TooMany) {
		t.Fatalf("third in flight: %v, want TooMany", err)
	}
	if _, err := f.enter("bob"); err != nil {
		t.Fatalf("another user is bounded apart: %v", err)
	}
	a1()
	if _, err := f.enter("alice"); err != nil {
		t.Fatalf("after one ended: %v", err)
	}
}
