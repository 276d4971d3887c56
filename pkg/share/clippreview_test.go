package share

import (
	"strings"
	"testing"
)

// A clip's head markup escapes what the owner wrote (it goes into the page
// before any script), cuts a long passage at a word, and names nothing
// without a view.
func TestClipHead_EscapesAndBoundsWhatItQuotes(t *testing.T) {
	head := string(ClipHead(&ClipView{RecordingTitle: `Plan "<script>alert(1)</script>`, Text: strings.Repeat("word ", 100)}))
	if strings.Contains(head, "<script>") || !strings.Contains(head, `<title>Plan &#34;&lt;script&gt;alert(1)&lt;/script&gt;</title>`) ||
		!strings.Contains(head, `<meta property="og:title" content="Plan &#34;&lt;script&gt;`) {
		t.Fatalf("head %s", head)
	}
	desc := head[strings.Index(head, `og:description" content="`)+len(`og:description" content="`):]
	desc = desc[:strings.IndexByte(desc, '"')]
	if n := len([]rune(desc)); n > previewExcerpt || !strings.HasSuffix(desc, "word…") {
		t.Fatalf("description of %d characters: %q", n, desc)
	}
	if !strings.Contains(head, `<meta name="robots" content="noindex, nofollow">`) {
		t.Fatalf("no noindex in %s", head)
	}
	none := string(ClipHead(nil))
	if !strings.Contains(none, "<title>A clip shared from Pocket</title>") || !strings.Contains(none, "noindex") {
		t.Fatalf("head without a view %s", none)
	}
}
