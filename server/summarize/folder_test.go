package summarize_test

import (
	"regexp"
	"slices"
	"testing"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/tests/servertest"
)

var headingLine = regexp.MustCompile(`(?m)^## (.+)$`)

// summaryOf waits for id's summary and answers its headings and the
// template it names.
func summaryOf(t *testing.T, c *servertest.Client, id string) (headings []string, templateID string) {
	t.Helper()
	waitForSummary(t, c, id)
	var d detail
	c.MustOK("GET", "/api/v1/recordings/"+id+"?include=all", nil, &d)
	_, sum, _ := loose.FirstSummarization(d.Data.Summarizations)
	md, _ := loose.String(loose.Summary(sum))
	for _, m := range headingLine.FindAllStringSubmatch(md, -1) {
		headings = append(headings, m[1])
	}
	obj, _ := loose.ParseObject(sum)
	return headings, loose.Text(obj.Get("templateId"))
}

// The done-when: a user makes a template, names it on a folder,
// uploads a recording into that folder, and its summary has one "## "
// heading per section of the template, in order. A recording uploaded
// elsewhere keeps the default summary.
func TestSummarize_UploadIntoAFolderUsesItsTemplate(t *testing.T) {
	s := servertest.Start(t, nil)
	alice := s.SignIn(t, "alice@example.com")
	sections := []string{"Gift ideas", "Budget", "Next steps"}
	body := map[string]any{"name": "Planning", "sections": []map[string]string{
		{"heading": sections[0], "instruction": "Each idea and who suggested it."},
		{"heading": sections[1], "instruction": "Amounts mentioned."},
		{"heading": sections[2], "instruction": "Who does what next."},
	}}
	var tpl struct{ Data struct{ ID string } }
	alice.MustOK("POST", "/api/v1/templates", body, &tpl)
	var folder struct{ Data struct{ ID string } }
	alice.MustOK("POST", "/api/v1/folders", map[string]any{"name": "Family", "templateId": tpl.Data.ID}, &folder)

	filed := birthdayNote(t, "filed", false)
	filed["recording"].(map[string]any)["folderId"] = folder.Data.ID
	alice.MustOK("POST", "/api/v1/recordings", filed)
	alice.MustOK("POST", "/api/v1/recordings", birthdayNote(t, "loose", false))

	headings, templateID := summaryOf(t, alice, "filed")
	if !slices.Equal(headings, sections) || templateID != tpl.Data.ID {
		t.Fatalf("summary in the folder: headings %q, template %q; want %q from %s", headings, templateID, sections, tpl.Data.ID)
	}
	headings, templateID = summaryOf(t, alice, "loose")
	if !slices.Contains(headings, "Key points") || templateID != "" {
		t.Fatalf("summary outside the folder: headings %q, template %q; want the default", headings, templateID)
	}
}
