package loose

import "github.com/tidwall/gjson"

// maxNesting is encoding/json's limit: deeper documents are not valid JSON to
// json.Valid or json.Unmarshal, so they are not valid here either.
const maxNesting = 10000

// Valid reports whether raw is one JSON value, accepting exactly what
// encoding/json's Valid accepts. It is gjson's validator (2.5 times faster on
// recordings: an import validates every nested loose value it reads, and
// json.Valid was 15 % of its CPU) behind encoding/json's nesting limit. The
// limit is checked first, with a flat scan: gjson's validator recurses per
// level, and a hostile upload of millions of brackets must not grow the stack.
// FuzzValidAgreesWithEncodingJSON holds the two to the same answers.
func Valid(raw []byte) bool {
	return nestingWithin(raw, maxNesting) && gjson.ValidBytes(raw)
}

// nestingWithin reports whether no bracket in raw, outside strings, opens
// deeper than limit. Exact for valid JSON; for anything else Valid's answer
// comes from gjson, which rejects it either way.
func nestingWithin(raw []byte, limit int) bool {
	if len(raw) <= 2*limit {
		return true // each level takes two bytes at least: "[]"
	}
	depth := 0
	return OutsideStrings(raw, func(c byte) bool {
		switch c {
		case '[', '{':
			depth++
			return depth <= limit
		case ']', '}':
			depth--
		}
		return true
	})
}

// OutsideStrings calls fn with each byte of the JSON text raw that is not in
// a string (nor a string's quotes), in order, until fn returns false. It
// reports whether fn accepted every byte. A flat scan: no recursion however
// deep raw nests.
func OutsideStrings(raw []byte, fn func(c byte) bool) bool {
	inString, escaped := false, false
	for _, c := range raw {
		switch {
		case inString:
			if escaped {
				escaped = false
			} else if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case !fn(c):
			return false
		}
	}
	return true
}
