package loose

import (
	"bytes"
	"encoding/json"
	"unsafe"

	"github.com/tidwall/gjson"
)

// Reading values already known to be valid JSON. The exported readers check
// their argument once (checked, ParseObject, Array) and descend from there
// without checking again.

// objectOf is ParseObject for a value already known to be valid JSON: a
// member or element of a value read by ParseObject, Array, objectOf or
// arrayOf, or Unwrap's answer for one (Unwrap validates what it decodes).
// The readers below validate their argument once and then descend with
// objectOf and arrayOf: validating again at each level of a nested value
// read a transcript four times over (docs/benchmarks.md).
func objectOf(valid json.RawMessage) (Object, bool) {
	raw := bytes.TrimSpace(valid)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	obj := make(Object, 0, 8)
	parseInPlace(raw).ForEach(func(key, value gjson.Result) bool {
		obj = append(obj, Member{Key: memberKey(key.Raw), Value: rawOf(raw, value)})
		return true
	})
	return obj, true
}

// parseInPlace is gjson.ParseBytes without its copy of doc, which copied
// every value at every level read: a third of the bytes an import allocated
// (docs/benchmarks.md). gjson only reads the string; what is kept of it is
// copied out (memberKey) or sliced from doc itself (rawOf).
func parseInPlace(doc []byte) gjson.Result {
	return gjson.Parse(unsafe.String(unsafe.SliceData(doc), len(doc))) //nolint:gosec // G103: doc is only read while the result lives (see the comment above)
}

// pickMembers is objectOf for the members named keys only: vals[i] is the
// value of keys[i] as Object.Get gives it (the last of duplicates), nil when
// absent. It reports false when valid is not an object. Reading a transcript
// of thousands of segments this way builds no Object per segment (an
// import's most frequent read, docs/benchmarks.md).
func pickMembers(valid json.RawMessage, keys []string, vals []json.RawMessage) bool {
	raw := bytes.TrimSpace(valid)
	if len(raw) == 0 || raw[0] != '{' {
		return false
	}
	parseInPlace(raw).ForEach(func(key, value gjson.Result) bool {
		name, _ := keyInPlace(key.Raw) // only compared, never kept
		for i, k := range keys {
			if k == name {
				vals[i] = rawOf(raw, value)
			}
		}
		return true
	})
	return true
}

// firstPresent is the first of vals that is present and not null, as
// Object.First gives it.
func firstPresent(vals []json.RawMessage) json.RawMessage {
	for _, v := range vals {
		if !IsNull(v) {
			return v
		}
	}
	return nil
}

// checked is raw without the space around it, if it is valid JSON: what a
// reader checks once before descending with objectOf and arrayOf.
func checked(raw json.RawMessage) (json.RawMessage, bool) {
	t := bytes.TrimSpace(raw)
	return t, len(t) > 0 && Valid(t)
}

// arrayOf is Array for a value already known to be valid JSON (see objectOf).
func arrayOf(valid json.RawMessage) ([]json.RawMessage, bool) {
	t := bytes.TrimSpace(valid)
	if len(t) == 0 || t[0] != '[' {
		return nil, false
	}
	out := []json.RawMessage{}
	parseInPlace(t).ForEach(func(_, value gjson.Result) bool {
		out = append(out, rawOf(t, value))
		return true
	})
	return out, true
}
