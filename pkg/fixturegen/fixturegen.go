// Package fixturegen generates large, deterministic libraries of recordings in
// the import format (the spec's recording detail response), for load tests and
// benchmarks where the hand-written samples in fixtures/ are too few.
//
// It belongs to the product, not to tests/ or tools/: `pocket fixtures gen`
// is a command of the shipped binary (listed in `pocket --help`), so an
// operator can size a deployment against a generated library with the same
// binary they run, and the benchmark scripts call that command.
package fixturegen

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Epoch is the newest possible recordingAt; recordings spread over two years before it.
var Epoch = time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)

const spreadDays = 730

type folder struct {
	Name string `json:"name"`
}

type point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type gradient struct {
	Colors   []uint32 `json:"colors"`
	Vertices []point  `json:"vertices"`
}

type user struct {
	DisplayName string `json:"displayName"`
	Email       string `json:"email"`
}

type recording struct {
	ID           string   `json:"id"`
	Title        string   `json:"title"`
	Name         string   `json:"name"`
	Description  string   `json:"description"`
	RecordingAt  string   `json:"recordingAt"`
	CreatedAt    string   `json:"createdAt"`
	UpdatedAt    string   `json:"updatedAt"`
	Duration     int      `json:"duration"`
	SyncStatus   string   `json:"syncStatus"`
	IsOffline    bool     `json:"isOffline"`
	Folder       folder   `json:"folder"`
	GradientData gradient `json:"gradientData"`
	User         user     `json:"user"`
}

type speakerProfile struct {
	Name string `json:"name"`
}

type speaker struct {
	MatchedSpeakerID string         `json:"matchedSpeakerId"`
	SpeakerProfile   speakerProfile `json:"speakerProfile"`
}

type summarization struct {
	ID            string     `json:"id"`
	RecordingID   string     `json:"recordingId"`
	V2Summary     string     `json:"v2Summary"`
	V2ActionItems actionList `json:"v2ActionItems"`
	MindMap       mindMap    `json:"mindMap"`
}

type document struct {
	Recording      recording                `json:"recording"`
	Speakers       map[string]speaker       `json:"speakers"`
	Summarizations map[string]summarization `json:"summarizations"`
	Transcription  Transcription            `json:"transcription"`
	Metadata       map[string]any           `json:"metadata"`
}

// Generate returns count recordings (ids gen_000001 …), deterministic for seed.
func Generate(count int, seed int64) []json.RawMessage {
	out := make([]json.RawMessage, 0, max(count, 0))
	for i := 1; i <= count; i++ {
		out = append(out, Recording(i, seed))
	}
	return out
}

// Recording returns the index-th (1-based) recording of the library for seed,
// without generating the ones before it.
func Recording(index int, seed int64) json.RawMessage {
	b, err := json.Marshal(build(index, seed))
	if err != nil { // only plain structs, maps and finite numbers: cannot fail
		panic(fmt.Sprintf("fixturegen: marshal: %v", err))
	}
	return b
}

// WriteDir writes count recordings to dir, one <id>.json file each, in the
// same format as fixtures/recordings (so `pocket import DIR` takes it).
func WriteDir(dir string, count int, seed int64) error {
	if err := os.MkdirAll(dir, 0o755); err != nil { //nolint:gosec // G301: sample data, readable like fixtures/
		return fmt.Errorf("fixturegen: %w", err)
	}
	for i := 1; i <= count; i++ {
		name := filepath.Join(dir, fmt.Sprintf("gen_%06d.json", i))
		if err := os.WriteFile(name, Recording(i, seed), 0o644); err != nil { //nolint:gosec // G306: sample data, readable like fixtures/
			return fmt.Errorf("fixturegen: %w", err)
		}
	}
	return nil
}

// Write streams count recordings to w as one JSON array, which the importer
// also accepts, without holding the library in memory.
func Write(w io.Writer, count int, seed int64) error {
	// A bufio.Writer keeps its first error and Flush returns it, so the writes need no checks of their own.
	bw := bufio.NewWriter(w)
	_ = bw.WriteByte('[')
	for i := 1; i <= count; i++ {
		if i > 1 {
			_, _ = bw.WriteString(",\n")
		}
		_, _ = bw.Write(Recording(i, seed))
	}
	_, _ = bw.WriteString("]\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("fixturegen: %w", err)
	}
	return nil
}

