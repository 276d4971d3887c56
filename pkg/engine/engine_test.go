package engine

import (
	"encoding/json"
	"testing"

	"github.com/pocket-companion/pocket/pkg/loose"
)

func TestClock_AsTheAppShowsTimes(t *testing.T) {
	for sec, want := range map[float64]string{0: "0:00", 76.5: "1:16", 3599: "59:59", 3725: "1:02:05", -3: "0:00"} {
		if got := Clock(sec); got != want {
			t.Errorf("Clock(%v) = %q, want %q", sec, got, want)
		}
	}
}

func TestPriorities(t *testing.T) {
	tests := []struct{ in, label, normal string }{
		{"CRITICAL", "Critical", "CRITICAL"},
		{"HIGH", "High", "HIGH"},
		{"MEDIUM", "Medium", "MEDIUM"},
		{"LOW", "Low", "LOW"},
		{" high ", "Low", "HIGH"},
		{"urgent", "Low", "MEDIUM"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := PriorityLabel(tt.in); got != tt.label {
				t.Errorf("PriorityLabel = %q, want %q", got, tt.label)
			}
			if got := NormalPriority(tt.in); got != tt.normal {
				t.Errorf("NormalPriority = %q, want %q", got, tt.normal)
			}
		})
	}
	if HigherPriority("MEDIUM", "CRITICAL") != "CRITICAL" || HigherPriority("HIGH", "LOW") != "HIGH" {
		t.Fatal("HigherPriority must keep the more urgent")
	}
}

func TestNewRecording_NamesSpeakersAndFlattensTasks(t *testing.T) {
	rec := NewRecording(Stored{
		ID:            "r1",
		Recording:     json.RawMessage(`{"title":"Sync"}`),
		Speakers:      json.RawMessage(`{"SPEAKER_00":{"speakerProfile":{"name":"Priya"}}}`),
		Transcription: json.RawMessage(`{"segments":[{"speaker":"SPEAKER_00","start_time":1,"end_time":2,"text":"Hello."},{"start_time":3,"end_time":4,"text":"Hi."}]}`),
	})
	if rec.Title != "Sync" || len(rec.Segments) != 2 || rec.Segments[0].Speaker != "Priya" || rec.Segments[1].Speaker != "" || Who(rec.Segments[1]) != "Someone" {
		t.Fatalf("recording %+v", rec)
	}
	rec.ActionItems = []loose.Task{{Title: "a", Subtasks: []loose.Task{{Title: "a1", Subtasks: []loose.Task{{Title: "a1x"}}}}}, {Title: "b"}}
	var titles []string
	for _, task := range rec.AllTasks() {
		titles = append(titles, task.Title)
	}
	if got, _ := json.Marshal(titles); string(got) != `["a","a1","a1x","b"]` {
		t.Fatalf("AllTasks = %s", got)
	}
	if s := SourceOf(rec.Segments[0], ""); s.Quote != "Hello." || s.SegmentIndex != 0 || s.Start != 1 {
		t.Fatalf("SourceOf = %+v", s)
	}
}
