package engine

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/fixturegen"
)

// generated builds a recording from fixturegen's transcript of exactly words
// words (9,000 words ≈ one hour of speech).
func generated(b *testing.B, words int) (Stored, *Recording) {
	b.Helper()
	tr := fixturegen.Transcript(words, 1)
	raw, err := json.Marshal(tr)
	if err != nil {
		b.Fatal(err)
	}
	st := Stored{ID: "gen", Recording: json.RawMessage(`{"title":"Generated"}`), Transcription: raw}
	rec := NewRecording(st)
	if len(rec.Segments) == 0 {
		b.Fatal("no segments")
	}
	return st, rec
}

// BenchmarkAnswer10kWords is the local engine's answer latency on a
// 10,000-word transcript, as a send pays it: read the stored transcript,
// index it, rank and compose.
func BenchmarkAnswer10kWords(b *testing.B) {
	st, rec := generated(b, 10000)
	found := Question{Text: "What is the plan for the license renewal and the margin?"}
	missing := Question{Text: "Who won the football game on Sunday?"} // not in the transcript: the slower path, which names its topics
	for _, c := range []struct {
		name string
		q    Question
		rec  func() *Recording
	}{
		{"found, from stored JSON", found, func() *Recording { return NewRecording(st) }},
		{"found, engine only", found, func() *Recording { return rec }},
		{"not found, from stored JSON", missing, func() *Recording { return NewRecording(st) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				a, err := NewLocal().Answer(context.Background(), c.rec(), c.q)
				if err != nil || (c.q.Text == found.Text) == strings.HasPrefix(a.Text, NotFound) {
					b.Fatalf("%v: %s", err, a.Text)
				}
			}
		})
	}
	b.Run("preset List Q&A options", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := NewLocal().Answer(context.Background(), rec, Question{Text: "List Q&A options"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkSummarizeOneHour is the local summary of a one-hour (9,000-word)
// transcript: key sentences, topics, action items and the four maps.
func BenchmarkSummarizeOneHour(b *testing.B) {
	_, rec := generated(b, 9000)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := NewLocal().Summarize(context.Background(), rec); err != nil {
			b.Fatal(err)
		}
	}
}