func build(index int, seed int64) document {
	rng := newRand(seed, index)
	t := topics[rng.IntN(len(topics))]
	c := newConversation(rng, t, 1+rng.IntN(6))
	id := fmt.Sprintf("gen_%06d", index)
	title := fmt.Sprintf("%s %s %s", adjectives[rng.IntN(len(adjectives))], t.Name, kinds[rng.IntN(len(kinds))])
	facts := c.facts(2 + rng.IntN(3))

	turns := make([][]string, 5+rng.IntN(56))
	for i := range turns {
		for k := 1 + rng.IntN(3); k > 0; k-- {
			turns[i] = append(turns[i], c.sentence())
		}
	}
	for _, f := range facts { // said aloud somewhere in the middle, as in a real meeting
		i := rng.IntN(len(turns))
		turns[i] = append(turns[i], f.numberSentence(), f.decisionSentence())
	}
	tr := c.timed(turns)
	dur := int(math.Ceil(tr.Duration() + 1))

	at := Epoch.AddDate(0, 0, -1-rng.IntN(spreadDays)).Add(time.Duration(7*60+rng.IntN(12*60)) * time.Minute)
	created := at.Add(time.Duration(dur+60+rng.IntN(600)) * time.Second)
	people := make([]string, c.speakers)
	speakers := make(map[string]speaker, c.speakers)
	for i, n := range c.names {
		people[i] = n + " " + lastNames[rng.IntN(len(lastNames))]
		speakers[fmt.Sprintf("SPEAKER_%02d", i)] = speaker{
			MatchedSpeakerID: "spk_" + strings.ToLower(n), SpeakerProfile: speakerProfile{Name: people[i]},
		}
	}
	sync := "synced"
	if rng.IntN(20) == 0 {
		sync = "pending"
	}
	sumID := "sum_" + id
	return document{
		Recording: recording{
			ID: id, Title: title, Name: title,
			Description: fmt.Sprintf("%s about the %s and the %s.", t.Name, facts[0].Noun, facts[len(facts)-1].Noun),
			RecordingAt: iso(at), CreatedAt: iso(created), UpdatedAt: iso(created.Add(4 * time.Minute)),
			Duration: dur, SyncStatus: sync, IsOffline: rng.IntN(50) == 0,
			Folder:       folder{Name: folders[rng.IntN(len(folders))]},
			GradientData: makeGradient(c), User: user{DisplayName: "Demo User", Email: "demo@example.com"},
		},
		Speakers: speakers,
		Summarizations: map[string]summarization{sumID: {
			ID: sumID, RecordingID: id, V2Summary: summaryMarkdown(title, people, t, facts),
			V2ActionItems: actionItems(facts), MindMap: flowMap(title, facts),
		}},
		Transcription: tr,
		Metadata:      map[string]any{"device": "Pocket P1", "language": "en", "source": "fixturegen", "seed": seed},
	}
}

func iso(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// makeGradient returns 9 opaque ARGB colours around one hue and a jittered 3x3
// grid, which is what the app's mesh gradient expects.
func makeGradient(c *conversation) gradient {
	g := gradient{Colors: make([]uint32, 9), Vertices: make([]point, 0, 9)}
	hue := c.rng.Float64()
	for i := range g.Colors {
		g.Colors[i] = hsv(hue+(c.rng.Float64()-0.5)*0.18, 0.35+0.4*c.rng.Float64(), 0.6+0.35*c.rng.Float64())
	}
	for _, y := range []float64{0, 0.5, 1} {
		for _, x := range []float64{0, 0.5, 1} {
			p := point{X: x, Y: y}
			if x == 0.5 {
				p.X = round2(x + (c.rng.Float64()-0.5)*0.24)
			}
			if y == 0.5 {
				p.Y = round2(y + (c.rng.Float64()-0.5)*0.24)
			}
			g.Vertices = append(g.Vertices, p)
		}
	}
	return g
}

func hsv(h, s, v float64) uint32 {
	h = (h - math.Floor(h)) * 6
	i := math.Floor(h)
	f := h - i
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	rgb := [6][3]float64{{v, t, p}, {q, v, p}, {p, v, t}, {p, q, v}, {t, p, v}, {v, p, q}}[int(i)%6]
	return 0xFF000000 | uint32(rgb[0]*255)<<16 | uint32(rgb[1]*255)<<8 | uint32(rgb[2]*255)
}
