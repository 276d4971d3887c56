package push_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/push"
)

func TestPayloadFor_FirstLineOfTheSummaryShape(t *testing.T) {
	cases := map[string]struct{ summary, body string }{
		"markdown":          {"## Decisions\n\n- Ship in **May**", "Ship in May"},
		"only headings":     {"# Plan\n## Later", "Plan"},
		"leading blank":     {"\n\n   \nShip it", "Ship it"},
		"long line":         {strings.Repeat("word ", 100), strings.Repeat("word ", 40)[:199] + "…"},
		"no summary at all": {"", ""},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			p := push.PayloadFor(detail("r1", "Weekly", c.summary))
			if p.Body != c.body || p.Title != "Weekly" || p.Type != "summary.ready" || p.RecordingID != "r1" {
				t.Fatalf("payload = %+v, want body %q", p, c.body)
			}
		})
	}
}

// Text that JSON escapes to six bytes a character is cut further, body
// first, so the notice still fits and the id stays whole.
func TestPayload_EncodeFitsWhateverTheText(t *testing.T) {
	id := strings.Repeat("\x01", 200)
	b := push.PayloadFor(detail(id, strings.Repeat("\x02", 500), strings.Repeat("\x03", 500))).Encode()
	if len(b) > push.MaxPayloadBytes {
		t.Fatalf("payload is %d bytes", len(b))
	}
	var p push.Payload
	if err := json.Unmarshal(b, &p); err != nil || p.RecordingID != id || p.Title == "" {
		t.Fatalf("payload %+v: %v", p, err)
	}
	if len(b) < push.MaxPayloadBytes/2 {
		t.Fatalf("cut too much: %d bytes", len(b))
	}
}
