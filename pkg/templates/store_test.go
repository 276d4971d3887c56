package templates_test

import (
	"context"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/store"
	"github.com/pocket-companion/pocket/pkg/templates"
)

func newStore(t *testing.T, max int) *templates.Store {
	t.Helper()
	db, err := store.Open(store.Options{InMemory: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return templates.NewStore(db, max)
}

func draft(t *testing.T, name string, headings ...string) templates.Draft {
	t.Helper()
	var secs []templates.Section
	for _, h := range headings {
		secs = append(secs, templates.Section{Heading: h, Instruction: "What belongs in " + h})
	}
	d, err := templates.Parse(name, secs)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestStore_ListsBuiltinsThenTheUsersOwnAndKeepsUsersApart(t *testing.T) {
	ctx := context.Background()
	s := newStore(t, 0)
	a, err := s.Create(ctx, "alice", draft(t, "Standup", "Yesterday", "Today", "Blockers"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, "alice", draft(t, "Retro", "Went well")); err != nil {
		t.Fatal(err)
	}
	list, _ := s.List(ctx, "alice")
	names := []string{}
	for _, tpl := range list {
		names = append(names, tpl.Name)
	}
	want := []string{"General", "Meeting", "Lecture", "Interview", "One-on-one", "Call", "Standup", "Retro"}
	if len(names) != len(want) {
		t.Fatalf("names %v", names)
	}
	for i := range want {
		if names[i] != want[i] || list[i].Builtin != (i < 6) {
			t.Fatalf("names %v, builtin flags wrong at %d", names, i)
		}
	}
	if bob, _ := s.List(ctx, "bob"); len(bob) != 6 {
		t.Fatalf("bob sees %d templates", len(bob))
	}
	if _, err := s.Get(ctx, "bob", a.ID); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("bob reads alice's template: %v", err)
	}
	if _, err := s.Update(ctx, "bob", a.ID, draft(t, "Mine", "X")); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("bob edits alice's template: %v", err)
	}
}

func TestStore_UpdatesAndDeletesOwnTemplatesButNotBuiltins(t *testing.T) {
	ctx := context.Background()
	s := newStore(t, 0)
	a, _ := s.Create(ctx, "alice", draft(t, "Standup", "Today"))
	up, err := s.Update(ctx, "alice", a.ID, draft(t, "Daily", "Done", "Next"))
	if err != nil || up.Name != "Daily" || len(up.Sections) != 2 || !up.UpdatedAt.After(*a.CreatedAt) && !up.UpdatedAt.Equal(*a.CreatedAt) {
		t.Fatalf("update %+v %v", up, err)
	}
	if got, _ := s.Get(ctx, "alice", a.ID); got.Sections[1].Heading != "Next" {
		t.Fatalf("stored %+v", got)
	}
	if _, err := s.Update(ctx, "alice", "meeting", draft(t, "Mine", "X")); !apperr.Is(err, apperr.Forbidden) {
		t.Fatalf("editing a built-in: %v", err)
	}
	if err := s.Delete(ctx, "alice", "general"); !apperr.Is(err, apperr.Forbidden) {
		t.Fatalf("deleting a built-in: %v", err)
	}
	if err := s.Delete(ctx, "alice", a.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "alice", a.ID); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("second delete: %v", err)
	}
}

func TestStore_RefusesATemplateBeyondTheQuota(t *testing.T) {
	ctx := context.Background()
	s := newStore(t, 2)
	for i := 0; i < 2; i++ {
		if _, err := s.Create(ctx, "alice", draft(t, "T", "S")); err != nil {
			t.Fatal(err)
		}
	}
	_, err := s.Create(ctx, "alice", draft(t, "T", "S"))
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.TooLarge || e.Code != "QUOTA_TEMPLATES" {
		t.Fatalf("third template: %v", err)
	}
	if _, err := s.Create(ctx, "bob", draft(t, "T", "S")); err != nil {
		t.Fatalf("bob's quota is his own: %v", err)
	}
}

func TestParse_RefusesMissingAndOversizedParts(t *testing.T) {
	long := func(n int) string {
		b := make([]rune, n)
		for i := range b {
			b[i] = 'x'
		}
		return string(b)
	}
	ok := []templates.Section{{Heading: "A"}}
	for name, c := range map[string]struct {
		name string
		secs []templates.Section
	}{
		"no name":           {"  ", ok},
		"long name":         {long(templates.MaxName + 1), ok},
		"no sections":       {"T", nil},
		"too many sections": {"T", make([]templates.Section, templates.MaxSections+1)},
		"empty heading":     {"T", []templates.Section{{Heading: " ", Instruction: "x"}}},
		"long instruction":  {"T", []templates.Section{{Heading: "A", Instruction: long(templates.MaxInstruction + 1)}}},
	} {
		if _, err := templates.Parse(c.name, c.secs); !apperr.Is(err, apperr.Invalid) {
			t.Errorf("%s: %v", name, err)
		}
	}
	d, err := templates.Parse(" Standup ", []templates.Section{{Heading: "Road\nblocks ", Instruction: " x "}})
	if err != nil || d.Name != "Standup" || d.Sections[0].Heading != "Road blocks" || d.Sections[0].Instruction != "x" {
		t.Fatalf("%+v %v", d, err)
	}
}
