package loose

import (
	"encoding/json"
	"regexp"
	"strings"
)

// Section is one titled part of a summary with its points (bullets, or
// paragraphs) as plain text. The first section's title may be empty when the
// summary starts without a heading.
type Section struct {
	Title  string
	Points []string
}

var mdHeading = regexp.MustCompile(`^\s*#{1,6}\s+(.*)$`)

// SummaryOutline reads a summary value in any of its shapes (markdown string,
// {markdown}, components, {content}, {sections}) as titled sections, which is
// what the AI features quote from. Empty sections are dropped.
func SummaryOutline(summary json.RawMessage) []Section {
	o := &outline{}
	o.read(summary, 0)
	out := o.secs[:0]
	for _, s := range o.secs {
		if s.Title != "" || len(s.Points) > 0 {
			out = append(out, s)
		}
	}
	return out
}

type outline struct{ secs []Section }

func (o *outline) start(title string) {
	o.secs = append(o.secs, Section{Title: strings.TrimSpace(StripMarkdown(title))})
}

func (o *outline) point(text string) {
	text = strings.TrimSpace(StripMarkdown(text))
	if text == "" {
		return
	}
	if len(o.secs) == 0 {
		o.start("")
	}
	last := &o.secs[len(o.secs)-1]
	last.Points = append(last.Points, text)
}

func (o *outline) read(raw json.RawMessage, depth int) {
	if depth > maxDepth {
		return
	}
	v := Unwrap(raw)
	if s, ok := String(v); ok {
		o.markdown(s)
		return
	}
	if arr, ok := Array(v); ok {
		for _, el := range arr {
			o.component(el, depth+1)
		}
		return
	}
	obj, ok := ParseObject(v)
	if !ok {
		return
	}
	if s, ok := String(obj.Get("markdown")); ok {
		o.markdown(s)
	}
	if comps, ok := Array(Unwrap(obj.Get("components"))); ok {
		for _, el := range comps {
			o.component(el, depth+1)
		}
	}
	if c := obj.Get("content"); !IsNull(c) {
		o.read(c, depth+1)
	}
	secs, _ := Array(obj.Get("sections"))
	for _, sec := range secs {
		so, ok := ParseObject(Unwrap(sec))
		if !ok {
			continue
		}
		o.start(Text(so.Get("title")))
		o.read(so.First("content", "text"), depth+1)
	}
}

func (o *outline) markdown(s string) {
	for _, line := range strings.Split(s, "\n") {
		if m := mdHeading.FindStringSubmatch(line); m != nil {
			o.start(m[1])
			continue
		}
		o.point(line)
	}
}

// component reads one {type, text, title, items} component: headings start
// sections, everything else adds points.
func (o *outline) component(raw json.RawMessage, depth int) {
	if depth > maxDepth {
		return
	}
	if s, ok := String(raw); ok {
		o.point(s)
		return
	}
	obj, ok := ParseObject(Unwrap(raw))
	if !ok {
		return
	}
	text := Text(obj.First("text", "title", "content"))
	switch Text(obj.Get("type")) {
	case "h1", "h2", "h3":
		o.start(text)
	case "section":
		o.start(Text(obj.Get("title")))
		o.point(Text(obj.First("text", "content")))
	default:
		o.point(text)
	}
	items, _ := Array(obj.Get("items"))
	for _, it := range items {
		o.component(it, depth+1)
	}
}
