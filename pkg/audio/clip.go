package audio

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/pocket-companion/pocket/pkg/apperr"
)

// MaxClipBytes bounds a clip's audio, which is cut in memory on every
// request (a player asks for it in ranges): 32 MiB is about 3 hours of
// 24 kbit/s Opus, 17 minutes of 16 kHz mono 16-bit WAV.
const MaxClipBytes = 32 << 20

// maxTimeline bounds a range's end, in seconds (a year), far past any
// recording, so no sample or granule position computed from it overflows.
const maxTimeline = 365 * 24 * 3600

// The refusals of a clip's audio.
var (
	// ErrClipUnavailable: the recording's audio is of a kind that cannot be
	// cut safely here (MP3, M4A, an Ogg codec other than Opus or Vorbis, a
	// WAV that is not PCM): the clip plays no audio rather than the whole file.
	ErrClipUnavailable = apperr.New(apperr.NotFound, "CLIP_AUDIO_UNAVAILABLE",
		"This clip's audio cannot be played: its recording's audio is of a kind that cannot be cut.")
	// ErrClipTooLong: the clip's audio is larger than MaxClipBytes.
	ErrClipTooLong = apperr.Newf(apperr.TooLarge, "CLIP_AUDIO_TOO_LONG",
		"This clip's audio is larger than the %d MB a clip may play.", MaxClipBytes>>20)
)

// Clip is the audio of a range of a recording, ready to serve.
type Clip struct {
	Data        []byte
	ContentType string
	// From and To are the seconds on the recording's timeline where the
	// clip's audio begins and ends: WAV is cut to the sample, so they are
	// the range asked for; Ogg is cut to whole pages, so From may be up to
	// a page (about a second) before the range's start.
	From, To float64
}

// Cut is the audio of [start, end] seconds of a recording's audio r of
// type contentType. Ogg (Opus or Vorbis) keeps the pages that cover the
// range behind the stream's headers, renumbered with their granule
// positions rebased; WAV keeps the samples of the range behind a rewritten
// header. Anything else is ErrClipUnavailable.
func Cut(r io.ReadSeeker, contentType string, start, end float64) (Clip, error) {
	if math.IsNaN(start) || math.IsNaN(end) || start < 0 || end <= start || end > maxTimeline {
		return Clip{}, fmt.Errorf("audio: cut: bad range %v-%v", start, end)
	}
	if _, err := r.Seek(0, io.SeekStart); err != nil {
		return Clip{}, err
	}
	switch contentType {
	case "audio/ogg":
		return cutOgg(r, start, end)
	case "audio/wav":
		return cutWAV(r, start, end)
	}
	return Clip{}, ErrClipUnavailable
}

// Clip cuts [start, end] seconds of the owner's recording's audio (Cut);
// NotFound when it has none.
func (f *Files) Clip(ctx context.Context, uid, id string, start, end float64) (Clip, Meta, error) {
	body, m, err := f.Open(ctx, uid, id)
	if err != nil {
		return Clip{}, Meta{}, err
	}
	defer func() { _ = body.Close() }() // read only
	c, err := Cut(body, m.ContentType, start, end)
	return c, m, err
}
