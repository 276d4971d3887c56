package loose

import (
	"encoding/json"
	"regexp"
	"strings"
)

// FirstSummarization returns the summarization the product shows: the spec
// says only the first of the `summarizations` map is used, and "first" here is
// the first member written in the JSON document whose value is not null. An
// array (seen in some exports) yields its first element, with its `id` field as
// the id. The value is returned as given (it may still be a JSON string).
func FirstSummarization(summarizations json.RawMessage) (id string, value json.RawMessage, ok bool) {
	valid, ok := checked(summarizations)
	if !ok {
		return "", nil, false
	}
	v := Unwrap(valid)
	if obj, isObj := objectOf(v); isObj {
		for _, m := range obj {
			if !IsNull(m.Value) {
				return m.Key, m.Value, true
			}
		}
		return "", nil, false
	}
	if arr, isArr := arrayOf(v); isArr {
		for _, el := range arr {
			if o, isObj := objectOf(Unwrap(el)); isObj {
				return Text(o.Get("id")), el, true
			}
		}
	}
	return "", nil, false
}

// Summary returns a summarization's summary value as given: v2Summary, then
// summary, then v2.summary. The first candidate with content wins; if none has
// content the first present one is returned, so callers still see what exists.
func Summary(summarization json.RawMessage) json.RawMessage {
	valid, ok := checked(summarization)
	if !ok {
		return nil
	}
	obj, ok := objectOf(Unwrap(valid))
	if !ok {
		return nil
	}
	candidates := []json.RawMessage{obj.Get("v2Summary"), obj.Get("summary")}
	if v2, ok := objectOf(Unwrap(obj.Get("v2"))); ok {
		candidates = append(candidates, v2.Get("summary"))
	}
	var firstPresent json.RawMessage
	for _, c := range candidates {
		if IsNull(c) {
			continue
		}
		if hasContent(c, 0) {
			return c
		}
		if firstPresent == nil {
			firstPresent = c
		}
	}
	return firstPresent
}

// HasContent applies the spec's rule (§5) for a summary: present only with a
// non-empty markdown string, components array, string, content or sections.
func HasContent(summary json.RawMessage) bool {
	valid, ok := checked(summary)
	return ok && hasContent(valid, 0)
}

func hasContent(valid json.RawMessage, depth int) bool {
	if depth > maxDepth {
		return false
	}
	v := Unwrap(valid)
	if s, ok := String(v); ok {
		return strings.TrimSpace(s) != ""
	}
	if arr, ok := arrayOf(v); ok {
		return len(arr) > 0
	}
	obj, ok := objectOf(v)
	if !ok {
		return false
	}
	if s, ok := String(obj.Get("markdown")); ok && strings.TrimSpace(s) != "" {
		return true
	}
	for _, k := range []string{"components", "sections"} {
		if arr, ok := arrayOf(obj.Get(k)); ok && len(arr) > 0 {
			return true
		}
	}
	if c := obj.Get("content"); !IsNull(c) {
		return hasContent(c, depth+1)
	}
	return false
}

// SummaryText is the plain text of a summary value in any of its shapes, with
// markdown syntax removed: what search indexes and what a preview shows.
func SummaryText(summary json.RawMessage) string {
	valid, ok := checked(summary)
	if !ok {
		return ""
	}
	var parts []string
	collectSummary(valid, 0, &parts)
	return strings.Join(parts, "\n")
}

func collectSummary(valid json.RawMessage, depth int, out *[]string) {
	if depth > maxDepth {
		return
	}
	v := Unwrap(valid)
	if s, ok := String(v); ok {
		appendText(out, StripMarkdown(s))
		return
	}
	if arr, ok := arrayOf(v); ok {
		for _, el := range arr {
			collectComponent(el, depth+1, out)
		}
		return
	}
	obj, ok := objectOf(v)
	if !ok {
		return
	}
	if s, ok := String(obj.Get("markdown")); ok {
		appendText(out, StripMarkdown(s))
	}
	if comps, ok := arrayOf(Unwrap(obj.Get("components"))); ok {
		for _, el := range comps {
			collectComponent(el, depth+1, out)
		}
	}
	if c := obj.Get("content"); !IsNull(c) {
		collectSummary(c, depth+1, out)
	}
	if secs, ok := arrayOf(obj.Get("sections")); ok {
		for _, sec := range secs {
			collectSection(sec, depth+1, out)
		}
	}
}

