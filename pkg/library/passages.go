package library

import (
	"strings"

	"github.com/pocket-companion/pocket/pkg/engine"
	"github.com/pocket-companion/pocket/pkg/engine/nlp"
)

// Passage windows: a line of transcript alone rarely carries its context
// ("Yes, the 24th." answers the line before), so passages are windows of a
// few lines that overlap by one, and a window's citation is its first line.
const (
	windowStride = 2
)

// passagesOf splits one recording into its transcript windows and summary
// sections.
func passagesOf(rec *engine.Recording) []engine.Passage {
	title := rec.Title
	if strings.TrimSpace(title) == "" {
		title = "Untitled Recording"
	}
	var out []engine.Passage
	segs := rec.Segments
	for i := 0; i < len(segs); i += windowStride {
		end := min(i+engine.PassageLines, len(segs))
		var b strings.Builder
		for j := i; j < end; j++ {
			if j > i {
				b.WriteString(" ")
			}
			b.WriteString(segs[j].Text)
		}
		out = append(out, engine.Passage{
			RecordingID: rec.ID, Title: title, Kind: engine.PassageTranscript, SegmentIndex: segs[i].Index,
			Speaker: segs[i].Speaker, Start: segs[i].Start, End: segs[i].End, Text: b.String(), Lines: segs[i:end],
		})
		if end == len(segs) {
			break
		}
	}
	for _, sec := range rec.Summary {
		text := strings.TrimSpace(sec.Title + ": " + strings.Join(sec.Points, " "))
		if len(sec.Points) == 0 {
			continue
		}
		out = append(out, engine.Passage{RecordingID: rec.ID, Title: title, Kind: engine.PassageSummary, SegmentIndex: -1, Text: text})
	}
	return out
}

// holdsLine reports whether the window holds the line the engine ranked at rank.
func holdsLine(p engine.Passage, ranks map[int]int, rank int) bool {
	for _, l := range p.Lines {
		if r, ok := ranks[l.Index]; ok && r == rank {
			return true
		}
	}
	return false
}

// pointAtBestLine points a window's citation at the line the engine ranks
// highest for the question; when it ranks none of them, at the line sharing
// most of the question's words (rarer words counting more).
func pointAtBestLine(p *engine.Passage, ranks map[int]int, weight map[string]float64) {
	best, bestRank := -1, 0
	for i, l := range p.Lines {
		if r, ok := ranks[l.Index]; ok && (best < 0 || r < bestRank) {
			best, bestRank = i, r
		}
	}
	if best < 0 {
		bestScore := 0.0
		for i, l := range p.Lines {
			seen := map[string]bool{}
			score := 0.0
			for _, t := range nlp.Terms(l.Text) {
				if !seen[t] {
					seen[t] = true
					score += weight[t]
				}
			}
			if score > bestScore {
				best, bestScore = i, score
			}
		}
	}
	if best < 0 {
		return
	}
	l := p.Lines[best]
	p.SegmentIndex, p.Speaker, p.Start, p.End = l.Index, l.Speaker, l.Start, l.End
}
