package loose

import (
	"encoding/json"
	"strings"
)

// ActionItems returns a summarization's action-item list value as given:
// v2ActionItems, then actionItems, then v2.actionItems.
func ActionItems(summarization json.RawMessage) json.RawMessage {
	obj, ok := ParseObject(Unwrap(summarization))
	if !ok {
		return nil
	}
	if v := obj.First("v2ActionItems", "actionItems"); v != nil {
		return v
	}
	if v2, ok := ParseObject(Unwrap(obj.Get("v2"))); ok {
		return v2.Get("actionItems")
	}
	return nil
}

// ActionItemsText is the text of every task, subtask and sub-subtask (title,
// task, description) in any of the spec's four list shapes: an object with
// version "2" and actionItems, an object with actionItems, one with items, or
// an object whose values are tasks; a bare array of tasks is accepted as well.
func ActionItemsText(list json.RawMessage) string {
	var parts []string
	collectTasks(list, 0, &parts)
	return strings.Join(parts, "\n")
}

func collectTasks(raw json.RawMessage, depth int, out *[]string) {
	if depth > maxDepth {
		return
	}
	v := Unwrap(raw)
	if arr, ok := Array(v); ok {
		for _, el := range arr {
			collectTask(el, depth+1, out)
		}
		return
	}
	obj, ok := ParseObject(v)
	if !ok {
		return
	}
	if inner := obj.First("actionItems", "items"); inner != nil {
		collectTasks(inner, depth+1, out)
		return
	}
	for _, m := range obj { // a map of id -> task; non-task values are skipped
		if t, ok := ParseObject(Unwrap(m.Value)); ok && t.First("title", "task") != nil {
			collectTask(m.Value, depth+1, out)
		}
	}
}

func collectTask(raw json.RawMessage, depth int, out *[]string) {
	if depth > maxDepth {
		return
	}
	v := Unwrap(raw)
	if s, ok := String(v); ok {
		appendText(out, s)
		return
	}
	obj, ok := ParseObject(v)
	if !ok {
		return
	}
	appendText(out, Text(obj.First("title", "task")))
	appendText(out, Text(obj.Get("description")))
	for _, k := range []string{"subtasks", "subSubtasks", "sub_subtasks"} {
		if sub := obj.Get(k); !IsNull(sub) {
			collectTasks(sub, depth+1, out)
		}
	}
}
