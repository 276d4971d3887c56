package recordings

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// FuzzImport feeds the device-upload reader any bytes. Whatever it accepts
// must be stored as given (the members the spec leaves loose come back equal)
// and be readable by every view: detail, list item and search.
func FuzzImport(f *testing.F) {
	seeds, _ := filepath.Glob("../../fixtures/*.json")
	for _, p := range seeds[:min(len(seeds), 6)] {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{`{}`, `{"recording":null}`, `{"recording":{"id":""},"speakers":"{\"A\":1}"}`,
		`{"id":7,"recording":{"title":["x"],"recordingAt":"yesterday"},"transcription":"[{]"}`, `[]`, `"x"`, `{`} {
		f.Add([]byte(s))
	}
	svc, _, _ := newService(f)
	f.Fuzz(func(t *testing.T, raw []byte) {
		res, err := svc.Import(ctx, "fuzz", raw)
		if err != nil {
			if !apperr.Is(err, apperr.Invalid) {
				t.Fatalf("import failed with %v, want a 400-kind refusal", err)
			}
			return
		}
		d, err := svc.Detail(ctx, "fuzz", res.ID)
		if apperr.Is(err, apperr.NotFound) {
			return // an id the owner deleted before, or an older copy of one stored
		}
		if err != nil {
			t.Fatalf("detail of an accepted import: %v", err)
		}
		given := map[string]json.RawMessage{}
		_ = json.Unmarshal(raw, &given)
		if res.Created {
			for name, got := range map[string]json.RawMessage{"speakers": d.Speakers, "summarizations": d.Summarizations, "transcription": d.Transcription, "metadata": d.Metadata} {
				if want, ok := given[name]; ok && !sameJSON(want, got) {
					t.Fatalf("%s stored as %s, given %s", name, got, want)
				}
			}
		}
		if _, err := svc.Item(ctx, "fuzz", res.ID); err != nil {
			t.Fatalf("list item of an accepted import: %v", err)
		}
		if _, err := svc.Search(ctx, "fuzz", SearchQuery{Q: "a"}); err != nil {
			t.Fatalf("search after an accepted import: %v", err)
		}
	})
}

// sameJSON compares two JSON values by meaning (null and absent alike).
func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	errA, errB := json.Unmarshal(a, &x), json.Unmarshal(b, &y)
	return errA == nil && errB == nil && reflect.DeepEqual(x, y) || errA != nil && errB != nil
}
