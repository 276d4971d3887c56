package engine

import "github.com/pocket-companion/pocket/pkg/loose"

// flattenTasks lists tasks, subtasks and sub-subtasks depth first.
func flattenTasks(tasks []loose.Task) []loose.Task {
	var out []loose.Task
	for _, t := range tasks {
		out = append(out, t)
		out = append(out, flattenTasks(t.Subtasks)...)
	}
	return out
}
