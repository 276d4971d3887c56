package recordings

import (
	"encoding/json"
	"testing"

	"github.com/pocket-companion/pocket/pkg/events"
)

func TestSummarizations_ByIDAndByRecording(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", []byte(`{"recording":{"id":"r1"},"summarizations":{"s-first":{"v2Summary":"one"},"s-second":"{\"summary\":\"two\"}"}}`))
	mustImport(t, s, "u1", []byte(`{"recording":{"id":"r2"},"summarizations":{"own":{"id":"own","recordingId":"r2","summary":"x"}}}`))
	mustImport(t, s, "u1", []byte(`{"recording":{"id":"r3"}}`))
	tests := []struct {
		name string
		get  func() (json.RawMessage, error)
		want string
	}{
		{"by id adds id and recordingId", func() (json.RawMessage, error) { return s.Summarization(ctx, "u1", "s-first") },
			`{"v2Summary":"one","id":"s-first","recordingId":"r1"}`},
		{"by id unwraps a JSON string", func() (json.RawMessage, error) { return s.Summarization(ctx, "u1", "s-second") },
			`{"summary":"two","id":"s-second","recordingId":"r1"}`},
		{"by recording is the first", func() (json.RawMessage, error) { return s.SummarizationByRecording(ctx, "u1", "r1") },
			`{"v2Summary":"one","id":"s-first","recordingId":"r1"}`},
		{"given ids kept", func() (json.RawMessage, error) { return s.SummarizationByRecording(ctx, "u1", "r2") },
			`{"id":"own","recordingId":"r2","summary":"x"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.get()
			if err != nil || string(got) != tt.want {
				t.Fatalf("got %s %v", got, err)
			}
		})
	}
	_, err := s.SummarizationByRecording(ctx, "u1", "r3")
	wantNotFound(t, err)
	_, err = s.Summarization(ctx, "u1", "nope")
	wantNotFound(t, err)
}

func TestSummarizations_ReimportDropsStaleLookups(t *testing.T) {
	s, _, _ := newService(t)
	mustImport(t, s, "u1", rec("r1", "x", base, map[string]any{"_summary": "old"})) // sum_r1
	mustImport(t, s, "u1", []byte(`{"recording":{"id":"r1","recordingAt":"2030-01-01T00:00:00Z"},"summarizations":{"fresh":{"summary":"new"}}}`))
	_, err := s.Summarization(ctx, "u1", "sum_r1")
	wantNotFound(t, err)
	if _, err := s.Summarization(ctx, "u1", "fresh"); err != nil {
		t.Fatal(err)
	}
}

func TestAddSummarization_BecomesFirstAndIsSearchable(t *testing.T) {
	s, _, bus := newService(t)
	var asked []string
	s.OnNeedsSummary(func(uid, id string) { asked = append(asked, id) })
	mustImport(t, s, "u1", rec("r1", "x", base, map[string]any{"_transcript": "talk"}))
	if len(asked) != 1 {
		t.Fatalf("needs-summary hook: %v", asked)
	}
	sub := bus.Subscribe(4)
	defer sub.Close()
	if err := s.AddSummarization(ctx, "u1", "r1", "ai-1", json.RawMessage(`{"v2Summary":"## Kestrel plan"}`)); err != nil {
		t.Fatal(err)
	}
	if e := <-sub.C; e.Type != events.SummaryReady {
		t.Fatalf("event %+v", e)
	}
	got, _ := s.SummarizationByRecording(ctx, "u1", "r1")
	if string(got) != `{"v2Summary":"## Kestrel plan","id":"ai-1","recordingId":"r1"}` {
		t.Fatalf("got %s", got)
	}
	if ids := searchIDs(t, s, "u1", "kestrel"); len(ids) != 1 {
		t.Fatalf("search %v", ids)
	}
	yes := true
	if ids := allPages(t, s, "u1", DashboardQuery{HasSummarization: &yes}); len(ids) != 1 {
		t.Fatalf("has_summarization %v", ids)
	}
	err := s.AddSummarization(ctx, "u2", "r1", "ai-2", json.RawMessage(`{}`))
	wantNotFound(t, err)
}
