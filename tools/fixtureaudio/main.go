// Command fixtureaudio synthesises a fixture recording's audio from its
// transcript: each segment spoken by espeak-ng in its speaker's voice,
// starting at the segment's start_time (silence in between, speech cut at
// the next segment's start), encoded as low-bitrate mono Opus in Ogg.
//
//	go run ./tools/fixtureaudio fixtures/recordings/18-empty-title-standup.json
//
// writes fixtures/recordings/18-empty-title-standup.opus. It needs espeak-ng,
// sox and opusenc (Debian: espeak-ng sox opus-tools); `make fixtures-audio`
// runs it for the fixtures that carry audio. CI does not: the files are
// checked in.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pocket-companion/pocket/pkg/loose"
)

// voices are espeak-ng voices with a variant and a pitch, one per speaker in
// order of first appearance, so speakers are told apart by ear.
var voices = []struct {
	name  string
	pitch int
}{
	{"en-us+m3", 45}, {"en-gb+f3", 65}, {"en-us+m1", 30}, {"en-gb+f4", 75}, {"en-us+m7", 55}, {"en-gb+f2", 50},
}

const rate = "16000"

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: fixtureaudio FIXTURE.json")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "fixtureaudio:", err)
		os.Exit(1)
	}
}

func run(path string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var doc struct{ Transcription json.RawMessage }
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	segs := loose.Segments(doc.Transcription)
	if len(segs) == 0 {
		return fmt.Errorf("%s has no transcript segments to speak", path)
	}
	voiceOf := map[string]int{}
	for i, label := range loose.SpeakerOrder(segs) {
		voiceOf[label] = i % len(voices)
	}
	tmp, err := os.MkdirTemp("", "fixtureaudio")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(tmp) }() // scratch space: a leftover is harmless

	var parts []string
	cursor := 0.0
	for i, s := range segs {
		room := s.End - s.Start
		if i+1 < len(segs) {
			room = segs[i+1].Start - s.Start
		}
		part, length, err := speak(tmp, i, s, voices[voiceOf[s.Speaker]].name, voices[voiceOf[s.Speaker]].pitch, s.Start-cursor, room)
		if err != nil {
			return err
		}
		parts = append(parts, part)
		cursor = s.Start + length
	}
	whole := filepath.Join(tmp, "whole.wav")
	if err := sh("sox", append(parts, whole)...); err != nil {
		return err
	}
	out := strings.TrimSuffix(path, filepath.Ext(path)) + ".opus"
	return sh("opusenc", "--quiet", "--bitrate", "10", "--downmix-mono", "--comp", "10", whole, out)
}

// speak renders one segment: gap seconds of silence, then the words at a
// speed that fits the segment, cut to at most room seconds. It returns the
// file and the speech's length.
func speak(dir string, i int, s loose.Segment, voice string, pitch int, gap, room float64) (string, float64, error) {
	words := len(strings.Fields(s.Text))
	wpm := 175
	if d := s.End - s.Start; d > 0 {
		wpm = min(max(int(float64(words)/d*60*1.1), 130), 320)
	}
	speech := filepath.Join(dir, fmt.Sprintf("s%03d.wav", i))
	if err := sh("espeak-ng", "-v", voice, "-p", strconv.Itoa(pitch), "-s", strconv.Itoa(wpm), "-w", speech, s.Text); err != nil {
		return "", 0, err
	}
	length, err := duration(speech)
	if err != nil {
		return "", 0, err
	}
	length = min(length, max(room-0.05, 0.1))
	part := filepath.Join(dir, fmt.Sprintf("p%03d.wav", i))
	err = sh("sox", "-V1", speech, "-r", rate, "-c", "1", part, "trim", "0", ftoa(length), "pad", ftoa(max(gap, 0)), "0")
	return part, length, err
}

func duration(wav string) (float64, error) {
	out, err := exec.Command("sox", "--i", "-D", wav).Output()
	if err != nil {
		return 0, fmt.Errorf("sox --i %s: %w", wav, err)
	}
	return strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

func sh(name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w (install espeak-ng, sox and opus-tools)", name, err)
	}
	return nil
}
