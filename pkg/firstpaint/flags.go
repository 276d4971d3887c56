package firstpaint

import (
	"bytes"
	"encoding/json"

	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// FlagsOf reads a recording's flag fields (recordings.Fields) from its
// recording object or list item, as the app reads them (only true is on):
// the ones on, nil for none.
func FlagsOf(recording json.RawMessage) map[string]bool {
	obj, _ := loose.ParseObject(recording)
	var flags map[string]bool
	for _, f := range recordings.Fields {
		if f.Kind == recordings.FlagField && string(obj.Get(f.Name)) == "true" {
			if flags == nil {
				flags = map[string]bool{}
			}
			flags[f.Name] = true
		}
	}
	return flags
}

// writeFlagToggles is FlagToggles' markup (pwa/src/features/recordings/
// flags): a toggle per flag field, pressed while it is on.
func writeFlagToggles(b *bytes.Buffer, class string, flags map[string]bool) {
	b.WriteString(`<span class="` + class + `">`)
	for _, f := range recordings.Fields {
		if f.Kind != recordings.FlagField {
			continue
		}
		on := flags[f.Name]
		pressed, label := "false", f.Toggle[0]
		if on {
			pressed, label = "true", f.Toggle[1]
		}
		b.WriteString(`<button type="button" class="icon-button flag-toggle" aria-pressed="` + pressed + `" aria-label="` + label + `">` + flagIcons[f.Name] + `</button>`)
	}
	b.WriteString(`</span>`)
}
