package loose

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestSegments_EveryShape(t *testing.T) {
	one := []Segment{{Text: "hello", Speaker: "SPEAKER_00", Start: 1, End: 2.5}}
	tests := []struct {
		name string
		in   string
		want []Segment
	}{
		{"object with segments snake case", `{"segments":[{"text":"hello","speaker":"SPEAKER_00","start_time":1,"end_time":2.5}]}`, one},
		{"camel case times", `{"segments":[{"text":"hello","speaker":"SPEAKER_00","startTime":1,"endTime":2.5}]}`, one},
		{"transcript field", `{"segments":[{"transcript":"hello","speaker":"SPEAKER_00","start_time":"1","end_time":"2.5"}]}`, one},
		{"text.segments", `{"text":{"segments":[{"text":"hello","speaker":"SPEAKER_00","start_time":1,"end_time":2.5}]}}`, one},
		{"json string", `"{\"segments\":[{\"text\":\"hello\",\"speaker\":\"SPEAKER_00\",\"start_time\":1,\"end_time\":2.5}]}"`, one},
		{"text as json string", `{"text":"{\"segments\":[{\"text\":\"hello\",\"speaker\":\"SPEAKER_00\",\"start_time\":1,\"end_time\":2.5}]}"}`, one},
		{"bare array", `[{"text":"hello","speaker":"SPEAKER_00","start_time":1,"end_time":2.5}]`, one},
		{"numeric speaker", `{"segments":[{"text":"hi","speaker":0}]}`, []Segment{{Text: "hi", Speaker: "0"}}},
		{"blank and broken segments skipped", `{"segments":[{"text":"  "},7,"x",{"text":"ok","start_time":-4,"end_time":"bad"}]}`, []Segment{{Text: "ok"}}},
		{"plain text transcript", `{"text":"just words"}`, []Segment{{Text: "just words"}}},
		{"plain transcript key", `{"transcript":"words"}`, []Segment{{Text: "words"}}},
		{"empty", `{}`, nil},
		{"null", `null`, nil},
		{"absent", ``, nil},
		{"segments not a list", `{"segments":"nope"}`, nil},
		{"plain string", `"not json"`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Segments(json.RawMessage(tt.in))
			if len(got) == 0 && len(tt.want) == 0 {
				return
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v want %+v", got, tt.want)
			}
		})
	}
}

func TestSegmentsText_JoinsSegments(t *testing.T) {
	got := SegmentsText(Segments(json.RawMessage(`{"segments":[{"text":"a"},{"text":""},{"transcript":"b"}]}`)))
	if got != "a\nb" {
		t.Fatalf("got %q", got)
	}
}

func FuzzSegments(f *testing.F) {
	for _, s := range []string{
		`{"segments":[{"text":"a","start_time":1}]}`,
		`"{\"text\":{\"segments\":[{\"transcript\":\"b\",\"startTime\":\"2\"}]}}"`,
		`[{"text":"x","speaker":3,"end":1e400}]`,
		`{"text":"plain"}`, `null`, `{`, `[[[[`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, s := range Segments(data) {
			if s.Text == "" {
				t.Fatal("segment with empty text")
			}
			if s.Start < 0 || s.End < 0 || s.Start != s.Start || s.End != s.End {
				t.Fatalf("bad times %+v", s)
			}
		}
	})
}
