package loose

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestSpeakerNames_SpecRules(t *testing.T) {
	speakers := `{"SPEAKER_00":{"speakerProfile":{"name":"Priya Raman"}},
		"SPEAKER_01":{"speakerProfile":{"name":"Speaker 2"}},
		"SPEAKER_02":{"matchedSpeakerId":null},
		"SPEAKER_03":{"speakerProfile":{"name":"Speaker from Finance Team"}}}`
	labels := []string{"SPEAKER_00", "SPEAKER_03", "SPEAKER_01", "SPEAKER_02", "SPEAKER_07", "SPEAKER_00"}
	got := SpeakerNames([]byte(speakers), labels)
	want := map[string]string{
		"SPEAKER_00": "Priya Raman",
		"SPEAKER_03": "Speaker from Finance Team", // longer than 15: used
		"SPEAKER_01": "Speaker 3",                 // generic profile ignored, numbered by appearance
		"SPEAKER_02": "Speaker 4",                 // no profile
		"SPEAKER_07": "Speaker 5",                 // no entry at all
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v", got)
	}
}

func TestSpeakerNames_GenericLabelsAndStringSpeakers(t *testing.T) {
	speakers, _ := json.Marshal(`{"SPEAKER_02":{"speakerProfile":{"name":"Mr. Kowalski"}}}`)
	got := SpeakerNames(speakers, []string{"Speaker 1", "Speaker 2"})
	if got["Speaker 1"] != "Speaker 1" || got["Speaker 2"] != "Mr. Kowalski" {
		t.Fatalf("got %v", got)
	}
	if got := SpeakerNames([]byte(`"{broken"`), []string{"SPEAKER_00"}); got["SPEAKER_00"] != "Speaker 1" {
		t.Fatalf("unparseable speakers must give generic names, got %v", got)
	}
}

func TestTasks_InheritsPriorityAndReadsEveryShape(t *testing.T) {
	list := `{"b1":{"title":"Draft concept","priority":"high","isCompleted":true},
		"b2":{"task":"Contact Carla","priority":"URGENT","subtasks":[{"id":"s","title":"Quote","subSubtasks":[{"title":"Ask"}]}]},
		"meta":{"note":"not a task"}}`
	got := Tasks(json.RawMessage(list))
	if len(got) != 2 || got[0].ID != "b1" || got[0].Priority != "HIGH" || !got[0].Completed {
		t.Fatalf("first task %+v", got)
	}
	b2 := got[1]
	if b2.Title != "Contact Carla" || b2.Priority != "LOW" || len(b2.Subtasks) != 1 {
		t.Fatalf("second task %+v", b2)
	}
	if sub := b2.Subtasks[0]; sub.Priority != "LOW" || len(sub.Subtasks) != 1 || sub.Subtasks[0].Title != "Ask" {
		t.Fatalf("subtask %+v", sub)
	}
	nested := Tasks(json.RawMessage(`{"version":"2","actionItems":[{"title":"T","priority":"CRITICAL","subtasks":[{"title":"S"}]}]}`))
	if len(nested) != 1 || nested[0].Subtasks[0].Priority != "CRITICAL" {
		t.Fatalf("subtask must inherit the parent's priority: %+v", nested)
	}
}

func TestReadMindMap_FixturesAreSoundTrees(t *testing.T) {
	files, _ := filepath.Glob("../../fixtures/recordings/*.json")
	if len(files) < 20 {
		t.Fatalf("fixtures not found (%d)", len(files))
	}
	read := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		obj, _ := ParseObject(raw)
		_, sum, ok := FirstSummarization(obj.Get("summarizations"))
		if !ok {
			continue
		}
		for field, v := range MindMapFields(sum) {
			m, ok := ReadMindMap(v)
			if !ok {
				continue // 21 holds an unparseable and an unknown map on purpose
			}
			read++
			for _, tree := range m.Trees {
				if p := TreeProblem(tree); p != "" {
					t.Errorf("%s %s: %s", filepath.Base(f), field, p)
				}
			}
		}
	}
	if read < 20 {
		t.Fatalf("read only %d maps", read)
	}
}

func TestTreeProblem(t *testing.T) {
	n := func(id, parent string) MapNode { return MapNode{ID: id, ParentID: parent} }
	tests := []struct {
		name  string
		nodes []MapNode
		ok    bool
	}{
		{"sound", []MapNode{n("a", ""), n("b", "a"), n("c", "b")}, true},
		{"two roots", []MapNode{n("a", ""), n("b", "")}, false},
		{"missing parent", []MapNode{n("a", ""), n("b", "x")}, false},
		{"cycle", []MapNode{n("a", ""), n("b", "c"), n("c", "b")}, false},
		{"duplicate", []MapNode{n("a", ""), n("a", "a")}, false},
		{"empty", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := TreeProblem(tt.nodes); (got == "") != tt.ok {
				t.Fatalf("problem %q", got)
			}
		})
	}
}

func TestSummaryOutline_Shapes(t *testing.T) {
	tests := []struct {
		name, in string
		want     []Section
	}{
		{"markdown", `"## Overview\nWeekly sync.\n\n## Release\n- Moves to **Dec 1**\n- Email pilots"`,
			[]Section{{"Overview", []string{"Weekly sync."}}, {"Release", []string{"Moves to Dec 1", "Email pilots"}}}},
		{"components", `{"components":[{"type":"h1","text":"Interview"},{"type":"tldr","text":"Strong"},{"type":"section","title":"Offline","text":"IndexedDB","items":["Sync queue"]},{"type":"divider"}]}`,
			[]Section{{"Interview", []string{"Strong"}}, {"Offline", []string{"IndexedDB", "Sync queue"}}}},
		{"sections", `{"sections":[{"title":"Heating","content":"Broken since Monday."},{"title":"Lease","text":"Renew in March."}]}`,
			[]Section{{"Heating", []string{"Broken since Monday."}}, {"Lease", []string{"Renew in March."}}}},
		{"plain string", `"Quick call about the deck."`, []Section{{"", []string{"Quick call about the deck."}}}},
		{"content", `{"content":"## A\nb"}`, []Section{{"A", []string{"b"}}}},
		{"empty", `"  "`, []Section{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := SummaryOutline(json.RawMessage(tt.in))
			if len(got) == 0 && len(tt.want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v", got)
			}
		})
	}
}

// The AI readers are total like the others: any bytes give a result.
func FuzzAIReadersNeverPanic(f *testing.F) {
	for _, s := range []string{`{"SPEAKER_00":{"speakerProfile":{"name":"A"}}}`, `{"items":[{"title":"t","subtasks":[{"subSubtasks":[1]}]}]}`,
		`{"type":"speaker","nodes":{"A":[{"node_id":"x","parent_node_id":"x"}]}}`, `{"type":"cluster","maps":[[{"nodeId":"a"}]]}`,
		`{"components":[{"type":"section","items":["x"]}]}`, `"## A\n- b"`, `{"title":"x","recordingAt":1700000000}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		raw := json.RawMessage(data)
		_ = SpeakerNames(raw, []string{"SPEAKER_00", "Speaker 2", ""})
		_ = Tasks(raw)
		_ = SummaryOutline(raw)
		_ = ReadRecording(raw)
		_ = MindMapFields(raw)
		if m, ok := ReadMindMap(raw); ok {
			for _, tree := range m.Trees {
				_ = TreeProblem(tree)
			}
		}
	})
}
