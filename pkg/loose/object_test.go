package loose

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestParseObject_KeepsDocumentOrderAndBytes(t *testing.T) {
	obj, ok := ParseObject(json.RawMessage(`{"z": 1, "a": {"k" :  "v"}, "m": "s"}`))
	if !ok {
		t.Fatal("not parsed")
	}
	keys := []string{}
	for _, m := range obj {
		keys = append(keys, m.Key)
	}
	if got := keys; len(got) != 3 || got[0] != "z" || got[1] != "a" || got[2] != "m" {
		t.Fatalf("order = %v", got)
	}
	if got := string(obj.Get("a")); got != `{"k" :  "v"}` {
		t.Fatalf("value bytes changed: %s", got)
	}
}

func TestParseObject_RejectsNonObjects(t *testing.T) {
	for _, in := range []string{``, `null`, `[]`, `"x"`, `{`, `{"a":1} {"b":2}`, `{"a":}`, `12`} {
		t.Run(in, func(t *testing.T) {
			if _, ok := ParseObject(json.RawMessage(in)); ok {
				t.Fatalf("accepted %q", in)
			}
		})
	}
}

func TestObjectSet_ReplacesInPlaceAndKeepsOthers(t *testing.T) {
	obj, _ := ParseObject(json.RawMessage(`{"title":"a","extra":{"x" : [1, 2]},"title":"dup"}`))
	obj = obj.Set("title", json.RawMessage(`"b"`)).Set("new", json.RawMessage(`true`))
	b, _ := json.Marshal(obj)
	if want := `{"title":"b","extra":{"x":[1,2]},"new":true}`; string(b) != want {
		t.Fatalf("got %s want %s", b, want)
	}
	raw, _ := obj.MarshalJSON()
	if want := `{"title":"b","extra":{"x" : [1, 2]},"new":true}`; string(raw) != want {
		t.Fatalf("MarshalJSON changed bytes: %s", raw)
	}
	if got := obj.Delete("new").Get("new"); got != nil {
		t.Fatalf("delete left %s", got)
	}
}

func TestUnwrap(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"object stays", `{"a":1}`, `{"a":1}`},
		{"json string holding object", `"{\"a\":1}"`, `{"a":1}`},
		{"json string holding array", `" [1,2] "`, `[1,2]`},
		{"doubly encoded", `"\"{\\\"a\\\":1}\""`, `{"a":1}`},
		{"plain string stays", `"hello"`, `"hello"`},
		{"broken json in string stays", `"{not json"`, `"{not json"`},
		{"number stays", `3`, `3`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(Unwrap(json.RawMessage(tt.in))); got != tt.want {
				t.Fatalf("got %s want %s", got, tt.want)
			}
		})
	}
}

func TestNumberAndText(t *testing.T) {
	tests := []struct {
		in     string
		num    float64
		numOK  bool
		asText string
	}{
		{`12.5`, 12.5, true, "12.5"},
		{`"7"`, 7, true, "7"},
		{`" 8 "`, 8, true, " 8 "},
		{`"NaN"`, 0, false, "NaN"},
		{`"abc"`, 0, false, "abc"},
		{`true`, 0, false, ""},
		{`null`, 0, false, ""},
		{`{}`, 0, false, ""},
		{`-3`, -3, true, "-3"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			n, ok := Number(json.RawMessage(tt.in))
			if ok != tt.numOK || n != tt.num {
				t.Fatalf("Number = %v,%v", n, ok)
			}
			if got := Text(json.RawMessage(tt.in)); got != tt.asText {
				t.Fatalf("Text = %q", got)
			}
		})
	}
}

// Every reader is total: any bytes at all give a result, never a panic.
func FuzzReadersNeverPanic(f *testing.F) {
	for _, s := range []string{`{"a":1}`, `"{\"summary\":\"x\"}"`, `[{"type":"p","items":[1]}]`, `{"v2":{"summary":{"sections":[{}]}}}`, `{"_seconds":1}`, `{`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		raw := json.RawMessage(data)
		agreesWithEncodingJSON(t, raw)
		if obj, ok := ParseObject(raw); ok {
			if out, err := obj.MarshalJSON(); err != nil || !json.Valid(out) {
				t.Fatalf("re-encoded %q as %q (%v)", data, out, err)
			}
		}
		_, first, _ := FirstSummarization(raw)
		_ = SummaryText(Summary(first))
		_ = HasContent(raw)
		_ = SummaryText(raw)
		_ = ActionItemsText(raw)
		_ = ActionItemsText(ActionItems(raw))
		_, _ = TimeValue(raw)
		_ = Unwrap(raw)
	})
}

// agreesWithEncodingJSON: ParseObject and Array accept exactly what
// encoding/json accepts and give the same members (keys decoded as it
// decodes them, values byte for byte) as splitting with its token decoder.
func agreesWithEncodingJSON(t *testing.T, raw json.RawMessage) {
	t.Helper()
	got, ok := ParseObject(raw)
	want, wantOK := decoderObject(raw)
	if ok != wantOK || !reflect.DeepEqual(got, want) {
		t.Fatalf("ParseObject(%q) = %q, %v; encoding/json: %q, %v", raw, got, ok, want, wantOK)
	}
	gotArr, ok := Array(raw)
	var wantArr []json.RawMessage
	t2 := bytes.TrimSpace(raw)
	wantOK = len(t2) > 0 && t2[0] == '[' && json.Unmarshal(t2, &wantArr) == nil
	if ok != wantOK || (ok && !reflect.DeepEqual(asStrings(gotArr), asStrings(wantArr))) {
		t.Fatalf("Array(%q) = %q, %v; encoding/json: %q, %v", raw, gotArr, ok, wantArr, wantOK)
	}
}

