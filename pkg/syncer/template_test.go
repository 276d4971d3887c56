package syncer

import (
	"testing"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/templates"
)

func sections(headings ...string) []*syncv1.TemplateSection {
	out := make([]*syncv1.TemplateSection, 0, len(headings))
	for _, h := range headings {
		out = append(out, &syncv1.TemplateSection{Heading: h, Instruction: "what " + h + " holds"})
	}
	return out
}

func createTemplate(k, id, name string, headings ...string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: k, Op: &syncv1.Mutation_CreateTemplate{
		CreateTemplate: &syncv1.CreateTemplate{Id: id, Name: name, Sections: sections(headings...)}}}
}

func updateTemplate(id, name string, headings ...string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_UpdateTemplate{
		UpdateTemplate: &syncv1.UpdateTemplate{Id: id, Name: name, Sections: sections(headings...)}}}
}

func deleteTemplate(id string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_DeleteTemplate{DeleteTemplate: &syncv1.DeleteTemplate{Id: id}}}
}

func ownTemplates(t *testing.T, e *env, uid string) []templates.Template {
	t.Helper()
	all, err := e.tpls.List(ctx, uid)
	if err != nil {
		t.Fatal(err)
	}
	var own []templates.Template
	for _, tp := range all {
		if !tp.Builtin {
			own = append(own, tp)
		}
	}
	return own
}

// A template made offline is kept once however often the device sends it
// (the same key, or the same id under a new key after the device lost its
// outbox's answer), and another device pulls it with its sections in order.
func TestPush_TemplateMadeOfflineIsKeptOnceAndPulled(t *testing.T) {
	e := newEnv(t)
	_, cursor := e.pullAll("u1", "", 0)
	k := key()
	m := createTemplate(k, "tpl_device1", "  Retro  ", "Went well", "To change")
	res := e.push("u1", m)
	wantApplied(t, res[0])
	if cur := res[0].GetCurrent().GetTemplate(); cur.GetName() != "Retro" || len(cur.GetSections()) != 2 {
		t.Fatalf("answer's current = %v, want the template as kept", res[0].GetCurrent())
	}
	if again := e.push("u1", m); !again[0].Replayed {
		t.Fatalf("a resend was applied again: %v", again[0])
	}
	wantApplied(t, e.push("u1", createTemplate(key(), "tpl_device1", "Retro", "Other"))[0])
	own := ownTemplates(t, e, "u1")
	if len(own) != 1 || own[0].ID != "tpl_device1" || own[0].Sections[1].Heading != "To change" {
		t.Fatalf("kept %v, want the one template as first sent", own)
	}
	changes, _ := e.pullAll("u1", cursor, 0)
	if len(changes) != 1 {
		t.Fatalf("pulled %v, want one change", changes)
	}
	got := changes[0].GetTemplate()
	if got.GetId() != "tpl_device1" || got.GetSections()[0].GetHeading() != "Went well" ||
		got.GetSections()[0].GetInstruction() != "what Went well holds" || got.GetCreatedAtMs() == 0 || got.GetVersion() != changes[0].GetSeq() {
		t.Fatalf("pulled %v, want the template with its sections", got)
	}
	if mine, _ := e.pullAll("u2", "", 0); len(mine) != 0 {
		t.Fatalf("another user pulled %v", mine)
	}
}

