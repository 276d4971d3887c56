// Package loose is the one place on the server that reads the specification's
// loose shapes: values that may be a JSON string holding JSON or the object
// itself, camelCase or snake_case keys, several fallbacks for one field. Every
// function is pure and total: malformed input yields an empty result, never a
// panic and never an error, because a recording with one odd field must still
// list, index and render.
package loose

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// maxDepth bounds recursion through nested loose values; real data is shallow
// and a hostile upload must not exhaust the stack.
const maxDepth = 8

// Member is one key of a JSON object with its value exactly as written.
type Member struct {
	Key   string
	Value json.RawMessage
}

// Object is a JSON object that keeps its members in document order, so that
// "the first summarization" means the first one written, and values that are
// passed through stay byte-for-byte as given.
type Object []Member

// ParseObject decodes raw as an object. It reports false for anything else.
//
// The document is validated once by Valid (which accepts exactly what
// json.Unmarshal accepts) and its members are then split by
// gjson without a second decode: each value is a slice of raw, not a copy.
// Splitting with encoding/json's token decoder scanned every value twice
// and was a third of an import's CPU (docs/benchmarks.md).
func ParseObject(raw json.RawMessage) (Object, bool) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '{' || !Valid(t) {
		return nil, false
	}
	return objectOf(t)
}

// memberKey is a quoted key as encoding/json decodes it (keyInPlace), safe
// to keep: a plain key is copied out of the document it shares bytes with.
func memberKey(quoted string) string {
	key, shared := keyInPlace(quoted)
	if shared {
		return strings.Clone(key)
	}
	return key
}

// keyInPlace is a quoted key as encoding/json decodes it: escapes resolved,
// invalid UTF-8 replaced. A plain key (nearly all) needs no decoding and is
// the text between the quotes, sharing quoted's bytes (the document's, under
// parseInPlace): shared says so, for callers that keep it.
func keyInPlace(quoted string) (key string, shared bool) {
	inner := quoted[1 : len(quoted)-1]
	if strings.IndexByte(inner, '\\') < 0 && utf8.ValidString(inner) {
		return inner, true
	}
	_ = json.Unmarshal([]byte(quoted), &key) // validated before it was split: cannot fail
	return key, false
}

// rawOf is value's bytes within doc (gjson reports where a value starts),
// or a copy of them.
func rawOf(doc []byte, value gjson.Result) json.RawMessage {
	if end := value.Index + len(value.Raw); value.Index > 0 && end <= len(doc) {
		return doc[value.Index:end:end]
	}
	return json.RawMessage(value.Raw)
}

// Get returns the value of key, or nil. With duplicate keys the last wins, as
// in encoding/json.
func (o Object) Get(key string) json.RawMessage {
	for i := len(o) - 1; i >= 0; i-- {
		if o[i].Key == key {
			return o[i].Value
		}
	}
	return nil
}

// First returns the value of the first of keys that is present and not null.
func (o Object) First(keys ...string) json.RawMessage {
	for _, k := range keys {
		if v := o.Get(k); !IsNull(v) {
			return v
		}
	}
	return nil
}

// Set replaces key's value in place, or appends it, and returns the object.
func (o Object) Set(key string, value json.RawMessage) Object {
	found := false
	out := o[:0:0]
	for _, m := range o {
		if m.Key == key {
			if found {
				continue // drop duplicates so the new value is the only one
			}
			m.Value, found = value, true
		}
		out = append(out, m)
	}
	if !found {
		out = append(out, Member{Key: key, Value: value})
	}
	return out
}

// Delete removes key.
func (o Object) Delete(key string) Object {
	out := o[:0:0]
	for _, m := range o {
		if m.Key != key {
			out = append(out, m)
		}
	}
	return out
}

// MarshalJSON writes the members in order with their values untouched.
func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.Key)
		b.Write(k)
		b.WriteByte(':')
		if len(bytes.TrimSpace(m.Value)) == 0 {
			b.WriteString("null")
		} else {
			b.Write(m.Value)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// IsNull reports whether raw is absent or JSON null.
func IsNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null"
}

