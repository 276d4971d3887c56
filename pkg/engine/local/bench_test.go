package local

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/fixturegen"
)

// generated builds a recording from fixturegen's transcript of exactly words
// words (9,000 words ≈ one hour of speech).
func generated(b *testing.B, words int) (engine.Stored, *engine.Recording) {
	b.Helper()
	tr := fixturegen.Transcript(words, 1)
	raw, err := json.Marshal(tr)
	if err != nil {
		b.Fatal(err)
	}
	st := engine.Stored{ID: "gen", Recording: json.RawMessage(`{"title":"Generated"}`), Transcription: raw}
	rec := engine.NewRecording(st)
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
	found := engine.Question{Text: "What is the plan for the license renewal and the margin?"}
	missing := engine.Question{Text: "Who won the football game on Sunday?"} // not in the transcript: the slower path, which names its topics
	for _, c := range []struct {
		name string
		q    engine.Question
		rec  func() *engine.Recording
	}{
		{"found, from stored JSON", found, func() *engine.Recording { return engine.NewRecording(st) }},
		{"found, engine only", found, func() *engine.Recording { return rec }},
		{"not found, from stored JSON", missing, func() *engine.Recording { return engine.NewRecording(st) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				a, err := New().Answer(context.Background(), c.rec(), c.q)
				if err != nil || (c.q.Text == found.Text) == strings.HasPrefix(a.Text, engine.NotFound) {
					b.Fatalf("%v: %s", err, a.Text)
				}
			}
		})
	}
	b.Run("preset List Q&A options", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := New().Answer(context.Background(), rec, engine.Question{Text: "List Q&A options"}); err != nil {
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
		if _, err := New().Summarize(context.Background(), rec, engine.SummaryOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
