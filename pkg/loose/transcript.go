package loose

import (
	"encoding/json"
	"math"
	"strings"
)

// Segment is one transcript line. Times are seconds from the recording's start;
// NaN-free and never negative.
type Segment struct {
	Text    string  `json:"text"`
	Speaker string  `json:"speaker,omitempty"`
	Start   float64 `json:"start"`
	End     float64 `json:"end"`
}

// Segments reads a transcription: a JSON string or an object holding
// `segments` or `text.segments` (an array of segments alone is accepted too).
// Each segment's text is `text` or `transcript`, times `start_time`/`startTime`
// (or `start`) and `end_time`/`endTime` (or `end`). Segments with blank text
// are skipped, as the transcript screen does. A transcription that is only a
// plain `text` or `transcript` string yields one untimed segment, so search and
// chat still see its words.
func Segments(transcription json.RawMessage) []Segment {
	valid, ok := checked(transcription)
	if !ok {
		return nil
	}
	return segmentsOf(valid, 0)
}

func segmentsOf(valid json.RawMessage, depth int) []Segment {
	if depth > 3 {
		return nil
	}
	v := Unwrap(valid)
	if arr, ok := arrayOf(v); ok {
		return segmentList(arr)
	}
	obj, ok := objectOf(v)
	if !ok {
		return nil
	}
	if arr, ok := arrayOf(Unwrap(obj.Get("segments"))); ok {
		return segmentList(arr)
	}
	for _, k := range []string{"text", "transcript", "transcription"} {
		inner := obj.Get(k)
		if IsNull(inner) {
			continue
		}
		if s, isStr := String(Unwrap(inner)); isStr {
			if s = strings.TrimSpace(s); s != "" {
				return []Segment{{Text: s}}
			}
			continue
		}
		if segs := segmentsOf(inner, depth+1); len(segs) > 0 {
			return segs
		}
	}
	return nil
}

// segmentKeys are the members a segment is read from, each field's names in
// the order they are preferred: text, speaker, start and end.
var segmentKeys = [...]string{
	"text", "transcript",
	"speaker", "speaker_id", "speakerId", "speaker_label",
	"start_time", "startTime", "start",
	"end_time", "endTime", "end",
}

func segmentList(arr []json.RawMessage) []Segment {
	out := make([]Segment, 0, len(arr))
	var v [len(segmentKeys)]json.RawMessage
	for _, el := range arr {
		clear(v[:])
		if !pickMembers(Unwrap(el), segmentKeys[:], v[:]) {
			continue
		}
		text := strings.TrimSpace(Text(firstPresent(v[0:2])))
		if text == "" {
			continue
		}
		out = append(out, Segment{
			Text:    text,
			Speaker: Text(firstPresent(v[2:6])),
			Start:   seconds(firstPresent(v[6:9])),
			End:     seconds(firstPresent(v[9:12])),
		})
	}
	return out
}

func seconds(raw json.RawMessage) float64 {
	f, ok := Number(raw)
	if !ok || f < 0 || math.IsInf(f, 0) {
		return 0
	}
	return f
}

// SegmentsText joins the segments' text with newlines (the transcript as search reads it).
func SegmentsText(segs []Segment) string {
	parts := make([]string, len(segs))
	for i, s := range segs {
		parts[i] = s.Text
	}
	return strings.Join(parts, "\n")
}
