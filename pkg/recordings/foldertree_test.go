package recordings

import (
	"slices"
	"testing"
)

func TestParentsFirst_PutsEachFolderAfterItsParent(t *testing.T) {
	p := func(s string) *string { return &s }
	in := []Folder{
		{ID: "c", ParentID: p("b")}, // a grandchild listed first (by name)
		{ID: "a"},
		{ID: "b", ParentID: p("a")},
		{ID: "orphan", ParentID: p("gone")},
		{ID: "x", ParentID: p("y")}, {ID: "y", ParentID: p("x")}, // a cycle
	}
	var got []string
	for _, f := range ParentsFirst(in) {
		got = append(got, f.ID)
	}
	if want := []string{"a", "b", "c", "orphan", "x", "y"}; !slices.Equal(got, want) {
		t.Fatalf("order %v, want %v", got, want)
	}
}
