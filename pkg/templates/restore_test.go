package templates_test

import (
	"context"
	"testing"
	"time"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/templates"
)

func TestStore_RestoreKeepsIdAndTimesOnceWithinTheQuota(t *testing.T) {
	ctx := context.Background()
	s := newStore(t, 2)
	made := time.Date(2026, 5, 1, 9, 30, 0, 0, time.UTC)
	tpl := templates.Template{ID: "tpl_0000000000000001abcd", Name: " Standup ", CreatedAt: &made, UpdatedAt: &made,
		Sections: []templates.Section{{Heading: "Today", Instruction: "Plans"}}}
	if created, err := s.Restore(ctx, "alice", tpl); err != nil || !created {
		t.Fatalf("first restore: created %v, %v", created, err)
	}
	if created, err := s.Restore(ctx, "alice", tpl); err != nil || created {
		t.Fatalf("second restore: created %v, %v; want a no-op", created, err)
	}
	got, err := s.Get(ctx, "alice", tpl.ID)
	if err != nil || got.Name != "Standup" || !got.CreatedAt.Equal(made) || !got.UpdatedAt.Equal(made) || len(got.Sections) != 1 {
		t.Fatalf("restored %+v (%v)", got, err)
	}
	if list, _ := s.List(ctx, "alice"); len(list) != 7 {
		t.Fatalf("alice lists %d templates, want the 6 built-ins and one restored", len(list))
	}
	if _, err := s.Create(ctx, "alice", draft(t, "Retro", "Went well")); err != nil {
		t.Fatal(err)
	}
	third := tpl
	third.ID = "tpl_0000000000000002abcd"
	if _, err := s.Restore(ctx, "alice", third); !apperr.Is(err, apperr.TooLarge) {
		t.Fatalf("a restore past the quota: %v, want QUOTA_TEMPLATES", err)
	}
	for _, bad := range []string{"meeting", "nope", "tpl_a/b", ""} {
		b := tpl
		b.ID = bad
		if _, err := s.Restore(ctx, "bob", b); err == nil {
			t.Fatalf("restore of id %q was taken", bad)
		}
	}
	empty := tpl
	empty.ID, empty.Sections = "tpl_0000000000000003abcd", nil
	if _, err := s.Restore(ctx, "bob", empty); !apperr.Is(err, apperr.Invalid) {
		t.Fatalf("a template without sections: %v", err)
	}
}
