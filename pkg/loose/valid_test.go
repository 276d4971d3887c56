package loose

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func FuzzValidAgreesWithEncodingJSON(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"a":[1,2,{"b":"\u00e9"}]}`, `[1e5,-0.5,true,null]`, `"x"`, "{\"a\":\"\xff\"}", `{"a" : 01}`, `{"a":1,}`,
		"{\"a\":\"\t\"}", `{"a":"\ud800"}`, ` {"a":1} `, `1.`, `-`, `[1]x`, `{"a":"\"[[["}`, "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if Valid(b) != json.Valid(b) {
			t.Fatalf("Valid(%q) = %v, encoding/json says %v", b, Valid(b), json.Valid(b))
		}
	})
}

func TestValid_KeepsEncodingJSONsNestingLimit(t *testing.T) {
	for _, depth := range []int{maxNesting - 1, maxNesting, maxNesting + 1} {
		docs := map[string]string{
			"arrays":  strings.Repeat("[", depth) + strings.Repeat("]", depth),
			"objects": strings.Repeat(`{"a":`, depth) + "1" + strings.Repeat("}", depth),
			// Brackets inside strings are text, not nesting.
			"in strings": `["` + strings.Repeat("[", 3*maxNesting) + `"]`,
		}
		for name, doc := range docs {
			if got, want := Valid([]byte(doc)), json.Valid([]byte(doc)); got != want {
				t.Errorf("%s nested %d deep: Valid = %v, encoding/json says %v", name, depth, got, want)
			}
		}
	}
}

func TestValid_RefusesAHostileDepthWithoutRecursing(t *testing.T) {
	// Five million levels: a recursive validator would need gigabytes of stack.
	doc := strings.Repeat("[", 5_000_000) + strings.Repeat("]", 5_000_000)
	if Valid([]byte(doc)) {
		t.Fatal("a document nested five million deep is not valid JSON to encoding/json")
	}
}

func FuzzStringAgreesWithEncodingJSON(f *testing.F) {
	for _, s := range []string{
		`"plain words"`, `"é ü"`, `"a\"b"`, `"\u00e9"`, "\"\xff\"", "\"tab\there\"", `"a" "b"`, `"a"x`,
		` "padded" `, `""`, `"`, `"unterminated`, `12`, `null`, `"x"y"`,
		`"\ud83d\ude00"`, `"\ud800"`, `"\ud800\u0041"`, `"\udc00\ud800"`, `"\ud800\ud800\udc00"`,
		`"a\/b\b\f\n\r\t\\"`, `"\u0000 \uFFFF \u12"`, `"\x41"`, "\"\\n\xff\"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, ok := String(b)
		var want string // String trims as it always has, then decodes as encoding/json does
		t0 := bytes.TrimSpace(b)
		wantOK := bytes.HasPrefix(t0, []byte(`"`)) && json.Unmarshal(t0, &want) == nil
		if ok != wantOK || got != want {
			t.Fatalf("String(%q) = %q, %v; encoding/json says %q, %v", b, got, ok, want, wantOK)
		}
	})
}
