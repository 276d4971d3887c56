package share

import (
	"context"
	"strings"

	"github.com/pocket-companion/pocket/pkg/apperr"
	"github.com/pocket-companion/pocket/pkg/firstpaint"
	"github.com/pocket-companion/pocket/pkg/highlights"
	"github.com/pocket-companion/pocket/pkg/loose"
	"github.com/pocket-companion/pocket/pkg/recordings"
)

// ClipView is what a clip's visitor sees: the moment, and of its recording
// only the title. The owner's note on the highlight is theirs alone, and
// nothing else of the recording (summary, the rest of the transcript, who
// else spoke) is in it.
type ClipView struct {
	RecordingTitle string `json:"recordingTitle"`
	// Text is the highlight's passage, as taken when it was made.
	Text string `json:"text"`
	// Start and End are the clip's range, in seconds on the recording's timeline.
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	// Speakers are the names heard in the range, in the order they speak.
	Speakers []string `json:"speakers"`
	// Segments are the transcript's lines that overlap the range, their
	// times kept within it.
	Segments []ClipSegment `json:"segments"`
	// AllowDownload: the page may offer the clip's audio as a file.
	AllowDownload bool `json:"allowDownload"`
}

// ClipSegment is one line of a clip's transcript.
type ClipSegment struct {
	Speaker string  `json:"speaker"`
	Text    string  `json:"text"`
	Start   float64 `json:"start"`
	End     float64 `json:"end"`
}

// Highlights reads an owner's highlight; the highlights service is one.
type Highlights interface {
	Get(ctx context.Context, uid, id string) (highlights.Highlight, error)
}

// ClipViewer assembles the clip behind a token.
type ClipViewer struct {
	links      *Service
	library    Library
	highlights Highlights
}

// NewClipViewer returns a viewer that checks tokens with links and reads the
// highlight and its recording through hls and library.
func NewClipViewer(links *Service, library Library, hls Highlights) *ClipViewer {
	return &ClipViewer{links: links, library: library, highlights: hls}
}

// Open is View for a visitor opening the page: it counts the open.
func (v *ClipViewer) Open(ctx context.Context, token string) (ClipView, error) {
	view, link, err := v.view(ctx, token)
	if err != nil {
		return ClipView{}, err
	}
	return view, v.links.countView(link.ID)
}

// View resolves a clip's token (ResolveClip's errors) and assembles it.
func (v *ClipViewer) View(ctx context.Context, token string) (ClipView, error) {
	view, _, err := v.view(ctx, token)
	return view, err
}

// Moment resolves a clip's audio: its link and its highlight (a highlight
// gone is ErrClipNotFound).
func (v *ClipViewer) Moment(ctx context.Context, link Link) (highlights.Highlight, error) {
	h, err := v.highlights.Get(ctx, link.OwnerUID, link.HighlightID)
	if apperr.Is(err, apperr.NotFound) || (err == nil && h.RecordingID != link.RecordingID) {
		return highlights.Highlight{}, ErrClipNotFound
	}
	return h, err
}

func (v *ClipViewer) view(ctx context.Context, token string) (ClipView, Link, error) {
	link, err := v.links.ResolveClip(ctx, token)
	if err != nil {
		return ClipView{}, Link{}, err
	}
	h, err := v.Moment(ctx, link)
	if err != nil {
		return ClipView{}, Link{}, err
	}
	d, err := v.library.Detail(ctx, link.OwnerUID, link.RecordingID)
	if apperr.Is(err, apperr.NotFound) {
		return ClipView{}, Link{}, ErrClipNotFound
	}
	if err != nil {
		return ClipView{}, Link{}, err
	}
	view := ClipView{
		RecordingTitle: firstpaint.HeaderOf(d.Recording).Title,
		Text:           h.Text, Start: h.Start, End: h.End, AllowDownload: link.AllowDownload,
	}
	view.Segments, view.Speakers = linesWithin(d, h.Start, h.End)
	if len(view.Segments) == 0 && h.Speakers != nil {
		view.Speakers = h.Speakers // the transcript changed since: the names taken with the passage
	}
	return view, link, nil
}

// linesWithin are the transcript's lines that overlap [start, end] (as the
// highlight took them), each with its speaker's display name and its times
// cut to the range, and the names in the order they first speak.
func linesWithin(d recordings.Detail, start, end float64) ([]ClipSegment, []string) {
	segs := loose.Segments(d.Transcription)
	names := loose.SpeakerNames(d.Speakers, loose.SpeakerOrder(segs))
	lines, speakers := []ClipSegment{}, []string{}
	seen := map[string]bool{}
	for _, s := range segs {
		segEnd := s.End
		if segEnd <= s.Start {
			segEnd = s.Start + 1 // an untimed line lasts a second, as highlights count it
		}
		if segEnd <= start || s.Start >= end {
			continue
		}
		name := ""
		if strings.TrimSpace(s.Speaker) != "" {
			name = names[s.Speaker]
		}
		lines = append(lines, ClipSegment{Speaker: name, Text: strings.TrimSpace(s.Text), Start: max(s.Start, start), End: min(segEnd, end)})
		if name != "" && !seen[name] {
			seen[name] = true
			speakers = append(speakers, name)
		}
	}
	return lines, speakers
}
