package export

import (
	"fmt"
	"strings"
)

// minCue is how long a cue lasts when its segment has no end after its start
// (an untimed transcript, or an end left out): players skip empty cues.
const minCue = 1.0

// cue is one subtitle: a segment's times (end made later than start) and its
// text with the speaker's name in front.
type cue struct {
	start, end float64
	text       string
}

// cues are the subtitles of a transcript, one per segment with text, in
// transcript order (the parser already dropped blank segments).
func cues(d Doc) []cue {
	out := make([]cue, 0, len(d.Lines))
	for _, l := range d.Lines {
		end := l.End
		if end <= l.Start {
			end = l.Start + minCue
		}
		text := cueText(l.Text)
		if l.Speaker != "" {
			text = oneLine(l.Speaker) + ": " + text
		}
		out = append(out, cue{start: l.Start, end: end, text: text})
	}
	return out
}

// cueText keeps the segment's line breaks but never an empty line, which
// would end the cue early in both formats.
func cueText(s string) string {
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// SRT is the transcript as SubRip subtitles.
func SRT(d Doc) []byte {
	var b strings.Builder
	for i, c := range cues(d) {
		fmt.Fprintf(&b, "%d\n%s --> %s\n%s\n\n", i+1, stamp(c.start, ','), stamp(c.end, ','), c.text)
	}
	return []byte(b.String())
}

// vttEscape makes text safe inside a WebVTT cue, where <, & and "-->" are markup.
var vttEscape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// VTT is the transcript as WebVTT subtitles, titled with the recording.
func VTT(d Doc) []byte {
	var b strings.Builder
	b.WriteString("WEBVTT - " + oneLine(strings.ReplaceAll(d.Title, "-->", "→")) + "\n\n")
	for i, c := range cues(d) {
		fmt.Fprintf(&b, "%d\n%s --> %s\n%s\n\n", i+1, stamp(c.start, '.'), stamp(c.end, '.'), vttEscape.Replace(c.text))
	}
	return []byte(b.String())
}

// stamp is hh:mm:ss,mmm (SRT) or hh:mm:ss.mmm (WebVTT).
func stamp(seconds float64, sep byte) string {
	ms := int64(seconds*1000 + 0.5)
	return fmt.Sprintf("%02d:%02d:%02d%c%03d", ms/3600000, ms/60000%60, ms/1000%60, sep, ms%1000)
}
