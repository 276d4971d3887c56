package firstpaint

import (
	"bytes"
	"strings"
	"testing"
)

func TestSummaryBlocksKeepFencedCode(t *testing.T) {
	got := SummaryBlocks("Intro\n## A\ntext\n```\n## not a heading\n```\n  ## B\n\n## \n")
	want := []string{"Intro", "## A\ntext\n```\n## not a heading\n```", "## B", "##"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q", got)
	}
}

func TestHeadingsStartAtLevelTwo(t *testing.T) {
	var b bytes.Buffer
	renderMarkdown(&b, "# Top\n\n## Sub\n\n###### Deep")
	out := b.String()
	if !strings.Contains(out, "<h2>Top</h2>") || !strings.Contains(out, "<h3>Sub</h3>") || !strings.Contains(out, "<h6>Deep</h6>") {
		t.Fatalf("headings not shifted under the title:\n%s", out)
	}
}