// Unwrap returns the JSON held in a JSON string ("{\"segments\":…}"), the
// spec's "a JSON string or an object"; any other value is returned as is.
func Unwrap(raw json.RawMessage) json.RawMessage {
	cur := raw
	for i := 0; i < 3 && mayHoldJSON(cur); i++ { // doubly encoded strings occur in exported data
		s, ok := String(cur)
		if !ok {
			break
		}
		t := strings.TrimSpace(s)
		if t == "" || !Valid([]byte(t)) {
			break
		}
		switch t[0] {
		case '{', '[':
			return json.RawMessage(t)
		case '"':
			cur = json.RawMessage(t)
			continue
		}
		break
	}
	return raw
}

// mayHoldJSON is false for what cannot be a JSON string holding an object,
// an array or a string: anything but a string, and a string whose first
// character is plain ASCII other than a space, `{` or `[` (its text trimmed
// starts with that character). Unwrap skips decoding those, such as every
// markdown summary, which it otherwise decoded only to find it was not JSON.
func mayHoldJSON(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	if len(t) < 2 || t[0] != '"' {
		return false
	}
	switch b := t[1]; b {
	case '\\', '{', '[', ' ', '\t', '\n', '\v', '\f', '\r':
		return true
	default:
		return b >= utf8.RuneSelf
	}
}

// String decodes raw as a JSON string.
func String(raw json.RawMessage) (string, bool) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '"' {
		return "", false
	}
	if s, ok := plainString(t); ok {
		return s, true
	}
	return escapedString(t)
}

// escapedString decodes a quoted string that plainString left, as
// encoding/json does. A valid string of valid UTF-8 has escapes (the only
// thing plainString refuses in one), and gjson decodes them as encoding/json
// does in half the time (summaries' markdown is such a string, and each was
// decoded several times per read: 5 % of an import's CPU, docs/benchmarks.md).
// Invalid UTF-8, which encoding/json replaces and gjson keeps, goes to
// encoding/json itself. FuzzStringAgreesWithEncodingJSON holds the two paths
// to encoding/json's answers.
func escapedString(t []byte) (string, bool) {
	if utf8.Valid(t) && Valid(t) {
		return parseInPlace(t).Str, true // an escape makes gjson build a new string: nothing shares t
	}
	var s string
	if json.Unmarshal(t, &s) != nil {
		return "", false
	}
	return s, true
}

// plainString reads a quoted string that needs no decoding: no escape, no
// control character, no quote before the last byte, valid UTF-8. Its text is
// what encoding/json would return; anything else is left to encoding/json.
// Transcripts are almost all such strings, and decoding each with
// json.Unmarshal was a tenth of an import's CPU (docs/benchmarks.md).
func plainString(t []byte) (string, bool) {
	if len(t) < 2 || t[len(t)-1] != '"' {
		return "", false
	}
	body := t[1 : len(t)-1]
	for _, c := range body {
		if c == '\\' || c == '"' || c < 0x20 {
			return "", false
		}
	}
	if !utf8.Valid(body) {
		return "", false
	}
	return string(body), true
}

// Text is String for values that may also be numbers or booleans (speaker
// labels written as 0, 1, …).
func Text(raw json.RawMessage) string {
	if s, ok := String(raw); ok {
		return s
	}
	t := bytes.TrimSpace(raw)
	if len(t) > 0 && (t[0] == '-' || (t[0] >= '0' && t[0] <= '9')) && Valid(t) {
		return string(t)
	}
	return ""
}

// Number decodes raw as a finite number, accepting numeric strings ("12.5").
func Number(raw json.RawMessage) (float64, bool) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return 0, false
	}
	s := string(t)
	if t[0] == '"' {
		var ok bool
		if s, ok = String(t); !ok {
			return 0, false
		}
		s = strings.TrimSpace(s)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != f || f > 1e300 || f < -1e300 { // f != f: NaN
		return 0, false
	}
	return f, true
}

// Flag reads a loose boolean as the app's flag() does (normalize/loose.ts):
// true, 1, or the string "true" in any case, spaces around it ignored.
func Flag(raw json.RawMessage) bool {
	switch strings.TrimSpace(string(raw)) {
	case "true", "1":
		return true
	}
	s, ok := String(raw)
	return ok && strings.EqualFold(strings.TrimSpace(s), "true")
}

// Array decodes raw as a JSON array of raw values.
func Array(raw json.RawMessage) ([]json.RawMessage, bool) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '[' || !Valid(t) {
		return nil, false
	}
	return arrayOf(t)
}
