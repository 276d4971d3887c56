package fixturegen

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// Segment is one diarised utterance, in the snake_case shape the device uploads.
type Segment struct {
	Speaker   string  `json:"speaker"`
	Text      string  `json:"text"`
	StartTime float64 `json:"start_time"`
	EndTime   float64 `json:"end_time"`
}

// Transcription is the transcription object of the import format.
type Transcription struct {
	Segments []Segment `json:"segments"`
	Language string    `json:"language"`
}

// Words counts whitespace-separated words across all segments, the same way
// benchmarks and search indexes will count them.
func (t Transcription) Words() int {
	n := 0
	for _, s := range t.Segments {
		n += len(strings.Fields(s.Text))
	}
	return n
}

// Duration is the end time of the last segment, in seconds.
func (t Transcription) Duration() float64 {
	if len(t.Segments) == 0 {
		return 0
	}
	return t.Segments[len(t.Segments)-1].EndTime
}

// Transcript builds a transcription of exactly words words (0 gives no
// segments), spoken by two to four speakers at about 150 words a minute, so
// Transcript(9000, s) lasts about an hour. Deterministic for a seed.
func Transcript(words int, seed int64) Transcription {
	rng := newRand(seed, 0)
	c := newConversation(rng, topics[rng.IntN(len(topics))], 2+rng.IntN(3))
	return c.timed(c.group(c.sentencesForWords(words)))
}

// conversation carries the choices that keep one transcript on one topic.
type conversation struct {
	rng      *rand.Rand
	topic    topic
	names    []string // spoken names, one per speaker
	speakers int
}

func newConversation(rng *rand.Rand, t topic, speakers int) *conversation {
	names := make([]string, speakers)
	for i, j := range rng.Perm(len(firstNames))[:speakers] { // distinct: two Priyas would confuse speaker maps
		names[i] = firstNames[j]
	}
	return &conversation{rng: rng, topic: t, names: names, speakers: speakers}
}

func (c *conversation) sentence() string {
	r := c.rng
	t := c.topic
	args := []any{
		t.Nouns[r.IntN(len(t.Nouns))], t.Verbs[r.IntN(len(t.Verbs))], t.Metrics[r.IntN(len(t.Metrics))],
		c.names[r.IntN(len(c.names))], days[r.IntN(len(days))], 2 + r.IntN(40),
	}
	switch p := r.IntN(100); {
	case p < 8:
		return fillers[r.IntN(len(fillers))]
	case p < 28:
		return capitalise(fmt.Sprintf(questions[r.IntN(len(questions))], args...))
	default:
		return capitalise(fmt.Sprintf(statements[r.IntN(len(statements))], args...))
	}
}

// sentencesForWords returns sentences totalling exactly n words; the last one
// is cut short rather than overshooting, so large benchmarks are exact.
func (c *conversation) sentencesForWords(n int) []string {
	var out []string
	for total := 0; total < n; {
		s := c.sentence()
		w := strings.Fields(s)
		if total+len(w) > n {
			w = w[:n-total]
			s = strings.TrimRight(strings.Join(w, " "), ",.?") + "."
		}
		out = append(out, s)
		total += len(w)
	}
	return out
}

// group splits sentences into turns of one to three sentences.
func (c *conversation) group(sentences []string) [][]string {
	var turns [][]string
	for i := 0; i < len(sentences); {
		k := min(1+c.rng.IntN(3), len(sentences)-i)
		turns = append(turns, sentences[i:i+k:i+k]) // capped: appending to a turn must not clobber the next
		i += k
	}
	return turns
}

// timed gives each turn a speaker and times derived from its length, so the
// duration always matches the text.
func (c *conversation) timed(turns [][]string) Transcription {
	tr := Transcription{Segments: make([]Segment, 0, len(turns)), Language: "en"}
	t := 0.4 + c.rng.Float64()
	speaker := 0
	for _, turn := range turns {
		text := strings.Join(turn, " ")
		d := math.Max(0.8, float64(len(strings.Fields(text)))*0.4*(0.9+0.2*c.rng.Float64()))
		tr.Segments = append(tr.Segments, Segment{
			Speaker: fmt.Sprintf("SPEAKER_%02d", speaker), Text: text,
			StartTime: round2(t), EndTime: round2(t + d),
		})
		t += d + 0.2 + c.rng.Float64()
		if c.speakers > 1 && c.rng.IntN(100) < 75 {
			speaker = (speaker + 1 + c.rng.IntN(c.speakers-1)) % c.speakers
		}
	}
	return tr
}

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }

// newRand derives an independent stream per (seed, index) so one recording
// does not depend on how many came before it.
func newRand(seed int64, index int) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), uint64(index)*0x9E3779B97F4A7C15+1)) //nolint:gosec // G404: seeded on purpose, so the same seed gives the same recordings
}