// The REST API's writes reach devices too, and a delete arrives as a
// tombstone of kind TEMPLATE, with the folders naming it naming none.
func TestTemplates_RESTWritesAndDeletesArriveAsChanges(t *testing.T) {
	e := newEnv(t)
	d, _ := templates.Parse("Standup", []templates.Section{{Heading: "Yesterday"}})
	made, err := e.tpls.Create(ctx, "u1", d)
	if err != nil {
		t.Fatal(err)
	}
	fid := key()
	wantApplied(t, e.push("u1", &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: fid, Name: "Daily"}}})[0])
	wantApplied(t, e.push("u1", setTemplate(fid, made.ID))[0])
	changes, cursor := e.pullAll("u1", "", 0)
	if len(changes) != 2 || changes[0].GetTemplate().GetName() != "Standup" {
		t.Fatalf("pulled %v, want the REST-made template and the folder", changes)
	}
	wantApplied(t, e.push("u1", updateTemplate(made.ID, "Daily standup", "Yesterday", "Today"))[0])
	changes, cursor = e.pullAll("u1", cursor, 0)
	if len(changes) != 1 || changes[0].GetTemplate().GetName() != "Daily standup" || len(changes[0].GetTemplate().GetSections()) != 2 {
		t.Fatalf("pulled %v, want the replaced template", changes)
	}
	res := e.push("u1", deleteTemplate(made.ID))
	wantApplied(t, res[0])
	if tomb := res[0].GetCurrent().GetTombstone(); tomb.GetKind() != syncv1.EntityKind_ENTITY_KIND_TEMPLATE {
		t.Fatalf("answer's current = %v, want the template's tombstone", res[0].GetCurrent())
	}
	changes, _ = e.pullAll("u1", cursor, 0)
	var tomb *syncv1.Tombstone
	folderCleared := false
	for _, c := range changes {
		if tb := c.GetTombstone(); tb != nil {
			tomb = tb
		}
		if f := c.GetFolder(); f != nil && f.GetId() == fid && f.GetTemplateId() == "" {
			folderCleared = true
		}
	}
	if tomb.GetKind() != syncv1.EntityKind_ENTITY_KIND_TEMPLATE || tomb.GetId() != made.ID || !folderCleared {
		t.Fatalf("pulled %v, want the template's tombstone and its folder naming none", changes)
	}
	wantRejected(t, e.push("u1", deleteTemplate(made.ID))[0], "NOT_FOUND")
}

// Sync refuses what the REST API refuses, with its codes.
func TestPush_TemplateRefusals(t *testing.T) {
	e := newEnv(t)
	d, _ := templates.Parse("Theirs", []templates.Section{{Heading: "A"}})
	theirs, err := e.tpls.Create(ctx, "u2", d)
	if err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		m    *syncv1.Mutation
		code string
	}{
		"no name":            {createTemplate(key(), "tpl_a", " ", "A"), "INVALID_ARGUMENT"},
		"no sections":        {createTemplate(key(), "tpl_b", "Named"), "INVALID_ARGUMENT"},
		"an empty heading":   {createTemplate(key(), "tpl_c", "Named", " "), "INVALID_ARGUMENT"},
		"no id":              {createTemplate(key(), "", "Named", "A"), "INVALID_ID"},
		"an id with a slash": {createTemplate(key(), "tpl_x/y", "Named", "A"), "INVALID_ID"},
		"a built-in's id":    {createTemplate(key(), "meeting", "Named", "A"), "BUILTIN_TEMPLATE"},
		"edit a built-in":    {updateTemplate("meeting", "Mine", "A"), "BUILTIN_TEMPLATE"},
		"delete a built-in":  {deleteTemplate("meeting"), "BUILTIN_TEMPLATE"},
		"edit another's":     {updateTemplate(theirs.ID, "Mine", "A"), "NOT_FOUND"},
		"edit with no name":  {updateTemplate(theirs.ID, "", "A"), "INVALID_ARGUMENT"},
	} {
		t.Run(name, func(t *testing.T) { wantRejected(t, e.push("u1", tc.m)[0], tc.code) })
	}
	if own := ownTemplates(t, e, "u1"); len(own) != 0 {
		t.Fatalf("refused edits kept %v", own)
	}
	for _, id := range []string{"tpl_1", "tpl_2", "tpl_3"} {
		wantApplied(t, e.push("u1", createTemplate(key(), id, "T", "A"))[0])
	}
	wantRejected(t, e.push("u1", createTemplate(key(), "tpl_4", "T", "A"))[0], "QUOTA_TEMPLATES")
}

// Templates kept before they synced are logged once at start, so a device
// pulls them too.
func TestTemplates_BackfillLogsTemplatesMadeBeforeSync(t *testing.T) {
	e := newEnv(t)
	d, _ := templates.Parse("Old", []templates.Section{{Heading: "A"}})
	if _, err := e.tpls.Restore(ctx, "u1", templates.Template{ID: "tpl_old", Name: d.Name, Sections: d.Sections}); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Update(func(x *storeTxn) error { return dropPrefixes(x, "clog", "clast", "chead") }); err != nil {
		t.Fatal(err)
	}
	n, err := e.tpls.BackfillChangeLog()
	if err != nil || n != 1 {
		t.Fatalf("backfill logged %d (%v), want 1", n, err)
	}
	if n, _ := e.tpls.BackfillChangeLog(); n != 0 {
		t.Fatalf("a second backfill logged %d", n)
	}
	changes, _ := e.pullAll("u1", "", 0)
	if len(changes) != 1 || changes[0].GetTemplate().GetId() != "tpl_old" {
		t.Fatalf("pulled %v, want the old template", changes)
	}
}
