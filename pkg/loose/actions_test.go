package loose

import (
	"encoding/json"
	"testing"
)

func TestActionItemsText_FourListShapes(t *testing.T) {
	task := `{"id":"1","title":"Send deck","description":"to Ana","priority":"HIGH","subtasks":[{"id":"s","title":"Draft","subSubtasks":[{"id":"ss","title":"Outline"}]}]}`
	want := "Send deck\nto Ana\nDraft\nOutline"
	tests := []struct{ name, in, want string }{
		{"version 2 object", `{"version":"2","actionItems":[` + task + `]}`, want},
		{"actionItems object", `{"actionItems":[` + task + `]}`, want},
		{"items object", `{"items":[` + task + `]}`, want},
		{"map of tasks", `{"a":` + task + `,"meta":{"note":"x"},"b":{"task":"Call Bo"}}`, want + "\nCall Bo"},
		{"bare array", `[` + task + `]`, want},
		{"json string", `"{\"items\":[{\"title\":\"T\"}]}"`, "T"},
		{"string tasks", `["do it"]`, "do it"},
		{"malformed", `{"items":5}`, ""},
		{"absent", ``, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ActionItemsText(json.RawMessage(tt.in)); got != tt.want {
				t.Fatalf("got %q want %q", got, tt.want)
			}
		})
	}
}

func TestActionItems_FallbackOrder(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"v2ActionItems first", `{"actionItems":[1],"v2ActionItems":[2]}`, `[2]`},
		{"actionItems", `{"actionItems":[1]}`, `[1]`},
		{"v2.actionItems", `{"v2":{"actionItems":[3]}}`, `[3]`},
		{"none", `{}`, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(ActionItems(json.RawMessage(tt.in))); got != tt.want {
				t.Fatalf("got %s", got)
			}
		})
	}
}
