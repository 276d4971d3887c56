package loose

import (
	"encoding/json"
	"strings"
)

// Task is one action item, subtask or sub-subtask read from any of the spec's
// list shapes. Priority is always one of CRITICAL, HIGH, MEDIUM, LOW: a missing
// one inherits the parent's (spec §9) and a top-level or unknown one is LOW.
// Title may be empty; the reader decides on a placeholder.
type Task struct {
	ID          string
	Title       string
	Description string
	Priority    string
	Completed   bool
	Subtasks    []Task
}

// Tasks reads an action-item list (the value ActionItems returns) into tasks,
// in document order. Anything unreadable is skipped.
func Tasks(list json.RawMessage) []Task {
	valid, ok := checked(list)
	if !ok {
		return nil
	}
	return taskList(valid, "LOW", 0)
}

func taskList(valid json.RawMessage, parentPriority string, depth int) []Task {
	if depth > maxDepth {
		return nil
	}
	v := Unwrap(valid)
	var out []Task
	if arr, ok := arrayOf(v); ok {
		for _, el := range arr {
			if t, ok := readTask(el, parentPriority, depth+1); ok {
				out = append(out, t)
			}
		}
		return out
	}
	obj, ok := objectOf(v)
	if !ok {
		return nil
	}
	if inner := obj.First("actionItems", "items"); inner != nil {
		return taskList(inner, parentPriority, depth+1)
	}
	for _, m := range obj { // a map of id -> task
		t, ok := objectOf(Unwrap(m.Value))
		if !ok || t.First("title", "task") == nil {
			continue
		}
		if task, ok := readTask(m.Value, parentPriority, depth+1); ok {
			if task.ID == "" {
				task.ID = m.Key
			}
			out = append(out, task)
		}
	}
	return out
}

func readTask(valid json.RawMessage, parentPriority string, depth int) (Task, bool) {
	v := Unwrap(valid)
	if s, ok := String(v); ok {
		return Task{Title: strings.TrimSpace(s), Priority: parentPriority}, strings.TrimSpace(s) != ""
	}
	obj, ok := objectOf(v)
	if !ok {
		return Task{}, false
	}
	t := Task{
		ID:          Text(obj.Get("id")),
		Title:       strings.TrimSpace(Text(obj.First("title", "task"))),
		Description: strings.TrimSpace(Text(obj.Get("description"))),
		Priority:    priority(Text(obj.Get("priority")), parentPriority),
		Completed:   truthy(obj.First("isCompleted", "completed", "is_completed")),
	}
	for _, k := range []string{"subtasks", "subSubtasks", "sub_subtasks"} {
		if sub := obj.Get(k); !IsNull(sub) {
			t.Subtasks = append(t.Subtasks, taskList(sub, t.Priority, depth+1)...)
		}
	}
	return t, true
}

// priority normalises a given priority; unknown values (e.g. URGENT) fall back
// to LOW as the app shows them, and a missing one inherits.
func priority(given, inherited string) string {
	p := strings.ToUpper(strings.TrimSpace(given))
	switch p {
	case "CRITICAL", "HIGH", "MEDIUM", "LOW":
		return p
	case "":
		return inherited
	}
	return "LOW"
}

func truthy(raw json.RawMessage) bool {
	v := strings.TrimSpace(string(raw))
	return v == "true" || v == `"true"` || v == "1"
}
