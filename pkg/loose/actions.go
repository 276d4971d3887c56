package loose

import (
	"encoding/json"
	"strings"
)

// ActionItems returns a summarization's action-item list value as given:
// v2ActionItems, then actionItems, then v2.actionItems.
func ActionItems(summarization json.RawMessage) json.RawMessage {
	valid, ok := checked(summarization)
	if !ok {
		return nil
	}
	obj, ok := objectOf(Unwrap(valid))
	if !ok {
		return nil
	}
	if v := obj.First("v2ActionItems", "actionItems"); v != nil {
		return v
	}
	if v2, ok := objectOf(Unwrap(obj.Get("v2"))); ok {
		return v2.Get("actionItems")
	}
	return nil
}

// ActionItemsText is the text of every task, subtask and sub-subtask (title,
// task, description) in any of the list shapes Tasks reads, in document order:
// what search indexes.
func ActionItemsText(list json.RawMessage) string {
	var parts []string
	var walk func([]Task)
	walk = func(tasks []Task) {
		for _, t := range tasks {
			appendText(&parts, t.Title)
			appendText(&parts, t.Description)
			walk(t.Subtasks)
		}
	}
	walk(Tasks(list))
	return strings.Join(parts, "\n")
}