// decoderObject is an object's members as encoding/json's token decoder splits them.
func decoderObject(raw json.RawMessage) (Object, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' || !json.Valid(raw) {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	_, _ = dec.Token()
	obj := Object{}
	for dec.More() {
		tok, _ := dec.Token()
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, false
		}
		obj = append(obj, Member{Key: tok.(string), Value: v})
	}
	return obj, true
}

// asStrings: raw values compared by their bytes.
func asStrings(vs []json.RawMessage) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

func TestParseObject_AgreesWithEncodingJSON(t *testing.T) {
	for _, s := range []string{
		`{}`, ` {"a" : 1 , "b":[1,{"c":"}"}], "a":null} `, `{"k\u0065y":"v","\"q\"":true}`, "{\"\xff\":1}",
		`{"a":1}x`, `{"a":}`, `{"a":"\ud800"}`, `{"\ud800":1}`, `[1, "two", {"3":[]}, null]`, `[]`, `[1,]`, `"str"`, ``,
	} {
		agreesWithEncodingJSON(t, json.RawMessage(s))
	}
}

// The readers check their argument once and descend without checking again
// (objectOf, arrayOf): a document that is not JSON must still read as
// nothing, however much of it a tolerant splitter could make out.
func FuzzReadersIgnoreInvalidJSON(f *testing.F) {
	for _, s := range []string{
		`{"segments":[{"text":"a","start":1}]`, `[{"text":"a"}`, `{"text":"plain"`,
		`{"a":{"summary":"## A\n- b"}`, `{"summary":"x","actionItems":[{"title":"t"}]`,
		`[{"title":"t","subtasks":[{"title":"u"}]}]]`, `{"markdown":"x"} {`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if json.Valid(bytes.TrimSpace(data)) {
			return
		}
		raw := json.RawMessage(data)
		if segs := Segments(raw); segs != nil {
			t.Fatalf("Segments(%q) = %+v", data, segs)
		}
		if id, v, ok := FirstSummarization(raw); ok {
			t.Fatalf("FirstSummarization(%q) = %q, %q", data, id, v)
		}
		if v := Summary(raw); v != nil {
			t.Fatalf("Summary(%q) = %q", data, v)
		}
		if HasContent(raw) {
			t.Fatalf("HasContent(%q)", data)
		}
		if s := SummaryText(raw); s != "" {
			t.Fatalf("SummaryText(%q) = %q", data, s)
		}
		if v := ActionItems(raw); v != nil {
			t.Fatalf("ActionItems(%q) = %q", data, v)
		}
		if tasks := Tasks(raw); tasks != nil {
			t.Fatalf("Tasks(%q) = %+v", data, tasks)
		}
	})
}

// pickMembers reads the named members as Object.Get does, duplicates and
// escaped keys included, and firstPresent prefers as Object.First does.
func FuzzPickMembersAgreesWithObject(f *testing.F) {
	for _, s := range []string{
		`{"text":"a","text":"b","start":1}`, `{"te\u0078t":"escaped","end":null,"endTime":2}`,
		`{"speaker":null,"speaker_id":3}`, `[1]`, `{}`, `{"start":{"nested":[1,{"start":2}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		obj, ok := ParseObject(data)
		vals := make([]json.RawMessage, len(segmentKeys))
		if got := Valid(bytes.TrimSpace(data)) && pickMembers(data, segmentKeys[:], vals); got != ok {
			t.Fatalf("pickMembers(%q) = %v, ParseObject %v", data, got, ok)
		}
		if !ok {
			return
		}
		for i, k := range segmentKeys {
			if !bytes.Equal(vals[i], obj.Get(k)) {
				t.Fatalf("%s: picked %q, Get %q", k, vals[i], obj.Get(k))
			}
		}
		if got, want := firstPresent(vals[6:9]), obj.First(segmentKeys[6:9]...); !bytes.Equal(got, want) {
			t.Fatalf("firstPresent %q, First %q", got, want)
		}
	})
}

// mayHoldJSON only rules out what Unwrap would return unchanged: a string
// whose decoded, trimmed text is not JSON opening with {, [ or ".
func FuzzMayHoldJSONRulesOutOnlyPlainText(f *testing.F) {
	for _, s := range []string{`"# Title\n- a"`, `"{\"a\":1}"`, `" [1]"`, `"[1]"`, `"\u007b\"a\":1}"`, "\"\u00a0{}\"", `"\"x\""`, `"42"`, `{}`, `""`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if mayHoldJSON(data) {
			return
		}
		s, ok := String(data)
		text := strings.TrimSpace(s)
		if ok && text != "" && strings.ContainsRune("{[\"", rune(text[0])) && Valid([]byte(text)) {
			t.Fatalf("mayHoldJSON(%q) = false, but it holds %q", data, text)
		}
	})
}

func TestFlag_ReadsALooseBooleanAsTheAppDoes(t *testing.T) {
	for raw, want := range map[string]bool{`true`: true, `1`: true, `" TRUE "`: true, `"true"`: true, `false`: false, `0`: false, `"yes"`: false, `null`: false, ``: false, `2`: false} {
		if got := Flag(json.RawMessage(raw)); got != want {
			t.Errorf("Flag(%s) = %v, want %v", raw, got, want)
		}
	}
}
