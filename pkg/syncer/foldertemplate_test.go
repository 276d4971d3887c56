package syncer

import (
	"testing"

	syncv1 "github.com/pocket-companion/pocket/pkg/gen/pocket/sync/v1"
	"github.com/pocket-companion/pocket/pkg/templates"
)

func setTemplate(id, templateID string) *syncv1.Mutation {
	return &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_SetFolderTemplate{
		SetFolderTemplate: &syncv1.SetFolderTemplate{Id: id, TemplateId: templateID}}}
}

// A folder's template set on one device reaches another through a pull, as
// a rename does; "" names none again.
func TestFolders_SetTemplateSyncsToOtherDevices(t *testing.T) {
	e := newEnv(t)
	fid := key()
	wantApplied(t, e.push("u1", &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: fid, Name: "Standups"}}})[0])
	_, cursor := e.pullAll("u1", "", 100)

	wantApplied(t, e.push("u1", setTemplate(fid, "meeting"))[0])
	changes, cursor := e.pullAll("u1", cursor, 100)
	if len(changes) != 1 || changes[0].GetFolder().GetTemplateId() != "meeting" || changes[0].GetFolder().GetName() != "Standups" {
		t.Fatalf("pull after setting the template = %v", changes)
	}
	wantApplied(t, e.push("u1", setTemplate(fid, ""))[0])
	changes, _ = e.pullAll("u1", cursor, 100)
	if len(changes) != 1 || changes[0].GetFolder().GetTemplateId() != "" {
		t.Fatalf("pull after clearing the template = %v", changes)
	}
}

// A template that is not the user's, or a folder that does not exist, is
// refused for good with a code the app can show.
func TestFolders_SetTemplateRefusesUnknownTemplatesAndFolders(t *testing.T) {
	e := newEnv(t)
	tpls := e.tpls
	d, err := templates.Parse("Mine", []templates.Section{{Heading: "Wins"}})
	if err != nil {
		t.Fatal(err)
	}
	bobs, err := tpls.Create(ctx, "u2", d)
	if err != nil {
		t.Fatal(err)
	}
	fid := key()
	wantApplied(t, e.push("u1", &syncv1.Mutation{IdempotencyKey: key(), Op: &syncv1.Mutation_CreateFolder{CreateFolder: &syncv1.CreateFolder{Id: fid, Name: "Work"}}})[0])
	wantRejected(t, e.push("u1", setTemplate(fid, "no-such-template"))[0], "UNKNOWN_TEMPLATE")
	wantRejected(t, e.push("u1", setTemplate(fid, bobs.ID))[0], "UNKNOWN_TEMPLATE")
	wantRejected(t, e.push("u1", setTemplate(key(), "meeting"))[0], "NOT_FOUND")

	own, err := tpls.Create(ctx, "u1", d)
	if err != nil {
		t.Fatal(err)
	}
	wantApplied(t, e.push("u1", setTemplate(fid, own.ID))[0])
}