// collectComponent reads {type, text, items}; items are strings or objects
// with text (or title), and a bare string component is its own text.
func collectComponent(valid json.RawMessage, depth int, out *[]string) {
	if depth > maxDepth {
		return
	}
	if s, ok := String(valid); ok {
		appendText(out, StripMarkdown(s))
		return
	}
	obj, ok := objectOf(valid)
	if !ok {
		return
	}
	appendText(out, StripMarkdown(Text(obj.First("text", "title", "content"))))
	if items, ok := arrayOf(obj.Get("items")); ok {
		for _, it := range items {
			collectComponent(it, depth+1, out)
		}
	}
}

func collectSection(valid json.RawMessage, depth int, out *[]string) {
	obj, ok := objectOf(Unwrap(valid))
	if !ok {
		collectSummary(valid, depth+1, out)
		return
	}
	appendText(out, StripMarkdown(Text(obj.Get("title"))))
	if body := obj.First("content", "text"); body != nil {
		collectSummary(body, depth+1, out)
	}
}

func appendText(out *[]string, s string) {
	if s = strings.TrimSpace(s); s != "" {
		*out = append(*out, s)
	}
}

var (
	mdImage    = regexp.MustCompile(`!\[([^\]]*)\]\([^)]*\)`)
	mdLink     = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	mdLinePfx  = regexp.MustCompile(`^\s*(#{1,6}\s+|>\s?|[-*+]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+)`)
	mdRule     = regexp.MustCompile(`^\s*([-*_]\s*){3,}$`)
	mdEmphasis = strings.NewReplacer("**", "", "__", "", "`", "", "~~", "")
)

// StripMarkdown removes the markdown syntax summaries use (headings, lists,
// check boxes, quotes, emphasis, links) and keeps the words.
func StripMarkdown(s string) string {
	lines := strings.Split(s, "\n")
	out := lines[:0]
	for _, l := range lines {
		// The regexps run only where they can match (a rule starts with -, *
		// or _; a link or image holds "]("): most lines are plain words, and
		// running all of them on every line was 3 % of an import's CPU.
		if mayBeRule(l) && mdRule.MatchString(l) {
			continue
		}
		l = mdLinePfx.ReplaceAllString(l, "")
		if strings.Contains(l, "](") {
			l = mdImage.ReplaceAllString(l, "$1")
			l = mdLink.ReplaceAllString(l, "$1")
		}
		l = strings.TrimSpace(mdEmphasis.Replace(l))
		if l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// mayBeRule: the first character after mdRule's leading \s is one of -*_.
func mayBeRule(l string) bool {
	t := strings.TrimLeft(l, " \t\n\f\r")
	return t != "" && strings.IndexByte("-*_", t[0]) >= 0
}

// UploadHasSummary reports whether an upload in the import format (the
// recording detail response shape) carries summary content of its own: an
// upload without one is summarised by the provider afterwards.
func UploadHasSummary(upload []byte) bool {
	obj, _ := ParseObject(Unwrap(upload))
	_, first, ok := FirstSummarization(obj.Get("summarizations"))
	return ok && HasContent(Summary(first))
}

// IDValue is one summarization of a recording's map with its id.
type IDValue struct {
	ID    string
	Value json.RawMessage // as given (it may still be a JSON string)
}

// Summarizations lists every summarization of the map in order, the one the
// product shows (FirstSummarization's) first: an object's non-null members,
// or an array's objects with their `id` fields.
func Summarizations(summarizations json.RawMessage) []IDValue {
	valid, ok := checked(summarizations)
	if !ok {
		return nil
	}
	var out []IDValue
	v := Unwrap(valid)
	if obj, isObj := objectOf(v); isObj {
		for _, m := range obj {
			if !IsNull(m.Value) {
				out = append(out, IDValue{ID: m.Key, Value: m.Value})
			}
		}
		return out
	}
	arr, _ := arrayOf(v)
	for _, el := range arr {
		if o, isObj := objectOf(Unwrap(el)); isObj {
			out = append(out, IDValue{ID: Text(o.Get("id")), Value: el})
		}
	}
	return out
}

// SummaryMarkdown is a summary value as markdown: a string as given, an
// object's `markdown`, else the plain text of its other shapes.
func SummaryMarkdown(summary json.RawMessage) string {
	if s, ok := String(summary); ok {
		return s
	}
	if obj, ok := objectOf(Unwrap(summary)); ok {
		if s, ok := String(obj.Get("markdown")); ok {
			return s
		}
	}
	return SummaryText(summary)
}
